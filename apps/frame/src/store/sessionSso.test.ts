import { describe, expect, it, vi } from 'vitest';
import { SSO_COOKIE_NAME, SSO_DOMAINS_HEADER } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { fakeIdentityServer, makeHarness, SESSION_ID, sessionBody } from '../test/harness';
import { ssoRefresh } from '../widgets/_session/ssoRefresh';
import { callIdentity } from './identityClient';
import { readSession } from './sessionStorage';
import { sessionStateFrom } from './sessionSlice';
import { login } from './loginThunks';
import { logout } from './sessionThunks';
import { readCookie, writeSsoCookie, type SsoServices } from './sso';

/** A fetch that adds the SSO domains header the real server sends with login and logout. */
function withSsoHeader(fetch: typeof globalThis.fetch, domains: string): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(response.headers);
    headers.set(SSO_DOMAINS_HEADER, domains);
    return new Response(response.status === 204 ? null : await response.text(), { status: response.status, headers });
  };
}

function fakeSso(): SsoServices & { loaded: string[] } {
  const cookies = new Map<string, string>();
  const loaded: string[] = [];
  return {
    loaded,
    cookieEnabled: true,
    secure: true,
    cookies: {
      get: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      set: (cookie) => {
        const [pair = ''] = cookie.split(';');
        const [key = '', value = ''] = pair.split('=');
        if (/Max-Age=0/.test(cookie)) cookies.delete(key);
        else cookies.set(key, value);
      },
    },
    loadImage: async (url) => {
      loaded.push(url);
    },
  };
}

const input = {
  authenticationSchemeName: 'default',
  identifiers: [{ name: 'email', value: 'demo@foyer.test' }],
  validators: [{ name: 'password', value: 'foyer-demo-1' }],
  rememberMe: false,
};

describe('sessions across sites', () => {
  it('login sets the SSO cookie and signs in on every participating domain before login.success', async () => {
    const server = fakeIdentityServer({ 'POST /session': () => ({ status: 200, body: sessionBody() }) });
    const harness = makeHarness({ fetch: withSsoHeader(server.fetch, 'a.example,b.example') });
    const sso = fakeSso();
    harness.services.sso = async () => sso;
    const result = await harness.store.dispatch(login(input));
    expect(result.ok).toBe(true);
    expect(sso.loaded).toEqual([
      `https://a.example/ic/api/session/${SESSION_ID}/sso.gif`,
      `https://b.example/ic/api/session/${SESSION_ID}/sso.gif`,
    ]);
    expect(readCookie(sso.cookies, SSO_COOKIE_NAME)).toBe(SESSION_ID);
    expect(harness.published.map((event) => event.name)).toEqual(['login.success', 'session.refresh']);
  });

  it('logout clears the SSO cookie and signs out on every domain', async () => {
    const server = fakeIdentityServer({ [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }) });
    const harness = makeHarness({
      fetch: withSsoHeader(server.fetch, 'a.example'),
      preloaded: { session: sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }) },
    });
    const sso = fakeSso();
    writeSsoCookie(sso, SESSION_ID);
    harness.services.sso = async () => sso;
    await harness.store.dispatch(logout());
    expect(sso.loaded).toEqual(['https://a.example/ic/api/session/sso_logout.gif']);
    expect(readCookie(sso.cookies, SSO_COOKIE_NAME)).toBeNull();
    expect(harness.store.getState().session.loggedIn).toBe(false);
  });

  it('treats UNAUTHORIZED to a call that carried the session as an expired session', async () => {
    const server = fakeIdentityServer({
      'GET /userProfile/g': () => ({ status: 401, body: { code: 'UNAUTHORIZED' } }),
    });
    const harness = makeHarness({
      fetch: server.fetch,
      preloaded: { session: sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }) },
    });
    harness.storage.persistent.setItem(
      'evolok.session',
      JSON.stringify({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }),
    );
    const api = { getState: harness.store.getState, dispatch: harness.store.dispatch, extra: harness.services };
    await callIdentity(api, identityApi.getUserProfile, { params: { id: 'g' } });
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(readSession(harness.storage)).toBeNull();
    expect(harness.published).toEqual([{ name: 'session.expired', payload: {} }]);
  });

  it('an anonymous UNAUTHORIZED is not an expiry', async () => {
    const server = fakeIdentityServer({
      'GET /userProfile/g': () => ({ status: 401, body: { code: 'UNAUTHORIZED' } }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    const api = { getState: harness.store.getState, dispatch: harness.store.dispatch, extra: harness.services };
    await callIdentity(api, identityApi.getUserProfile, { params: { id: 'g' } });
    expect(harness.published).toEqual([]);
  });
});

describe('SSO refresh (identity spec §4)', () => {
  const other = 'sess_shared_0123456789abcdef';

  it('adopts a shared session that differs from the local one', async () => {
    const server = fakeIdentityServer({
      [`GET /session/${other}`]: () => ({
        status: 200,
        body: { guid: 'guid-2', mainSession: { sessionId: other, expiry: 1, sessionCookie: false } },
      }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    const sso = fakeSso();
    writeSsoCookie(sso, other);
    harness.services.sso = async () => sso;
    await harness.store.dispatch(ssoRefresh());
    expect(harness.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-2', sessionId: other });
    expect(readSession(harness.storage)?.sessionId).toBe(other);
    expect(harness.published).toEqual([{ name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-2' } }]);
    expect(server.requests[0]?.headers.get('authorization')).not.toContain(other);
  });

  it('logs out when there is no shared session any more', async () => {
    const server = fakeIdentityServer({ [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }) });
    const harness = makeHarness({
      fetch: server.fetch,
      preloaded: { session: sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }) },
    });
    harness.services.sso = async () => fakeSso();
    await harness.store.dispatch(ssoRefresh());
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(harness.published.map((event) => event.name)).toEqual(['logout.action']);
  });

  it('does nothing when the shared session is ours, SSO mode is off, or cookies are unusable', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('no')));
    const session = sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
    const same = makeHarness({ fetch, preloaded: { session } });
    const sso = fakeSso();
    writeSsoCookie(sso, SESSION_ID);
    same.services.sso = async () => sso;
    await same.store.dispatch(ssoRefresh());

    const off = makeHarness({ fetch, preloaded: { session }, settings: { enableSSOMode: false } });
    off.services.sso = async () => fakeSso();
    await off.store.dispatch(ssoRefresh());

    const blocked = makeHarness({ fetch, preloaded: { session } });
    blocked.services.sso = async () => ({ ...fakeSso(), cookies: { get: () => '', set: () => {} } });
    await blocked.store.dispatch(ssoRefresh());

    for (const harness of [same, off, blocked]) {
      expect(harness.store.getState().session.loggedIn).toBe(true);
      expect(harness.published).toEqual([]);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('forgets a shared session the server no longer knows and keeps the local one', async () => {
    const server = fakeIdentityServer({
      [`GET /session/${other}`]: () => ({ status: 404, body: { code: 'SESSION_NOT_FOUND' } }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    const sso = fakeSso();
    writeSsoCookie(sso, other);
    harness.services.sso = async () => sso;
    await harness.store.dispatch(ssoRefresh());
    expect(readCookie(sso.cookies, SSO_COOKIE_NAME)).toBeNull();
    expect(harness.published).toEqual([]);
  });
});
