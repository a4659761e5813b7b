/**
 * The receiving half for the session and the profile (sharedState.ts publishes): what this frame
 * takes from its siblings, and tells one that asks.
 * - The session is the site's: any frame of the site takes it, other tabs' included (a
 *   browser-session one, `sessionCookie`, too: it stands for a session cookie, which every tab of
 *   the browser shares). A sibling's snapshot only fills a frame that has no session.
 * - The profile is one service's answer for one account: taken by frames of that service whose
 *   session is that account.
 */
import * as z from 'zod/mini';
import { fromElsewhere } from './elsewhere';
import { profileLoaded } from './profileSlice';
import { selectServiceName } from './selectors';
import { sharedProfileSchema, type SharedProfile } from './sharedState';
import type { SessionState } from './sessionSlice';
import { storedSessionSchema, type StoredSession } from './sessionStorage';
import { adoptSession } from './sessionThunks';
import type { AppThunk } from './thunk';

function storedSessionOf(session: SessionState): StoredSession | null {
  if (!session.loggedIn || !session.guid || !session.sessionId) return null;
  const { guid, sessionId, expiry, sessionCookie } = session;
  return { guid, sessionId, expiry: expiry ?? 0, sessionCookie };
}

/** Shares the session and the profile with the page's frames (and asks them for theirs). */
export const shareSessionAndProfile = (): AppThunk => (dispatch, getState, extra) => {
  const siblings = extra.siblings;
  if (!siblings) return;
  siblings.share<StoredSession | null>('session', {
    schema: z.nullable(storedSessionSchema),
    current: () => storedSessionOf(getState().session) ?? undefined,
    receive: (session, { snapshot }) => {
      if (snapshot && (!session || getState().session.loggedIn)) return;
      dispatch(adoptSession(session));
    },
  });
  siblings.share<SharedProfile>('profile', {
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
