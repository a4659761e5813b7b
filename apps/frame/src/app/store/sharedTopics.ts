/**
 * The receiving half for the session (sharedState.ts publishes): what this frame takes from its
 * siblings, and tells one that asks. The session is the site's: any frame of the site takes it,
 * other tabs' included (a browser-session one, `sessionCookie`, too: it stands for a session
 * cookie, which every tab of the browser shares). A sibling's snapshot only fills a frame that has
 * no session. Every frame shares it; the profile only the widgets that show it (sharedProfile.ts).
 */
import * as z from 'zod/mini';
import type { SessionState } from './sessionSlice';
import { storedSessionSchema, type StoredSession } from './sessionStorage';
import { adoptSession } from './sessionThunks';
import type { AppThunk } from './thunk';

function storedSessionOf(session: SessionState): StoredSession | null {
  if (!session.loggedIn || !session.guid || !session.sessionId) return null;
  const { guid, sessionId, expiry, sessionCookie } = session;
  return { guid, sessionId, expiry: expiry ?? 0, sessionCookie };
}

/** Shares the session with the page's frames (and asks them for theirs). */
export const shareSession = (): AppThunk => (dispatch, getState, extra) => {
  extra.siblings?.share<StoredSession | null>('session', {
    schema: z.nullable(storedSessionSchema),
    current: () => storedSessionOf(getState().session) ?? undefined,
    receive: (session, { snapshot }) => {
      if (snapshot && (!session || getState().session.loggedIn)) return;
      dispatch(adoptSession(session));
    },
  });
};
