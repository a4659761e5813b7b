import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness, SESSION_ID } from '../../test/harness';
import { fetchCommentAuth } from './commentAuth';
import { saveSession } from './sessionStorage';

const TOKEN = 'eyJpZCI6ImcxIn0= 0123456789abcdef0123456789abcdef01234567 1700000000';

describe('the comment bridge’s remote auth (identity spec §4)', () => {
  it('asks the server for the session the frame holds, adopting one another frame just stored', async () => {
    const server = fakeIdentityServer({
      'GET /disqus/remoteauth': () => ({ status: 200, body: { token: TOKEN, expiresAt: 42 } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    saveSession(h.storage, { guid: 'g-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: true });
    await expect(h.store.dispatch(fetchCommentAuth('foyer-demo'))).resolves.toEqual({ token: TOKEN, expiresAt: 42 });
    expect(server.requests).toHaveLength(1);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ site: 'foyer-demo', session: SESSION_ID });
  });

  it('answers null without a session, for a site name that is not one, and when the server refuses', async () => {
    const server = fakeIdentityServer({
      'GET /disqus/remoteauth': () => ({ status: 401, body: { code: 'SESSION_HAS_EXPIRED' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    await expect(h.store.dispatch(fetchCommentAuth('foyer-demo'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
    saveSession(h.storage, { guid: 'g-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: true });
    await expect(h.store.dispatch(fetchCommentAuth('../x?y'))).resolves.toBeNull();
    await expect(h.store.dispatch(fetchCommentAuth({ site: 'x' }))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
    await expect(h.store.dispatch(fetchCommentAuth('foyer-demo'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
    // The bridge's failure does not end the visitor's session.
    expect(h.store.getState().session.loggedIn).toBe(true);
  });
});
