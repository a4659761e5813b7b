/**
 * Is an identifier free? (identity spec §5, §7): GET /userProfile/searchByIdentifiers/:name with
 * the realm and the value, checked 750 ms after the visitor stops typing. 200 = taken (a cross),
 * 404 USER_PROFILE_IDENTIFIERS_NOT_FOUND = free (a tick). Any other answer (rate limit, network)
 * shows nothing: registration itself still refuses a duplicate. Refused (never sent) when the page
 * set `uniqueIdentifierValidation: false`.
 */
import { useEffect, useRef, useState } from 'react';
import * as identityApi from '@foyer/api/endpoints';
import { useAppDispatch } from '../../store/hooks';
import { callIdentity } from '../../store/identityClient';
import type { AppThunk } from '../../store/thunk';

export const IDENTIFIER_CHECK_DEBOUNCE_MS = 750;

export type IdentifierStatus = 'idle' | 'checking' | 'available' | 'taken';

export const checkIdentifier =
  (name: string, value: string): AppThunk<Promise<'available' | 'taken' | null>> =>
  async (dispatch, getState, extra) => {
    const { settings } = getState().frame;
    if (!settings.uniqueIdentifierValidation) return null;
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.searchByIdentifiers, {
      params: { identifierKey: name },
      query: { realmName: settings.realmName, value },
    });
    if (result.ok) return 'taken';
    const code = result.error.code.toUpperCase();
    return code === 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' ? 'available' : null;
  };

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
  const [statuses, setStatuses] = useState<Record<string, IdentifierStatus>>({});
  const checked = useRef<Record<string, string>>({});
  const latestCheckable = useRef(checkable);
  useEffect(() => {
    latestCheckable.current = checkable;
  });
  const watched = fields.map((field) => `${field.key}\u0000${values[field.key] ?? ''}`).join('\u0001');

  useEffect(() => {
    if (!enabled) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const inFlight = new Set<string>();
    const seen = checked.current;
    let live = true;
    for (const field of fields) {
      const value = (values[field.key] ?? '').trim();
      if (checked.current[field.key] === value) continue;
      // A changed value's old tick or cross no longer applies.
      setStatuses((current) => (current[field.key] === 'idle' ? current : { ...current, [field.key]: 'idle' }));
      if (!value || !latestCheckable.current(field.key, value)) {
        checked.current[field.key] = value;
        continue;
      }
      timers.push(
        setTimeout(() => {
          checked.current[field.key] = value;
          inFlight.add(field.key);
          setStatuses((current) => ({ ...current, [field.key]: 'checking' }));
          void dispatch(checkIdentifier(field.name, value)).then((answer) => {
            inFlight.delete(field.key);
            if (live) setStatuses((current) => ({ ...current, [field.key]: answer ?? 'idle' }));
          });
        }, IDENTIFIER_CHECK_DEBOUNCE_MS),
      );
    }
    return () => {
      live = false;
      timers.forEach(clearTimeout);
      // An answer that will be dropped: ask again if the value comes back.
      for (const key of inFlight) delete seen[key];
    };
    // `watched` stands for the identifier values: other fields' typing restarts nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched, enabled, dispatch]);

  return statuses;
}
