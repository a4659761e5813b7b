import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { profileFailed, profileLoaded, profileLocked, profileNotLoggedIn } from '../../store/profileSlice';
import { selectServiceName } from '../../store/selectors';
import type { FrameServices } from '../../store/services';
import type { AppThunk } from '../../store/thunk';
import { ssoRefresh } from '../_session/ssoRefresh';

/** One load at a time per frame: a session event arriving twice (storage + delivered) costs one request. */
const inFlight = new WeakMap<FrameServices, { guid: string; done: Promise<void> }>();

/**
 * SSO refresh first (identity spec §4: a session shared by another site is adopted, a sign-out
 * there signs out here), then the profile of whatever session that leaves.
 */
export const refreshAndLoadProfile = (): AppThunk<Promise<void>> => async (dispatch) => {
  await dispatch(ssoRefresh());
  await dispatch(loadProfile());
};

/**
 * Loads the logged-in user's profile (GET /userProfile/:guid?serviceName=) and sets the pane:
 * available, account-locked (state LOCKED), or not-logged-in when there is no session (or it
 * expired meanwhile: callIdentity clears it on SESSION_HAS_EXPIRED).
 */
export const loadProfile = (): AppThunk<Promise<void>> => (dispatch, getState, extra) => {
  const state = getState();
  const { guid, loggedIn } = state.session;
  if (!loggedIn || !guid) {
    dispatch(profileNotLoggedIn());
    return Promise.resolve();
  }
  const running = inFlight.get(extra);
  if (running?.guid === guid) return running.done;
  const done = (async () => {
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.getUserProfile, {
      params: { id: guid },
      query: { serviceName: selectServiceName(state) },
    });
    // The session may have changed while the request ran: its answer is not this session's.
    if (getState().session.guid !== guid) return;
    if (result.ok) {
      dispatch(profileLoaded(result.data));
      extra.host.publish({ name: 'profile.loaded', payload: { guid, state: result.data.state } });
    } else if (result.error.code === 'USER_PROFILE_LOCKED') {
      dispatch(profileLocked());
    } else if (!getState().session.loggedIn) {
      dispatch(profileNotLoggedIn());
    } else {
      dispatch(profileFailed(result.error));
    }
  })().finally(() => {
    if (inFlight.get(extra)?.done === done) inFlight.delete(extra);
  });
  inFlight.set(extra, { guid, done });
  return done;
};
