/**
 * The publishing half of the state a page's frames share: a middleware that tells the
 * siblings (services.siblings, see siblings.ts) every change this frame makes to the session, the
 * profile and the basket (with its checkout step). The receiving half is each topic's `share`
 * (sharedTopics.ts for the session, sharedProfile.ts for the profile, app/store/basketThunks.ts for the basket).
 * Changes heard from elsewhere (elsewhere.ts) are not passed on.
 */
import { isAction, type Middleware } from '@reduxjs/toolkit';
import type { UserProfile } from '@foyer/api';
import { basketChanged } from './basketSlice';
import { isFromElsewhere } from './elsewhere';
import { loadProfile } from './loadProfile';
import { profileLoaded } from './profileSlice';
import { selectServiceName } from './selectors';
import { sessionCleared, sessionStarted } from './sessionSlice';
import type { FrameServices } from './services';
import type { RootState } from './index';

/** A profile as shared: it is the answer for one service (GET /userProfile?serviceName=). */
export interface SharedProfile {
  serviceName: string;
  profile: UserProfile;
}

/**
 * One per store: after each action this frame made, tells its siblings the state that changed.
 * A plain middleware rather than RTK's listener middleware: four matches do not need the 1.5 KB
 * it would add to every route (login's included). Without a channel nothing is sent.
 */
export function sharedStateMiddleware(services: FrameServices): Middleware {
  return (api) => (next) => (action) => {
    const result = next(action);
    const siblings = services.siblings;
    if (!siblings || !isAction(action) || isFromElsewhere(action)) return result;
    if (sessionStarted.match(action)) siblings.publish('session', action.payload);
    else if (sessionCleared.match(action)) siblings.publish('session', null);
    else if (basketChanged.match(action)) siblings.publish('basket', action.payload);
    else if (profileLoaded.match(action) || loadProfile.fulfilled.match(action)) {
      // What the slice kept: an answer it dropped as stale is not shared.
      const state = api.getState() as RootState;
      const { data } = state.profile;
      if (data)
        siblings.publish('profile', { serviceName: selectServiceName(state), profile: data } satisfies SharedProfile);
    }
    return result;
  };
}
