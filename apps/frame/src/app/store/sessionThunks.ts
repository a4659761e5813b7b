/**
 * The session journey of identity spec §4: log out, expiry, and keeping frames in sync. Logging in
 * is in loginThunks.ts (only the widgets that log in load it).
 */
import type { FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { fromElsewhere } from './elsewhere';
import { callIdentity } from './identityClient';
import { selectIcDomain } from './selectors';
import {
  clearSession,
  readSession,
  saveSession,
  storageAvailable,
  storedSessionFrom,
  type StoredSession,
} from './sessionStorage';
import { sessionCleared, sessionStarted } from './sessionSlice';
import type { AppThunk } from './thunk';
import type { FrameServices } from './services';
import type { RootState } from './index';

/** Seamless sign-in, which sets the SSO cookie (store/sso.ts), loaded only now: it is not on the shared path. */
export async function shareSession(
  state: RootState,
  extra: FrameServices,
  headers: Headers | undefined,
  session: { sessionId: string } | null,
): Promise<void> {
  if (!extra.sso || !state.frame.settings.enableSSOMode) return;
  try {
    const [sso, module] = await Promise.all([extra.sso(), import('./sso')]);
    const identityOrigin = new URL(selectIcDomain(state), location.href).origin;
    await module.shareSession(sso, state.frame.settings, headers, session, identityOrigin);
  } catch (error) {
    console.error('Foyer: seamless sign-in failed', error);
  }
}

/**
 * DELETE /session/:id, then clear locally whatever the server said: SESSION_NOT_FOUND (identity
 * spec §4), an expired session or a network failure must not leave the visitor stuck logged in.
 */
export const logout = (): AppThunk<Promise<void>> => async (dispatch, getState, extra) => {
  const state = getState();
  const { session } = state;
  const deleted = session.sessionId
    ? await callIdentity(
        { getState, dispatch, extra },
        identityApi.deleteSession,
        { params: { id: session.sessionId } },
        { handleExpiry: false },
      )
    : null;
  await shareSession(state, extra, deleted?.ok ? deleted.headers : undefined, null);
  clearSession(extra.storage);
  dispatch(sessionCleared());
  extra.host.publish({ name: 'logout.action', payload: session.guid ? { guid: session.guid } : {} });
};

/**
 * Checks a stored session with GET /session/:id and refreshes its expiry. A session the server no
 * longer knows is cleared and announced as expired.
 */
export const verifySession = (): AppThunk<Promise<FoyerError | null>> => async (dispatch, getState, extra) => {
  const { session } = getState();
  if (!session.sessionId) return null;
  const result = await callIdentity({ getState, dispatch, extra }, identityApi.getSession, {
    params: { id: session.sessionId },
  });
  if (result.ok) {
    const stored = storedSessionFrom(result.data);
    saveSession(extra.storage, stored);
    dispatch(sessionStarted(stored));
    return null;
  }
  if (result.error.code === 'SESSION_NOT_FOUND' && getState().session.loggedIn) {
    clearSession(extra.storage);
    dispatch(sessionCleared());
    extra.host.publish({ name: 'session.expired', payload: {} });
  }
  return result.error;
};

/**
 * A session event from another frame, delivered by the page: adopt what that frame stored (the
 * session itself arrives over the siblings' channel too, see sharedTopics.ts, also where storage
 * is refused). No event is published: the frame that made the change already did.
 */
export const syncSessionFromStorage = (): AppThunk => (dispatch, _getState, extra) => {
  // Without storage the siblings' channel keeps frames in sync; "nothing stored" means nothing here.
  if (!storageAvailable(extra.storage)) return;
  dispatch(adoptSession(readSession(extra.storage)));
};

/**
 * Takes over the session another frame announced or stored (null: it logged out or the session
 * expired). That frame told the page's frames already: this change is not passed on.
 */
export const adoptSession =
  (stored: StoredSession | null): AppThunk =>
  (dispatch, getState) => {
    const { session } = getState();
    if (!stored) {
      if (session.loggedIn) dispatch(fromElsewhere(sessionCleared()));
      return;
    }
    if (stored.sessionId !== session.sessionId || stored.guid !== session.guid) {
      dispatch(fromElsewhere(sessionStarted(stored)));
    }
  };
