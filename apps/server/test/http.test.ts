import { authenticationSchemeSchema, IDENTITY_ERRORS, servicePublicSchema, templateSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { extendedSeed, PUBLIC_URL, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ seed: extendedSeed() });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('public configuration endpoints', () => {
  it('GET /ui/template/login/:scheme returns the login template of the design', async () => {
    const response = await get('/ic/api/ui/template/login/default');
    expect(response.statusCode).toBe(200);
    const template = templateSchema.parse(response.json());
    expect(template.identifiers).toEqual([
      expect.objectContaining({ name: 'email', label: 'Email', autocomplete: 'username', inputType: 'email' }),
    ]);
    expect(template.validators).toEqual([
      expect.objectContaining({
        name: 'password',
        label: 'Password',
        autocomplete: 'current-password',
        inputType: 'password',
      }),
    ]);
    const missing = await get('/ic/api/ui/template/login/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'AUTHENTICATION_SCHEME_NOT_FOUND',
      message: 'The authentication scheme nope does not exist.',
      args: ['nope'],
    });
  });

  it('GET /authenticationScheme/:name', async () => {
    const response = await get('/ic/api/authenticationScheme/default');
    expect(authenticationSchemeSchema.parse(response.json())).toEqual({
      name: 'default',
      realmName: 'default',
      identifiers: ['email'],
      validators: ['password'],
    });
    expect((await get('/ic/api/authenticationScheme/nope')).json().code).toBe('AUTHENTICATION_SCHEME_NOT_FOUND');
  });

  it('GET /service/:name returns only the public fields', async () => {
    const response = await get('/ic/api/service/news');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'news',
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'News <daily>',
      requiredAttributes: ['phone', 'firstName'],
      // Issue 3: the change-password widget needs to know whether to ask for the old password.
      requireOldPassword: true,
    });
    servicePublicSchema.parse(response.json());
    const demo = await get('/ic/api/service/demo');
    expect(demo.json()).toMatchObject({ name: 'demo', displayName: 'Foyer demo' });
    const missing = await get('/ic/api/service/ghost');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'SERVICE_NOT_FOUND',
      message: 'The service ghost does not exist.',
      args: ['ghost'],
    });
  });

  it('answers unknown API paths with NOT_FOUND in the error shape', async () => {
    const response = await get('/ic/api/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: IDENTITY_ERRORS.NOT_FOUND.text, args: [] });
  });

  it('GET /healthz answers while the process serves; GET /readyz checks the database', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: server.db.kind });
  });

  it('answers an oversized body 413 in the error shape', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['body'] });
  });
});

describe('CORS', () => {
  it('allows the widgets origin, with Vary: Origin', async () => {
    const response = await get('/ic/api/service/demo', { origin: PUBLIC_URL });
    expect(response.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
  });

  it('does not allow any other origin, not even an allowed host page', async () => {
    for (const origin of ['http://localhost:8080', 'https://evil.example', 'http://127.0.0.1:8082', 'null']) {
      const response = await get('/ic/api/service/demo', { origin });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/\bOrigin\b/);
    }
  });

  it('answers preflights for the widgets origin only', async () => {
    const preflight = (origin: string) =>
      server.app.inject({
        method: 'OPTIONS',
        url: '/ic/api/session',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(PUBLIC_URL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    // The frame names the calling application (icAppName) on every identity call.
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-foyer-app');
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('DELETE');
    const refused = await preflight('http://localhost:8080');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('API answers are not cached', async () => {
    expect((await get('/ic/api/service/demo')).headers['cache-control']).toBe('no-store');
  });
});
