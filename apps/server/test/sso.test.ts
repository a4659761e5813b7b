import { SSO_COOKIE_NAME, SSO_DOMAINS_HEADER } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { PIXEL_GIF } from '../src/routes/sso';
import { seedConfig } from '../src/seed-config';
import { DEMO, login, loginOk, testServer } from './helpers';

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

  it('GET /session/:id/sso.gif sets the SSO cookie to a live session; sso_logout.gif clears it', async () => {
    const session = await loginOk(server);
    const id = session.mainSession.sessionId;
    const gif = await get(`/ic/api/session/${id}/sso.gif`);
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

    const unknown = await get('/ic/api/session/made-up/sso.gif');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('image/gif');
    expect(String(unknown.headers['set-cookie'])).toMatch(/Max-Age=0/);

    const out = await get('/ic/api/session/sso_logout.gif');
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toBe('image/gif');
    expect(out.headers['cache-control']).toBe('no-store');
    expect(String(out.headers['set-cookie'])).toBe(`${SSO_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`);
  });

  it('marks the cookie SameSite=None; Secure when the server is on https', async () => {
    const https = await testServer({ publicUrl: 'https://widgets.example.com' });
    try {
      const session = await loginOk(https);
      const gif = await https.app.inject({
        method: 'GET',
        url: `/ic/api/session/${session.mainSession.sessionId}/sso.gif`,
      });
      expect(String(gif.headers['set-cookie'])).toMatch(/; SameSite=None; Secure$/);
    } finally {
      await https.close();
    }
  });
});
