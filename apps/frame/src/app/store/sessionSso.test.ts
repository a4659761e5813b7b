import { describe, expect, it, vi } from 'vitest';
import { SSO_COOKIE_NAME, SSO_DOMAINS_HEADER } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { fakeIdentityServer, makeHarness, SESSION_ID, sessionBody, WIDGETS_ORIGIN } from '../../test/harness';
import { ssoRefresh } from '../../features/session/ssoRefresh';
import { callIdentity } from './identityClient';
import { readSession } from './sessionStorage';
import { sessionStateFrom } from './sessionSlice';
import { login } from './loginThunks';
import { logout } from './sessionThunks';
import type { SsoServices } from './sso';

/** A fetch that adds the SSO domains header the real server sends with login and logout. */
function withSsoHeader(fetch: typeof globalThis.fetch, domains: string): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(response.headers);
    headers.set(SSO_DOMAINS_HEADER, domains);
    return new Response(response.status === 204 ? null : await response.text(), { status: response.status, headers });
  };
}

/** The frame's cookies as document.cookie shows them (the server's HttpOnly SSO cookie never is). */
function fakeSso(): SsoServices & { loaded: string[]; jar: Map<string, string> } {
  const cookies = new Map<string, string>();
  const loaded: string[] = [];
  return {
    loaded,
    jar: cookies,
    cookieEnabled: true,
    secure: true,
    origin: WIDGETS_ORIGIN,
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
  it('login signs in on every participating domain before login.success, writing no cookie itself', async () => {
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
    expect(sso.jar.size).toBe(0);
    expect(harness.published.map((event) => event.name)).toEqual(['login.success', 'session.refresh']);
  });

  it('logout signs out on every domain (sso_logout.gif clears the server’s cookie)', async () => {
    const server = fakeIdentityServer({ [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }) });
    const harness = makeHarness({
      fetch: withSsoHeader(server.fetch, 'a.example'),
      preloaded: { session: sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }) },
    });
    const sso = fakeSso();
    harness.services.sso = async () => sso;
    await harness.store.dispatch(logout());
    expect(sso.loaded).toEqual(['https://a.example/ic/api/session/sso_logout.gif']);
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
  const shared =
    (guid = 'guid-2', sessionId = other) =>
    () => ({
      status: 200,
      body: { guid, mainSession: { sessionId, expiry: 1, sessionCookie: false } },
    });

  it('adopts the shared session the server finds in its SSO cookie when it differs from the local one', async () => {
    const server = fakeIdentityServer({ 'GET /session/sso': shared() });
    const harness = makeHarness({ fetch: server.fetch });
    harness.services.sso = async () => fakeSso();
    await harness.store.dispatch(ssoRefresh());
    expect(harness.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-2', sessionId: other });
    expect(readSession(harness.storage)?.sessionId).toBe(other);
    expect(harness.published).toEqual([{ name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-2' } }]);
  });

  it('never adopts a session from a script-readable cookie (one a sibling site planted): only the server’s answer counts (issue 24)', async () => {
    const server = fakeIdentityServer({
      'GET /session/sso': () => ({ status: 404, body: { code: 'SESSION_NOT_FOUND' } }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    const sso = fakeSso();
    sso.jar.set(SSO_COOKIE_NAME, 'sess_planted_by_a_sibling_site');
    harness.services.sso = async () => sso;
    await harness.store.dispatch(ssoRefresh());
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(harness.published).toEqual([]);
    // Asked with the identity origin's own cookies (the HttpOnly one the server reads).
    expect(server.requests.map((request) => [request.path, request.credentials])).toEqual([
      ['/session/sso', 'same-origin'],
    ]);
  });

  it('logs out when there is no shared session any more', async () => {
    const server = fakeIdentityServer({
      'GET /session/sso': () => ({ status: 404, body: { code: 'SESSION_NOT_FOUND' } }),
      [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }),
    });
    const harness = makeHarness({
      fetch: server.fetch,
      preloaded: { session: sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false }) },
    });
    harness.services.sso = async () => fakeSso();
    await harness.store.dispatch(ssoRefresh());
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(harness.published.map((event) => event.name)).toEqual(['logout.action']);
  });

  it('does nothing when the shared session is ours, and asks nothing when SSO mode is off, cookies are unusable or the identity server is on another origin', async () => {
    const session = sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
    const server = fakeIdentityServer({ 'GET /session/sso': shared('g', SESSION_ID) });
    const same = makeHarness({ fetch: server.fetch, preloaded: { session } });
    same.services.sso = async () => fakeSso();
    await same.store.dispatch(ssoRefresh());

    const fetch = vi.fn(() => Promise.reject(new TypeError('no')));
    const off = makeHarness({ fetch, preloaded: { session }, settings: { enableSSOMode: false } });
    off.services.sso = async () => fakeSso();
    await off.store.dispatch(ssoRefresh());

    const blocked = makeHarness({ fetch, preloaded: { session } });
    blocked.services.sso = async () => ({ ...fakeSso(), cookies: { get: () => '', set: () => {} } });
    await blocked.store.dispatch(ssoRefresh());

    const elsewhere = makeHarness({ fetch, preloaded: { session } });
    elsewhere.services.sso = async () => ({ ...fakeSso(), origin: 'https://other.example' });
    await elsewhere.store.dispatch(ssoRefresh());

    for (const harness of [same, off, blocked, elsewhere]) {
      expect(harness.store.getState().session.loggedIn).toBe(true);
      expect(harness.published).toEqual([]);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
