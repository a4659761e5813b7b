/**
 * The calls of sign-in by e-mail code (issue 31): ask for a code, then sign in with it, or with
 * the key of the mail's link. A signed-in answer is kept and announced as any login's
 * (storeLogin), with the method `email_code`; an account the code created is announced first with
 * registration.success, as the registration form's.
 */
import type { EmailCodePurpose, FoyerError, SessionResponse } from '@foyer/api';
import * as emailCodeApi from '@foyer/api/email-code';
import { callIdentity } from '../../../app/store/identityClient';
import { storeLogin } from '../../../app/store/loginThunks';
import type { AppThunk } from '../../../app/store/thunk';

export type EmailCodeSignIn = { ok: true; guid: string; created: boolean } | { ok: false; error: FoyerError };

/** POST /emailCode: the same answer whether or not the address has an account. */
export const requestEmailCode =
  (input: { email: string; purpose: EmailCodePurpose }): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const { frame } = getState();
    let hostOrigin: string | undefined;
    try {
      hostOrigin = frame.hostUrl ? new URL(frame.hostUrl).origin : undefined;
    } catch {
      hostOrigin = undefined;
    }
    const result = await callIdentity({ getState, dispatch, extra }, emailCodeApi.requestEmailCode, {
      body: {
        realmName: frame.settings.realmName,
        email: input.email.trim(),
        purpose: input.purpose,
        ...(hostOrigin ? { hostOrigin } : {}),
        ...(frame.settings.locale ? { locale: frame.settings.locale } : {}),
      },
    });
    return result.ok ? null : result.error;
  };

/** Keeps and announces the session; 201 is an account the code created (its missing attributes say 202's). */
const signedIn =
  (result: { data: SessionResponse; status: number; headers?: Headers }): AppThunk<Promise<EmailCodeSignIn>> =>
  async (dispatch) => {
    const created = result.status === 201;
    const status = result.data.missingAttributes?.length ? 202 : 200;
    const stored = await dispatch(
      storeLogin(
        { ...result, status },
        'email_code',
        created ? (guid) => ({ name: 'registration.success', payload: { guid } }) : undefined,
      ),
    );
    return stored.ok ? { ok: true, guid: stored.guid, created } : stored;
  };

/** POST /emailCode/session: the code typed from the mail. */
export const signInWithEmailCode =
  (input: { email: string; code: string; rememberMe: boolean }): AppThunk<Promise<EmailCodeSignIn>> =>
  async (dispatch, getState, extra) => {
    const result = await callIdentity({ getState, dispatch, extra }, emailCodeApi.emailCodeSession, {
      body: { realmName: getState().frame.settings.realmName, ...input, email: input.email.trim() },
    });
    if (!result.ok) {
      extra.host.publish({
        name: 'login.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return { ok: false, error: result.error };
    }
    return dispatch(signedIn(result));
  };

/** POST /emailCode/link/session: the page was opened from the mail's link (`emailCodeKey`). */
export const signInWithEmailCodeLink =
  (key: string): AppThunk<Promise<EmailCodeSignIn>> =>
  async (dispatch, getState, extra) => {
    const result = await callIdentity({ getState, dispatch, extra }, emailCodeApi.emailCodeLinkSession, {
      body: { key },
    });
    if (!result.ok) {
      extra.host.publish({
        name: 'login.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return { ok: false, error: result.error };
    }
    return dispatch(signedIn(result));
  };
