/**
 * Logging in (identity spec §4): the login widget, registration's auto-login and the purchase
 * profile step. A module apart from sessionThunks.ts so the routes that never log in (the
 * purchase catalogue, payments) do not download it.
 */
import type { FoyerError, NameValue, SessionResponse } from '@foyer/api';
import type { FoyerEvent, LoginMethod } from '@foyer/protocol';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from './identityClient';
import { missingInput } from './requiredInputs';
import { selectServiceName } from './selectors';
import { saveSecureSession, saveSession, storedSessionFrom } from './sessionStorage';
import { sessionStarted, secureSessionStarted } from './sessionSlice';
import { shareSession } from './sessionThunks';
import type { AppThunk } from './thunk';

export interface LoginInput {
  authenticationSchemeName: string;
  identifiers: NameValue[];
  validators: NameValue[];
  rememberMe: boolean;
  /** The solved captcha, when the service has a reCAPTCHA site key (identity spec §5). */
  recaptchaResponse?: string;
}

export type LoginResult =
  | {
      ok: true;
      guid: string;
      /** 202: logged in, but the profile lacks attributes the service requires. */
      missingAttributes: string[] | null;
    }
  | { ok: false; error: FoyerError };

export const login =
  (input: LoginInput): AppThunk<Promise<LoginResult>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const realmName = state.frame.settings.realmName;
    const missing = missingInput({ realm: realmName, identifiers: input.identifiers, validators: input.validators });
    const result = missing
      ? { ok: false as const, error: missing }
      : await callIdentity({ getState, dispatch, extra }, identityApi.createSession, {
          body: { realmName, ...input },
        });
    if (!result.ok) {
      extra.host.publish({
        name: 'login.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return { ok: false, error: result.error };
    }
    return dispatch(storeLogin(result, 'password'));
  };

/**
 * Keeps the session of a successful login answer (identity POST /session, or the purchase flow's
 * POST /widget/profile/login/{serviceName}, which answers the same shape) and tells the page:
 * login.success (or login.missingAttributes on 202) and session.refresh.
 */
export const storeLogin =
  (
    result: { data: SessionResponse; status: number; headers?: Headers },
    /** How the visitor signed in, for login.success (issue 31). */
    method: LoginMethod,
    /** An event of the caller's to publish first (a social sign-in's success): login.success closes a modal. */
    before?: (guid: string) => FoyerEvent,
  ): AppThunk<Promise<LoginResult>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const { guid, missingAttributes, secureSession } = result.data;
    const stored = storedSessionFrom(result.data);
    // Seamless sign-in first: it sets the SSO cookie, which the other frames' SSO refresh asks the
    // server about as soon as they hear of this session; before it, they would find none and log out.
    await shareSession(state, extra, result.headers, stored);
    saveSession(extra.storage, stored);
    if (secureSession) saveSecureSession(extra.storage, secureSession);
    dispatch(sessionStarted(stored));
    if (secureSession) dispatch(secureSessionStarted(secureSession));
    // The session id is a bearer credential: it leaves the frame only when the site owner opted in.
    const exposed = state.frame.settings.exposeSessionId ? { sessionId: stored.sessionId } : {};
    const missing = result.status === 202 ? (missingAttributes ?? []) : null;
    if (before) extra.host.publish(before(guid));
    if (missing) {
      extra.host.publish({
        name: 'login.missingAttributes',
        payload: { guid, serviceName: selectServiceName(state), attributes: missing },
      });
    } else {
      extra.host.publish({ name: 'login.success', payload: { guid, ...exposed, method } });
    }
    extra.host.publish({ name: 'session.refresh', payload: { loggedIn: true, guid, ...exposed } });
    return { ok: true, guid, missingAttributes: missing };
  };
