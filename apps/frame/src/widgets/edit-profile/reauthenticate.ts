import { foyerError, type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { selectServiceName } from '../../store/selectors';
import { sessionStarted } from '../../store/sessionSlice';
import { saveSecureSession, saveSession, storedSessionFrom } from '../../store/sessionStorage';
import type { AppThunk } from '../../store/thunk';
import { fetchProfile } from './profileData';

/**
 * Secure mode without a live secure session: the logged-in visitor proves the password again with
 * POST /session/:id (identity spec §7, "POST /session or /session/{id}"). The identifiers come from
 * the profile (readable with the main session), the scheme from the service; the answer refreshes
 * the main session and brings a new secure session, which the update then uses.
 */
export const reauthenticate =
  (password: string): AppThunk<Promise<{ ok: true } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const api = { getState, dispatch, extra };
    const state = getState();
    const { sessionId, guid } = state.session;
    if (!state.session.loggedIn || !sessionId || !guid) return { ok: false, error: foyerError('USER_NOT_LOGGED_IN') };
    const [service, profile] = await Promise.all([
      callIdentity(api, identityApi.getService, { params: { name: selectServiceName(state) } }),
      dispatch(fetchProfile(false)),
    ]);
    if (!service.ok) return service;
    if (!profile.ok) return profile;
    const schemeName = service.data.authenticationSchemeName;
    const scheme = await callIdentity(api, identityApi.getAuthenticationScheme, { params: { name: schemeName } });
    if (!scheme.ok) return scheme;
    const value = (name: string) =>
      profile.profile.attributes.find((attribute) => attribute.name === name)?.value ?? '';
    const validator = scheme.data.validators.includes('password')
      ? 'password'
      : (scheme.data.validators[0] ?? 'password');
    const result = await callIdentity(api, identityApi.reauthenticateSession, {
      params: { id: sessionId },
      body: {
        realmName: scheme.data.realmName,
        authenticationSchemeName: schemeName,
        identifiers: scheme.data.identifiers.map((name) => ({ name, value: value(name) })),
        validators: [{ name: validator, value: password }],
      },
    });
    if (!result.ok) return result;
    const stored = storedSessionFrom(result.data);
    saveSession(extra.storage, stored);
    if (result.data.secureSession) saveSecureSession(extra.storage, result.data.secureSession);
    dispatch(sessionStarted(stored));
    return { ok: true };
  };
