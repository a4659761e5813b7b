/**
 * The frame's half of the comment-system bridge (identity spec §4, loader part disqus.js): the
 * page asks for Disqus's `remote_auth_s3` and the frame, which holds the session, asks the server
 * for it. Only the signed value (public by Disqus's design) goes back to the page; the session
 * id stays here. Loaded on the first ask only, so no widget's first chunk carries it.
 */
import { getDisqusRemoteAuth } from '@foyer/api/paywall';
import type { CommentAuth } from '@foyer/protocol';
import { callIdentity } from './identityClient';
import { syncSessionFromStorage } from './sessionThunks';
import type { AppThunk } from './thunk';

/** A Disqus site's short name (its forum id). */
const SITE = /^[\w-]{1,100}$/;

export const fetchCommentAuth =
  (site: unknown): AppThunk<Promise<CommentAuth | null>> =>
  async (dispatch, getState, extra) => {
    if (typeof site !== 'string' || !SITE.test(site)) return null;
    // The page asks right after another frame's login.success: take the session it stored.
    dispatch(syncSessionFromStorage());
    const sessionId = getState().session.sessionId;
    if (!sessionId) return null;
    const result = await callIdentity(
      { getState, dispatch, extra },
      getDisqusRemoteAuth,
      { query: { site, session: sessionId } },
      // A failure here is the bridge's, not a reason to end the visitor's session in every widget.
      { handleExpiry: false },
    );
    return result.ok ? { token: result.data.token, expiresAt: result.data.expiresAt } : null;
  };
