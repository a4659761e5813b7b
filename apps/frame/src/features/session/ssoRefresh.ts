import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { selectIcDomain } from '../../app/store/selectors';
import { saveSession, storedSessionFrom } from '../../app/store/sessionStorage';
import { sessionStarted } from '../../app/store/sessionSlice';
import { logout } from '../../app/store/sessionThunks';
import { cookiesUsable } from '../../app/store/sso';
import type { AppThunk } from '../../app/store/thunk';

/**
 * SSO refresh (identity spec §4): the shared session is the one the identity server's SSO cookie
 * names, which only the server reads (HttpOnly, issue 24): `GET /session/sso` answers it when it
 * is live and this service takes it. Another session than this frame's → adopt it
 * (session.refresh); none while logged in here → log out. Skipped when SSO mode is off, or this
 * frame cannot use that cookie (cookies refused to a third-party frame, or an identity server on
 * another origin, whose cookie this frame's calls do not carry): then "none" proves nothing.
 */
export const ssoRefresh = (): AppThunk<Promise<void>> => async (dispatch, getState, extra) => {
  const { settings } = getState().frame;
  if (!settings.enableSSOMode || !extra.sso) return;
  const sso = await extra.sso();
  if (new URL(selectIcDomain(getState()), sso.origin).origin !== sso.origin || !cookiesUsable(sso)) return;
  const result = await callIdentity(
    { getState, dispatch, extra },
    identityApi.getSharedSession,
    {},
    { handleExpiry: false },
  );
  const local = getState().session;
  if (!result.ok) {
    if (result.error.code === 'SESSION_NOT_FOUND' && local.loggedIn) await dispatch(logout());
    return;
  }
  const stored = storedSessionFrom(result.data);
  if (stored.sessionId === local.sessionId) return;
  saveSession(extra.storage, stored);
  dispatch(sessionStarted(stored));
  const exposed = settings.exposeSessionId ? { sessionId: stored.sessionId } : {};
  extra.host.publish({ name: 'session.refresh', payload: { loggedIn: true, guid: stored.guid, ...exposed } });
};
