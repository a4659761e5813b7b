import { foyerError, type FoyerError, type SessionResponse, type SocialNetwork } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import * as socialApi from '@foyer/api/social';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';
import { secureSessionStarted, sessionStarted } from '../../app/store/sessionSlice';
import { saveSecureSession, saveSession, storedSessionFrom } from '../../app/store/sessionStorage';
import type { AppThunk } from '../../app/store/thunk';
import { fetchProfile } from './profileData';

/**
 * Secure mode without a live secure session: the logged-in visitor proves the password again with
 * POST /session/:id (identity spec §7, "POST /session or /session/{id}"). The scheme comes from the
 * service (GET /service/:name, which also gives its captcha site key: the server asks the same
 * captcha as for a login), its identifiers from GET /authenticationScheme/:name, their values from
 * the profile (readable with the main session). The answer refreshes the main session and brings
 * a new secure session, which the update then uses.
 */
export interface ReauthenticationSetup {
  realmName: string;
  scheme: string;
  identifiers: string[];
  validator: string;
  recaptchaSiteKey: string | null;
  /**
   * False for an account made by social registration: it has no password to type, and proves it is
   * still its owner by signing in again with a linked network (`socialReauthenticate`).
   */
  hasPassword: boolean;
  /** The networks linked to the account. */
  linkedNetworks: SocialNetwork[];
}

export const loadReauthentication = createAppAsyncThunk<ReauthenticationSetup, void>(
  'reauthentication/load',
  async (_arg, api) => {
    const { signal, rejectWithValue } = api;
    const service = await callIdentity(api, identityApi.getService, {
      params: { name: selectServiceName(api.getState()) },
      signal,
    });
    if (!service.ok) return rejectWithValue(service.error);
    const guid = api.getState().session.guid;
    if (!guid) return rejectWithValue(foyerError('USER_NOT_LOGGED_IN'));
    const [scheme, linked] = await Promise.all([
      callIdentity(api, identityApi.getAuthenticationScheme, {
        params: { name: service.data.authenticationSchemeName },
        signal,
      }),
      callIdentity(api, socialApi.getLinkedProfiles, { params: { guid }, signal }),
    ]);
    if (!scheme.ok) return rejectWithValue(scheme.error);
    if (!linked.ok) return rejectWithValue(linked.error);
    const { validators } = scheme.data;
    return {
      realmName: scheme.data.realmName,
      scheme: scheme.data.name,
      identifiers: scheme.data.identifiers,
      validator: validators.includes('password') ? 'password' : (validators[0] ?? 'password'),
      recaptchaSiteKey: api.getState().frame.settings.recaptchaSiteKey ?? service.data.recaptchaSiteKey ?? null,
      hasPassword: linked.data.hasPassword,
      linkedNetworks: Object.values(linked.data.profiles).map((profile) => profile.network),
    };
  },
);

export const reauthenticationRequest = createRequest<ReauthenticationSetup, void>(
  'reauthentication',
  loadReauthentication,
);

export const reauthenticate =
  (
    setup: ReauthenticationSetup,
    password: string,
    recaptchaResponse?: string,
  ): AppThunk<Promise<{ ok: true } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const api = { getState, dispatch, extra };
    const { sessionId, guid, loggedIn } = getState().session;
    if (!loggedIn || !sessionId || !guid) return { ok: false, error: foyerError('USER_NOT_LOGGED_IN') };
    const profile = await dispatch(fetchProfile(false));
    if (!profile.ok) return profile;
    const value = (name: string) =>
      profile.profile.attributes.find((attribute) => attribute.name === name)?.value ?? '';
    const result = await callIdentity(api, identityApi.reauthenticateSession, {
      params: { id: sessionId },
      body: {
        realmName: setup.realmName,
        authenticationSchemeName: setup.scheme,
        identifiers: setup.identifiers.map((name) => ({ name, value: value(name) })),
        validators: [{ name: setup.validator, value: password }],
        ...(recaptchaResponse ? { recaptchaResponse } : {}),
      },
    });
    if (!result.ok) return result;
    dispatch(keepProvedSession(result.data));
    return { ok: true };
  };

/**
 * An account without a password proves it is still its owner with a ticket from a fresh sign-in
 * with one of its linked networks (POST /social/:guid/:network/reauthenticate); the answer is the
 * same as the password's.
 */
export const socialReauthenticate =
  (network: SocialNetwork, ticket: string): AppThunk<Promise<{ ok: true } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const { guid, loggedIn } = getState().session;
    if (!loggedIn || !guid) return { ok: false, error: foyerError('USER_NOT_LOGGED_IN') };
    const result = await callIdentity({ getState, dispatch, extra }, socialApi.socialReauthenticate, {
      params: { guid, network },
      body: { ticket },
    });
    if (!result.ok) return result;
    dispatch(keepProvedSession(result.data));
    return { ok: true };
  };

/** Keeps the refreshed main session and the new secure session a re-authentication answers. */
const keepProvedSession =
  (answer: SessionResponse): AppThunk =>
  (dispatch, _getState, extra) => {
    const stored = storedSessionFrom(answer);
    saveSession(extra.storage, stored);
    const { secureSession } = answer;
    if (secureSession) saveSecureSession(extra.storage, secureSession);
    dispatch(sessionStarted(stored));
    if (secureSession) dispatch(secureSessionStarted(secureSession));
  };
