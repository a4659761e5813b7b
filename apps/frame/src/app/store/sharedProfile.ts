/**
 * The receiving half for the profile (sharedState.ts publishes): the profile is one service's
 * answer for one account, taken by frames of that service whose session is that account. Shared
 * by the widgets that show the profile (profile, edit-profile), so its schema is not on the path
 * of every route.
 */
import { userProfileSchema } from '@foyer/api';
import * as z from 'zod/mini';
import { fromElsewhere } from './elsewhere';
import { profileLoaded } from './profileSlice';
import { selectServiceName } from './selectors';
import type { SharedProfile } from './sharedState';
import type { AppThunk } from './thunk';

const sharedProfileSchema: z.ZodMiniType<SharedProfile> = z.object({
  serviceName: z.string(),
  profile: userProfileSchema,
});

/** Shares the profile with the page's frames (and asks them for theirs). */
export const shareProfile = (): AppThunk => (dispatch, getState, extra) => {
  extra.siblings?.share<SharedProfile>('profile', {
    schema: sharedProfileSchema,
    current: () => {
      const state = getState();
      const { data } = state.profile;
      return data && state.session.loggedIn && data.guid === state.session.guid
        ? { serviceName: selectServiceName(state), profile: data }
        : undefined;
    },
    receive: ({ serviceName, profile }, { snapshot }) => {
      const state = getState();
      if (serviceName !== selectServiceName(state)) return;
      if (!state.session.loggedIn || state.session.guid !== profile.guid) return;
      if (snapshot && state.profile.data) return;
      dispatch(fromElsewhere(profileLoaded(profile)));
    },
  });
};
