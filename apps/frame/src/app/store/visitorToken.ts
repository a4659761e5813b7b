/**
 * `Foyer.getToken()` (issue 26): the frame, which holds the session, asks the widgets server for
 * a short-lived signed token of it for the host page it is connected to. Only the token goes
 * back to the page; its `sid` claim is a digest of the session id, never the id. Loaded on the
 * first ask only, so no widget's first chunk carries it.
 */
import { getVisitorToken } from '@foyer/api/tokens';
import { callIdentity } from './identityClient';
import { syncSessionFromStorage } from './sessionThunks';
import type { AppThunk } from './thunk';

/** The token, or null: nobody logged in, or the server refused (a host origin its service does not allow). */
export const fetchVisitorToken =
  (hostOrigin: string): AppThunk<Promise<string | null>> =>
  async (dispatch, getState, extra) => {
    // The page may ask right after another frame's login.success: take the session it stored.
    dispatch(syncSessionFromStorage());
    if (!hostOrigin || !getState().session.sessionId) return null;
    const result = await callIdentity(
      { getState, dispatch, extra },
      getVisitorToken,
      { body: { hostOrigin } },
      // A refusal here is the token's, not a reason to end the visitor's session in every widget.
      { handleExpiry: false },
    );
    return result.ok ? result.data.token : null;
  };
