import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { saveSession, storedSessionFrom } from '../../store/sessionStorage';
import { sessionStarted } from '../../store/sessionSlice';
import { logout } from '../../store/sessionThunks';
import { sharedSessionId, writeSsoCookie } from '../../store/sso';
import type { AppThunk } from '../../store/thunk';

/**
 * SSO refresh (identity spec §4): the shared SSO cookie names a session other than this frame's →
 * GET /session/:id and adopt it (session.refresh); no shared session while logged in here → log
 * out. Skipped when SSO mode is off or this frame cannot use cookies (a third-party frame whose
 * cookies the browser blocks): then the absence of the cookie proves nothing.
 */
export const ssoRefresh = (): AppThunk<Promise<void>> => async (dispatch, getState, extra) => {
  const { settings } = getState().frame;
  if (!settings.enableSSOMode || !extra.sso) return;
  const sso = await extra.sso();
  const shared = sharedSessionId(sso, settings.ssoCookieDomain);
  const local = getState().session;
  if (shared === undefined || shared === local.sessionId) return;
  if (shared === null) {
    if (local.loggedIn) await dispatch(logout());
    return;
  }
  const result = await callIdentity(
    { getState, dispatch, extra },
    identityApi.getSession,
    {
      params: { id: shared },
    },
    { handleExpiry: false },
  );
  if (!result.ok) {
    // The shared session ended: forget it, keep whatever this frame has (it is checked on its own).
    writeSsoCookie(sso, null, { domain: settings.ssoCookieDomain });
    return;
  }
  const stored = storedSessionFrom(result.data);
  saveSession(extra.storage, stored);
  dispatch(sessionStarted(stored));
  const exposed = settings.exposeSessionId ? { sessionId: stored.sessionId } : {};
  extra.host.publish({ name: 'session.refresh', payload: { loggedIn: true, guid: stored.guid, ...exposed } });
};
