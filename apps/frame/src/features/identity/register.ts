/** Registration's calls (identity spec §4, §7): register, the optional auto-login, the follow-up, cancel. */
import { foyerError, type FoyerError, type UserProfile } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import type { FieldSpec } from '../../ui/form/fields';
import { submittedAttributes, type Values } from '../../ui/form/schema';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { removeHelloEntry } from '../../app/store/helloEntry';
import { login } from '../../app/store/loginThunks';
import { missingInput } from '../../app/store/requiredInputs';
import type { AppThunk } from '../../app/store/thunk';

/** Identity spec §9: the follow-up runs about 1.5 s after registration.success. */
export const REGISTRATION_FOLLOW_UP_MS = 1500;

export { HELLO_STORAGE_KEY } from '../../app/store/helloEntry';

export interface RegisterInput {
  scheme: string;
  serviceName: string;
  fields: readonly FieldSpec[];
  values: Values;
  recaptchaResponse: string | null;
  autoLogin: boolean;
}

export type RegisterResult = { ok: true; profile: UserProfile; loggedIn: boolean } | { ok: false; error: FoyerError };

/**
 * POST /userProfile with every non-empty value (confirmations left out), then registration.success.
 * The server creates the account INACTIVE and mails an activation link, unless the service does
 * not require activation: then, with autoLogin, the visitor is logged in with what was typed.
 */
export const registerAccount =
  (input: RegisterInput): AppThunk<Promise<RegisterResult>> =>
  async (dispatch, getState, extra) => {
    const { settings } = getState().frame;
    const attributes = submittedAttributes(input.fields, input.values);
    const missing = missingInput({ realm: settings.realmName, attributes });
    const result = missing
      ? { ok: false as const, error: missing }
      : await callIdentity({ getState, dispatch, extra }, identityApi.register, {
          body: {
            realm: settings.realmName,
            services: [input.serviceName],
            attributes,
            ...(input.recaptchaResponse ? { recaptchaResponse: input.recaptchaResponse } : {}),
          },
        });
    if (!result.ok) {
      extra.host.publish({
        name: 'registration.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return result;
    }
    extra.host.publish({ name: 'registration.success', payload: { guid: result.data.guid } });
    let loggedIn = false;
    if (input.autoLogin && result.data.state === 'ACTIVE') {
      const credentials = await dispatch(
        login({
          authenticationSchemeName: input.scheme,
          identifiers: submittedAttributes(input.fields, input.values, ['identifier']),
          validators: submittedAttributes(input.fields, input.values, ['validator']),
          rememberMe: false,
        }),
      );
      loggedIn = credentials.ok;
    }
    return { ok: true, profile: result.data, loggedIn };
  };

/**
 * The follow-up (identity spec §4): the service check — POST /userProfile/:id/link/:service with
 * the new session — passes → payment; 403 REQUIRED_ATTRIBUTE_MISSING → edit profile; fails (or
 * there is no session: the account still needs activation) → login. A REQUIRED_ATTRIBUTE_MISSING
 * that names no attribute leaves the capture nothing to ask: the follow-up rejects with
 * MISSING_ATTRIBUTES_NOT_FOUND ('Couldn't find any missing attributes for the service', identity
 * spec §8) and tells the page nothing.
 */
export type FollowUp = 'payment' | 'editProfile' | 'login';

export const registrationFollowUp = createAppAsyncThunk<FollowUp, { guid: string; serviceName: string }>(
  'registration/followUp',
  async ({ guid, serviceName }, api) => {
    const { session } = api.getState();
    let to: FollowUp = 'login';
    let attributes: string[] | undefined;
    if (session.loggedIn && session.guid === guid) {
      const check = await callIdentity(api, identityApi.linkService, {
        params: { id: guid, service: serviceName },
      });
      if (check.ok) to = 'payment';
      else if (check.error.code === 'REQUIRED_ATTRIBUTE_MISSING' && check.error.statusCode === 403) {
        if (!check.error.args.length) return api.rejectWithValue(foyerError('MISSING_ATTRIBUTES_NOT_FOUND'));
        to = 'editProfile';
        attributes = check.error.args;
      }
    }
    api.extra.host.publish({
      name: 'registration.redirect',
      payload: { to, guid, serviceName, ...(attributes ? { attributes } : {}) },
    });
    return to;
  },
);

/** Registration cancel (identity spec §4): drop the `hello` entry, tell the page. */
export const cancelRegistration = (): AppThunk => (_dispatch, _getState, extra) => {
  removeHelloEntry(extra.storage);
  extra.host.publish({ name: 'registration.cancelled', payload: {} });
};
