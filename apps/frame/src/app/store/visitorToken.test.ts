import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness, SESSION_ID } from '../../test/harness';
import { saveSession } from './sessionStorage';
import { fetchVisitorToken } from './visitorToken';

const HOST = 'https://news.example';

describe('the visitor token (Foyer.getToken, issue 26)', () => {
  it('asks the server for the frame’s session and the connected host origin, answering the token', async () => {
    const server = fakeIdentityServer({
      'POST /tokens/visitor': () => ({ status: 200, body: { token: 'a.b.c' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    saveSession(h.storage, { guid: 'g-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: true });
    await expect(h.store.dispatch(fetchVisitorToken(HOST))).resolves.toBe('a.b.c');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).toEqual({ hostOrigin: HOST });
    expect(server.requests[0]!.headers.get('authorization')).toContain(SESSION_ID);
  });

  it('answers null without a session, without asking, and when the server refuses, keeping the session', async () => {
    const server = fakeIdentityServer({
      'POST /tokens/visitor': () => ({ status: 403, body: { code: 'FORBIDDEN' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    await expect(h.store.dispatch(fetchVisitorToken(HOST))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
    saveSession(h.storage, { guid: 'g-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: true });
    await expect(h.store.dispatch(fetchVisitorToken(HOST))).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(h.store.getState().session.loggedIn).toBe(true);
  });
});
