import { SSO_COOKIE_NAME, SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER } from '@foyer/api';
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
  it('POST /session and DELETE /session/:id name the service’s SSO domains (none for the demo)', async () => {
    const demo = await login(server, DEMO.email, DEMO.password);
    expect(demo.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe('');
    const group = await login(server, DEMO.email, DEMO.password, { serviceName: 'group' });
    expect(group.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe('https://a.example.com,https://b.example.org:8443');
    const logout = await server.app.inject({
      method: 'DELETE',
      url: `/ic/api/session/${group.json().mainSession.sessionId}`,
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers[SSO_DOMAINS_HEADER.toLowerCase()]).toBe('https://a.example.com,https://b.example.org:8443');
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
  const gifFrom = (token: string, referer?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${encodeURIComponent(token)}/sso.gif`,
      headers: referer ? { referer } : {},
    });

  it('login answers one single-use token per participating domain, never the session id', async () => {
    const { sessionId, tokens } = await groupLogin('group');
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    expect(tokens).not.toContain(sessionId);
    const demo = await login(server, DEMO.email, DEMO.password);
    expect(demo.headers[SSO_TOKENS_HEADER.toLowerCase()]).toBe('');
  });

  it('GET /session/:token/sso.gif sets the SSO cookie to the token’s session, once; sso_logout.gif clears it', async () => {
    const { sessionId: id, tokens } = await groupLogin();
    const gif = await gifFrom(tokens[0]!, `${PUBLIC_URL}/w/login?serviceName=local-group`);
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.headers['cache-control']).toBe('no-store');
    expect(gif.rawPayload.equals(PIXEL_GIF)).toBe(true);
    expect(gif.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const cookie = String(gif.headers['set-cookie']);
    const match = new RegExp(`^${SSO_COOKIE_NAME}=${id}; Path=/; Max-Age=(\\d+); SameSite=Lax$`).exec(cookie);
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

    const out = await get('/ic/api/session/sso_logout.gif');
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toBe('image/gif');
    expect(out.headers['cache-control']).toBe('no-store');
    expect(String(out.headers['set-cookie'])).toBe(`${SSO_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`);
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
      expect(String(gif.headers['set-cookie'])).toMatch(/; SameSite=None; Secure$/);
    } finally {
      await https.close();
    }
    // It starts a second server (migrations, seed, argon2), slow on a busy machine.
  }, 90_000);
});
