import {
  formatAuthorization,
  SSO_COOKIE_NAME,
  SSO_DOMAINS_HEADER,
  SSO_HOST_COOKIE_NAME as COOKIE,
  SSO_TOKENS_HEADER,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { PIXEL_GIF } from '../src/routes/sso';
import { seedConfig } from '../src/seed-config';
import { DEMO, login, PUBLIC_URL, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({
    seed: {
      ...seedConfig,
      services: [
        ...seedConfig.services,
        {
          name: 'group',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'SSO group',
          requiredAttributes: [],
          allowedHostOrigins: ['http://localhost:*'],
          ssoDomains: ['https://a.example.com', 'https://b.example.org:8443'],
        },
        {
          name: 'local-group',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'SSO group with this server',
          requiredAttributes: [],
          allowedHostOrigins: ['http://localhost:*'],
          ssoDomains: [PUBLIC_URL, 'https://a.example.com'],
        },
      ],
    },
  });
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('seamless sign-in', () => {
  it('POST /session and DELETE /session/:id name this server, then the service’s SSO domains', async () => {
    const demo = await login(server, DEMO.email, DEMO.password);
    expect(demo.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe(PUBLIC_URL);
    const group = await login(server, DEMO.email, DEMO.password, { serviceName: 'group' });
    expect(group.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe(
      `${PUBLIC_URL},https://a.example.com,https://b.example.org:8443`,
    );
    const logout = await server.app.inject({
      method: 'DELETE',
      url: `/ic/api/session/${group.json().mainSession.sessionId}`,
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe(
      `${PUBLIC_URL},https://a.example.com,https://b.example.org:8443`,
    );
  });

  it('exposes the header to the frames’ origin through CORS', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { origin: 'http://127.0.0.1:8081', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(String(response.headers['access-control-expose-headers']).toLowerCase()).toContain(
      SSO_DOMAINS_HEADER.toLowerCase(),
    );
  });

  /** A login of `service` and its per-domain seamless sign-in tokens. */
  async function groupLogin(service = 'local-group') {
    const response = await login(server, DEMO.email, DEMO.password, { serviceName: service });
    const tokens = String(response.headers[SSO_TOKENS_HEADER.toLowerCase()]).split(',');
    return { sessionId: response.json().mainSession.sessionId as string, tokens };
  }
  const logoutGif = (sessionId: string, referer?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/ic/api/session/sso_logout.gif',
      headers: { cookie: `${COOKIE}=${sessionId}`, ...(referer ? { referer } : {}) },
    });
  const gifFrom = (token: string, referer?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${encodeURIComponent(token)}/sso.gif`,
      headers: referer ? { referer } : {},
    });

  it('login answers one single-use token per participating domain, never the session id', async () => {
    const { sessionId, tokens } = await groupLogin('group');
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(3);
    expect(tokens).not.toContain(sessionId);
    const demo = await login(server, DEMO.email, DEMO.password);
    expect(String(demo.headers[SSO_TOKENS_HEADER.toLowerCase()]).split(',')).toHaveLength(1);
  });

  it('GET /session/:token/sso.gif sets the SSO cookie (HttpOnly) to the token’s session, once; sso_logout.gif clears it once the session ended', async () => {
    const { sessionId: id, tokens } = await groupLogin();
    const gif = await gifFrom(tokens[0]!, `${PUBLIC_URL}/w/login?serviceName=local-group`);
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.headers['cache-control']).toBe('no-store');
    expect(gif.rawPayload.equals(PIXEL_GIF)).toBe(true);
    expect(gif.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const cookie = String(gif.headers['set-cookie']);
    // HttpOnly, and host-only `__Host-`: a loopback origin takes Secure cookies as https does.
    const match = new RegExp(`^${COOKIE}=${id}; Path=/; Max-Age=(\\d+); HttpOnly; SameSite=None; Secure$`).exec(cookie);
    // Lives as long as the session can (12 hours absolute).
    expect(Number(match?.[1])).toBeGreaterThan(43_100);
    expect(Number(match?.[1])).toBeLessThanOrEqual(43_200);
    // Single use.
    const again = await gifFrom(tokens[0]!, `${PUBLIC_URL}/w/login`);
    expect(again.statusCode).toBe(404);
    expect(again.headers['set-cookie']).toBeUndefined();

    const unknown = await get('/ic/api/session/made-up/sso.gif');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('image/gif');
    expect(unknown.headers['set-cookie']).toBeUndefined();

    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${id}` });
    const out = await logoutGif(id, `${PUBLIC_URL}/w/login`);
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toBe('image/gif');
    expect(out.headers['cache-control']).toBe('no-store');
    expect(String(out.headers['set-cookie'])).toBe(`${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure`);
  });

  it('refuses a bare session id, a token for another domain, and a token planted by another page (login CSRF)', async () => {
    const { sessionId, tokens } = await groupLogin();
    expect((await gifFrom(sessionId, `${PUBLIC_URL}/w/login`)).statusCode).toBe(404);
    // tokens[1] is a.example.com's: this server is not that domain.
    expect((await gifFrom(tokens[1]!, `${PUBLIC_URL}/w/login`)).statusCode).toBe(404);
    const planted = await groupLogin();
    const fromAttacker = await gifFrom(planted.tokens[0]!, 'https://evil.example/page');
    expect(fromAttacker.statusCode).toBe(404);
    expect(fromAttacker.headers['set-cookie']).toBeUndefined();
    const noReferer = await groupLogin();
    expect((await gifFrom(noReferer.tokens[0]!)).statusCode).toBe(404);
  });

  it('sso_logout.gif is no logout CSRF: another page’s image, or one while the session is live, clears nothing (issue 24)', async () => {
    const { sessionId } = await groupLogin();
    for (const referer of [undefined, 'https://evil.example/page', `${PUBLIC_URL}/w/login`]) {
      const out = await logoutGif(sessionId, referer);
      expect(out.headers['set-cookie']).toBeUndefined();
      expect(out.headers['content-type']).toBe('image/gif');
    }
    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${sessionId}` });
    expect((await logoutGif(sessionId, 'https://evil.example/page')).headers['set-cookie']).toBeUndefined();
    expect(String((await logoutGif(sessionId, `${PUBLIC_URL}/w/login`)).headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it('GET /session/sso answers the live session the SSO cookie names, and nothing for a planted or doubled cookie (issue 24)', async () => {
    const { sessionId } = await groupLogin();
    const shared = (cookie?: string, serviceName = 'local-group') =>
      server.app.inject({
        method: 'GET',
        url: '/ic/api/session/sso',
        headers: {
          authorization: formatAuthorization({ serviceName }),
          ...(cookie ? { cookie } : {}),
        },
      });
    const found = await shared(`${COOKIE}=${sessionId}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().mainSession.sessionId).toBe(sessionId);
    expect((await shared()).json().code).toBe('SESSION_NOT_FOUND');
    // A second cookie of the name beside ours (planted with another Domain or Path): neither is trusted.
    const doubled = await shared(`${COOKIE}=${sessionId}; ${COOKIE}=planted-session`);
    // A script-readable evolok_sso (what a sibling site can write) is not the server's cookie.
    expect((await shared(`${SSO_COOKIE_NAME}=${sessionId}`)).json().code).toBe('SESSION_NOT_FOUND');
    expect(doubled.json().code).toBe('SESSION_NOT_FOUND');
    expect((await shared(`${COOKIE}=made-up`)).json().code).toBe('SESSION_NOT_FOUND');
    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${sessionId}` });
    const ended = await shared(`${COOKIE}=${sessionId}`);
    expect(ended.json().code).toBe('SESSION_NOT_FOUND');
    expect(String(ended.headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it('marks the cookie SameSite=None; Secure when the server is on https', async () => {
    const https = await testServer({
      publicUrl: 'https://widgets.example.com',
      seed: {
        ...seedConfig,
        services: seedConfig.services.map((service) =>
          service.name === 'demo' ? { ...service, ssoDomains: ['https://widgets.example.com'] } : service,
        ),
      },
    });
    try {
      const session = await login(https, DEMO.email, DEMO.password);
      const token = String(session.headers[SSO_TOKENS_HEADER.toLowerCase()]);
      const gif = await https.app.inject({
        method: 'GET',
        url: `/ic/api/session/${token}/sso.gif`,
        headers: { referer: 'https://widgets.example.com/w/login' },
      });
      expect(gif.statusCode).toBe(200);
      expect(String(gif.headers['set-cookie'])).toMatch(
        /^__Host-evolok_sso=[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=None; Secure$/,
      );
    } finally {
      await https.close();
    }
    // It starts a second server (migrations, seed, argon2), slow on a busy machine.
  }, 90_000);
});
