import type { UserProfile } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from './asyncStatus';
import { callIdentity } from './identityClient';
import { selectServiceName } from './selectors';

/**
 * Loads the profile of the session's user `guid` (GET /userProfile/:guid?serviceName=); null when
 * there is no session (no request). The profile slice turns the answer into its pane. One load
 * per account at a time (`condition`): a session event arriving twice (storage + delivered) costs
 * one request. An answer for an account the session no longer has is dropped by the slice (a
 * session of another account resets what it awaits), and its profile.loaded is not published.
 */
export const loadProfile = createAppAsyncThunk<UserProfile | null, string | null>(
  'profile/load',
  async (guid, api) => {
    const { getState, extra, requestId, rejectWithValue } = api;
    const state = getState();
    if (!state.session.loggedIn || !guid) return null;
    const result = await callIdentity(api, identityApi.getUserProfile, {
      params: { id: guid },
      query: { serviceName: selectServiceName(state) },
    });
    if (!result.ok) return rejectWithValue(result.error);
    if (getState().profile.requestId === requestId) {
      extra.host.publish({ name: 'profile.loaded', payload: { guid, state: result.data.state } });
    }
    return result.data;
  },
  {
    condition: (guid, { getState }) => {
      const { profile } = getState();
      return !(profile.status === 'loading' && profile.guid === guid);
    },
  },
);
