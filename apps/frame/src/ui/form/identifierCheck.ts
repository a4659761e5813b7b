/**
 * Is an identifier free? (identity spec §5, §7): GET /userProfile/searchByIdentifiers/:name with
 * the realm and the value, checked 750 ms after the visitor stops typing. 200 = taken (a cross),
 * 404 USER_PROFILE_IDENTIFIERS_NOT_FOUND = free (a tick). Any other answer (rate limit, network)
 * shows nothing: registration itself still refuses a duplicate. Refused (never sent) when the page
 * set `uniqueIdentifierValidation: false`.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk, trackKeyedRequest, type RequestState } from '../../app/store/asyncStatus';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { callIdentity } from '../../app/store/identityClient';
import { rootReducer, type RootState } from '../../app/store';

export const IDENTIFIER_CHECK_DEBOUNCE_MS = 750;

export type IdentifierStatus = 'idle' | 'checking' | 'available' | 'taken';

type Answer = 'available' | 'taken' | null;

/** One check of the field `key`: its identifier `name` and the value typed. */
interface Check {
  key: string;
  name: string;
  value: string;
}

export const checkIdentifier = createAppAsyncThunk<Answer, Check>(
  'identifierChecks/check',
  async ({ name, value }, api) => {
    const { settings } = api.getState().frame;
    if (!settings.uniqueIdentifierValidation) return null;
    const result = await callIdentity(api, identityApi.searchByIdentifiers, {
      params: { identifierKey: name },
      query: { realmName: settings.realmName, value },
      signal: api.signal,
    });
    if (result.ok) return 'taken';
    const code = result.error.code.toUpperCase();
    return code === 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' ? 'available' : null;
  },
);

/** The checks by field key, injected with the forms that check identifiers. */
const identifierChecks = createSlice({
  name: 'identifierChecks',
  initialState: {} as Record<string, RequestState<Answer>>,
  reducers: {
    /** A changed value's old tick or cross no longer applies. */
    identifierEdited: (state, action: PayloadAction<string>) => {
      delete state[action.payload];
    },
  },
  extraReducers: (builder) => trackKeyedRequest<Answer, Check>(builder, checkIdentifier, (arg) => arg.key),
}).injectInto(rootReducer);

const { identifierEdited } = identifierChecks.actions;
const selectChecks = (state: RootState) =>
  identifierChecks.selectSlice(state as RootState & { identifierChecks?: Record<string, RequestState<Answer>> });

function statusOf(check: RequestState<Answer>): IdentifierStatus {
  if (check.status === 'loading') return 'checking';
  return (check.status === 'succeeded' && check.data) || 'idle';
}

/**
 * The status of each identifier field, by field key. `checkable(key, value)` says whether a value
 * is worth asking about (non-empty and locally valid).
 */
export function useIdentifierChecks(
  fields: readonly { key: string; name: string }[],
  values: Readonly<Record<string, string>>,
  checkable: (key: string, value: string) => boolean,
  enabled: boolean,
): Readonly<Record<string, IdentifierStatus>> {
  const dispatch = useAppDispatch();
  const checks = useAppSelector(selectChecks);
  const checked = useRef<Record<string, string>>({});
  const latestCheckable = useRef(checkable);
  useEffect(() => {
    latestCheckable.current = checkable;
  });
  const watched = fields.map((field) => `${field.key}\u0000${values[field.key] ?? ''}`).join('\u0001');

  useEffect(() => {
    if (!enabled) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const running = new Map<string, { abort: () => void }>();
    const seen = checked.current;
    for (const field of fields) {
      const value = (values[field.key] ?? '').trim();
      if (checked.current[field.key] === value) continue;
      dispatch(identifierEdited(field.key));
      if (!value || !latestCheckable.current(field.key, value)) {
        checked.current[field.key] = value;
        continue;
      }
      timers.push(
        setTimeout(() => {
          checked.current[field.key] = value;
          const request = dispatch(checkIdentifier({ key: field.key, name: field.name, value }));
          running.set(field.key, request);
          void request.finally(() => running.delete(field.key));
        }, IDENTIFIER_CHECK_DEBOUNCE_MS),
      );
    }
    return () => {
      timers.forEach(clearTimeout);
      // An answer that will be dropped: ask again if the value comes back.
      for (const [key, request] of running) {
        request.abort();
        delete seen[key];
      }
    };
    // `watched` stands for the identifier values: other fields' typing restarts nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched, enabled, dispatch]);

  return useMemo(
    () => Object.fromEntries(Object.entries(checks).map(([key, check]) => [key, statusOf(check)])),
    [checks],
  );
}
