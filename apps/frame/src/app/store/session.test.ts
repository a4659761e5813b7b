import { describe, expect, it } from 'vitest';
import { parseAuthorization } from '@foyer/api';
import { API, fakeIdentityServer, makeHarness, MemoryStorage, SESSION_ID, sessionBody } from '../../test/harness';
import {
  clearSession,
  readSession,
  saveSession,
  SECURE_SESSION_STORAGE_KEY,
  SESSION_STORAGE_KEY,
} from './sessionStorage';
import { login } from './loginThunks';
import { logout, syncSessionFromStorage, verifySession } from './sessionThunks';
import { sessionStateFrom } from './sessionSlice';

const credentials = {
  authenticationSchemeName: 'default',
  identifiers: [{ name: 'email', value: 'demo@foyer.test' }],
  validators: [{ name: 'password', value: 'foyer-demo-1' }],
  rememberMe: false,
};

describe('session storage (identity spec §4)', () => {
  const session = { guid: 'g', sessionId: SESSION_ID, expiry: 1, sessionCookie: true };

  it('keeps a session-cookie session in tab storage and any other in persistent storage', () => {
    const stores = { tab: new MemoryStorage(), persistent: new MemoryStorage() };
    saveSession(stores, session);
    expect(stores.tab.getItem(SESSION_STORAGE_KEY)).toContain(SESSION_ID);
    expect(stores.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();

    saveSession(stores, { ...session, sessionCookie: false });
    expect(stores.persistent.getItem(SESSION_STORAGE_KEY)).toContain(SESSION_ID);
    expect(stores.tab.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(SESSION_STORAGE_KEY.startsWith('evolok')).toBe(true);
  });

  it('reads back what was stored, ignores garbage, survives blocked storage', () => {
    const stores = { tab: new MemoryStorage(), persistent: new MemoryStorage() };
    stores.persistent.setItem(SESSION_STORAGE_KEY, '{"guid":1}');
    expect(readSession(stores)).toBeNull();
    saveSession(stores, session);
    expect(readSession(stores)).toEqual(session);
    clearSession(stores);
    expect(readSession(stores)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(() => saveSession({ tab: blocked, persistent: blocked }, session)).not.toThrow();
    expect(readSession({ tab: blocked, persistent: blocked })).toBeNull();
  });
});

describe('login', () => {
  it('stores the session by its cookie flag, publishes login.success and session.refresh without the id', async () => {
    const server = fakeIdentityServer({
      'POST /session': () => ({ status: 200, body: sessionBody({ sessionCookie: true }) }),
    });
    const h = makeHarness({ fetch: server.fetch, attributes: { serviceName: 'news' } });
    const result = await h.store.dispatch(login(credentials));
    expect(result).toEqual({ ok: true, guid: 'guid-1', missingAttributes: null });
    expect(h.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-1', sessionId: SESSION_ID });
    expect(h.storage.tab.getItem(SESSION_STORAGE_KEY)).toContain(SESSION_ID);
    expect(h.storage.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(h.published).toEqual([
      { name: 'login.success', payload: { guid: 'guid-1', method: 'password' } },
      { name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1' } },
    ]);
    const [request] = server.requests;
    expect(request?.body).toEqual({ realmName: 'default', ...credentials });
    expect(request?.credentials).toBe('omit');
    expect(parseAuthorization(request?.headers.get('authorization') ?? undefined)).toEqual({
      serviceName: 'news',
      sessionId: undefined,
    });
  });

  it('keeps the secure session of a password login in tab storage; logout-side clearing removes it', async () => {
    const secureSession = { sessionId: 'secure-0123456789abcdef', expiry: Date.now() + 900_000 };
    const server = fakeIdentityServer({
      'POST /session': () => ({ status: 200, body: { ...sessionBody(), secureSession } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    await h.store.dispatch(login(credentials));
    expect(JSON.parse(h.storage.tab.getItem(SECURE_SESSION_STORAGE_KEY)!)).toEqual(secureSession);
    expect(h.storage.persistent.getItem(SECURE_SESSION_STORAGE_KEY)).toBeNull();
    // Never published: it is a bearer credential like the main session id.
    expect(JSON.stringify(h.published)).not.toContain(secureSession.sessionId);
    clearSession(h.storage);
    expect(h.storage.tab.getItem(SECURE_SESSION_STORAGE_KEY)).toBeNull();
  });

  it('includes the session id only when the page opted in (exposeSessionId)', async () => {
    const server = fakeIdentityServer({ 'POST /session': () => ({ status: 200, body: sessionBody() }) });
    const h = makeHarness({ fetch: server.fetch, settings: { exposeSessionId: true, realmName: 'news' } });
    await h.store.dispatch(login(credentials));
    expect(h.published[0]).toEqual({
      name: 'login.success',
      payload: { guid: 'guid-1', sessionId: SESSION_ID, method: 'password' },
    });
    expect(h.storage.persistent.getItem(SESSION_STORAGE_KEY)).toContain(SESSION_ID);
    expect((server.requests[0]?.body as { realmName: string }).realmName).toBe('news');
  });

  it('publishes login.failed with the code on an error', async () => {
    const server = fakeIdentityServer({
      'POST /session': () => ({ status: 401, body: { code: 'IDENTIFIERS_INVALID', message: 'x' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    const result = await h.store.dispatch(login(credentials));
    expect(result).toMatchObject({ ok: false, error: { code: 'IDENTIFIERS_INVALID', statusCode: 401 } });
    expect(h.published).toEqual([{ name: 'login.failed', payload: { code: 'IDENTIFIERS_INVALID', statusCode: 401 } }]);
    expect(h.store.getState().session.loggedIn).toBe(false);
  });
});

describe('logout', () => {
  const loggedIn = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false });

  it.each([
    ['the server deleted it', { status: 204 }],
    ['SESSION_NOT_FOUND', { status: 404, body: { code: 'SESSION_NOT_FOUND' } }],
    ['SESSION_HAS_EXPIRED', { status: 401, body: { code: 'SESSION_HAS_EXPIRED' } }],
    ['a network failure', 'network-error' as const],
  ])('clears locally and publishes logout.action when %s', async (_label, reply) => {
    const server = fakeIdentityServer({ [`DELETE /session/${SESSION_ID}`]: () => reply });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: loggedIn } });
    h.storage.persistent.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...loggedIn }));
    await h.store.dispatch(logout());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /session/${SESSION_ID}`]);
    expect(parseAuthorization(server.requests[0]?.headers.get('authorization') ?? undefined)?.sessionId).toBe(
      SESSION_ID,
    );
    expect(h.store.getState().session.loggedIn).toBe(false);
    expect(h.storage.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(h.published).toEqual([{ name: 'logout.action', payload: { guid: 'guid-1' } }]);
  });
});

describe('session expiry and sync', () => {
  const loggedIn = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false });

  it('clears everything and publishes session.expired when any answer is SESSION_HAS_EXPIRED', async () => {
    const server = fakeIdentityServer({
      [`GET /session/${SESSION_ID}`]: () => ({ status: 401, body: { code: 'SESSION_HAS_EXPIRED' } }),
    });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: loggedIn } });
    h.storage.persistent.setItem(SESSION_STORAGE_KEY, JSON.stringify(loggedIn));
    const error = await h.store.dispatch(verifySession());
    expect(error?.code).toBe('SESSION_HAS_EXPIRED');
    expect(h.store.getState().session.loggedIn).toBe(false);
    expect(h.store.getState().profile.state).toBe('not-logged-in');
    expect(h.storage.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(h.published).toEqual([{ name: 'session.expired', payload: {} }]);
    expect(server.requests[0]?.path).toBe(`/session/${SESSION_ID}`);
    expect(server.requests[0]?.query.toString()).toBe('');
    expect(API).toContain('/ic/api');
  });

  it('adopts a session another frame stored, and its removal', () => {
    const h = makeHarness();
    const stored = { guid: 'guid-2', sessionId: SESSION_ID, expiry: 1, sessionCookie: true };
    saveSession(h.storage, stored);
    h.store.dispatch(syncSessionFromStorage());
    expect(h.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-2' });
    clearSession(h.storage);
    h.store.dispatch(syncSessionFromStorage());
    expect(h.store.getState().session.loggedIn).toBe(false);
    expect(h.published).toEqual([]);
  });
});
