import { createHash } from 'node:crypto';
import { formatAuthorization, IDENTITY_ERRORS, sessionResponseSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, extendedSeed, login, loginBody, loginOk, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ seed: extendedSeed(), loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());

function post(payload: string | object, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/ic/api/session',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('POST /session', () => {
  it('logs the demo account in with a 256-bit session id stored only as its SHA-256', async () => {
    const response = await login(server, DEMO.email, DEMO.password);
    expect(response.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(response.json());
    expect(body.mainSession.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(body.mainSession.sessionId, 'base64url')).toHaveLength(32);
    expect(body.missingAttributes).toBeUndefined();

    const rows = await server.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE guid = $1', [
      body.guid,
    ]);
    const expected = createHash('sha256').update(body.mainSession.sessionId).digest('hex');
    expect(rows.map((row) => row.id_hash)).toContain(expected);
    const leaked = await server.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [body.mainSession.sessionId]);
    expect(leaked).toHaveLength(0);
  });

  it('gives every login a new session id', async () => {
    const a = await loginOk(server);
    const b = await loginOk(server);
    expect(a.guid).toBe(b.guid);
    expect(a.mainSession.sessionId).not.toBe(b.mainSession.sessionId);
  });

  it('sets sessionCookie from rememberMe and expiry to the idle expiry', async () => {
    const before = Date.now();
    const short = await loginOk(server, DEMO.email, DEMO.password, { rememberMe: false });
    const long = await loginOk(server, DEMO.email, DEMO.password, { rememberMe: true });
    const after = Date.now();
    expect(short.mainSession.sessionCookie).toBe(true);
    expect(long.mainSession.sessionCookie).toBe(false);
    expect(short.mainSession.expiry).toBeGreaterThanOrEqual(before + 2 * 3600_000);
    expect(short.mainSession.expiry).toBeLessThanOrEqual(after + 2 * 3600_000);
    expect(long.mainSession.expiry).toBeGreaterThanOrEqual(before + 30 * 86400_000);
    expect(long.mainSession.expiry).toBeLessThanOrEqual(after + 30 * 86400_000);
  });

  it('matches identifiers trimmed and case-insensitively', async () => {
    const response = await login(server, '  Demo@FOYER.test ', DEMO.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers 202 with missingAttributes when the service needs attributes the profile lacks', async () => {
    const response = await login(server, DEMO.email, DEMO.password, { serviceName: 'news' });
    expect(response.statusCode).toBe(202);
    const body = sessionResponseSchema.parse(response.json());
    expect(body.missingAttributes).toEqual(['phone']);
    expect(body.mainSession.sessionId).toBeTruthy();
    const complete = await login(server, 'other@foyer.test', 'right-password-1', { serviceName: 'news' });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).not.toHaveProperty('missingAttributes');
  });

  it('gives an unknown identifier and a wrong password the same status and body', async () => {
    const unknown = await login(server, 'nobody@foyer.test', DEMO.password);
    const wrong = await login(server, DEMO.email, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      code: 'IDENTIFIERS_INVALID',
      message: IDENTITY_ERRORS.IDENTIFIERS_INVALID.text,
      args: [],
    });
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('reveals an inactive or locked account only after the correct password', async () => {
    const inactiveWrong = await login(server, 'inactive@foyer.test', 'wrong');
    expect(inactiveWrong.statusCode).toBe(401);
    expect(inactiveWrong.json().code).toBe('IDENTIFIERS_INVALID');
    const inactive = await login(server, 'inactive@foyer.test', 'right-password-1');
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      code: 'user_profile_inactive',
      message: 'Your account is not yet activated',
      args: [],
    });

    const lockedWrong = await login(server, 'locked@foyer.test', 'wrong');
    expect(lockedWrong.json().code).toBe('IDENTIFIERS_INVALID');
    const locked = await login(server, 'locked@foyer.test', 'right-password-1');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('USER_PROFILE_LOCKED');
    // Neither created a session.
    const sessions = await server.db.query(
      "SELECT 1 FROM sessions s JOIN user_identifiers i USING (guid) WHERE i.value IN ('inactive@foyer.test', 'locked@foyer.test')",
    );
    expect(sessions).toHaveLength(0);
  });

  it('refuses bad JSON with VALIDATION_FAILED', async () => {
    const response = await post('{"realmName": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['body'] });
  });

  it('refuses a body that fails the schema, naming the paths', async () => {
    const response = await post({
      realmName: 'default',
      authenticationSchemeName: '',
      identifiers: [],
      validators: [{ name: 'password' }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; args: string[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    for (const path of ['authenticationSchemeName', 'identifiers', 'validators.0.value'])
      expect(body.args[0]).toContain(path);
    expect(body.message).toBe(`Some of the information sent is not valid: ${body.args[0]}`);
  });

  it('refuses a login without the identifiers or validators of the scheme', async () => {
    const response = await post({
      ...loginBody(DEMO.email, DEMO.password),
      identifiers: [{ name: 'username', value: 'demo' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['identifiers.email'] });
    const noPassword = await post({
      ...loginBody(DEMO.email, DEMO.password),
      validators: [{ name: 'pin', value: '1' }],
    });
    expect(noPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['validators.password'] });
  });

  it('refuses an unknown scheme, a scheme of another realm and an unknown service', async () => {
    const scheme = await post({ ...loginBody(DEMO.email, DEMO.password), authenticationSchemeName: 'nope' });
    expect(scheme.statusCode).toBe(404);
    expect(scheme.json()).toMatchObject({ code: 'AUTHENTICATION_SCHEME_NOT_FOUND', args: ['nope'] });
    const realm = await post({ ...loginBody(DEMO.email, DEMO.password), realmName: 'elsewhere' });
    expect(realm.json().code).toBe('AUTHENTICATION_SCHEME_NOT_FOUND');
    const service = await post(loginBody(DEMO.email, DEMO.password), {
      authorization: formatAuthorization({ serviceName: 'ghost' }),
    });
    expect(service.statusCode).toBe(404);
    expect(service.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND', args: ['ghost'] });
  });
});

describe('GET /session/:id (SSO refresh)', () => {
  it('returns the session with the same id and a renewed idle expiry', async () => {
    const session = await loginOk(server);
    const response = await server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${session.mainSession.sessionId}`,
    });
    expect(response.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(response.json());
    expect(body.guid).toBe(session.guid);
    expect(body.mainSession.sessionId).toBe(session.mainSession.sessionId);
    expect(body.mainSession.sessionCookie).toBe(true);
    expect(body.mainSession.expiry).toBeGreaterThanOrEqual(session.mainSession.expiry);
  });

  it('answers SESSION_NOT_FOUND for an unknown id', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/ic/api/session/not-a-session' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'SESSION_NOT_FOUND',
      message: IDENTITY_ERRORS.SESSION_NOT_FOUND.text,
      args: [],
    });
  });
});

describe('DELETE /session/:id (logout)', () => {
  it('deletes the session (204), after which it is not found', async () => {
    const session = await loginOk(server);
    const url = `/ic/api/session/${session.mainSession.sessionId}`;
    const deleted = await server.app.inject({ method: 'DELETE', url });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await server.app.inject({ method: 'DELETE', url });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SESSION_NOT_FOUND');
  });

  it('ends only that session', async () => {
    const a = await loginOk(server);
    const b = await loginOk(server);
    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${a.mainSession.sessionId}` });
    const stillThere = await server.app.inject({ method: 'GET', url: `/ic/api/session/${b.mainSession.sessionId}` });
    expect(stillThere.statusCode).toBe(200);
  });
});

describe('secure session (secure mode, identity spec §3 and §5)', () => {
  it('comes with every password login: short-lived, its own id, usable for profile calls', async () => {
    const before = Date.now();
    const session = await loginOk(server, DEMO.email, DEMO.password, { rememberMe: true });
    const secure = session.secureSession!;
    expect(secure.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secure.sessionId).not.toBe(session.mainSession.sessionId);
    expect(secure.expiry).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(secure.expiry).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: secure.sessionId }) },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('is not handed out again by the SSO refresh (only typing the password proves it)', async () => {
    const session = await loginOk(server);
    const refreshed = await server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${session.mainSession.sessionId}`,
    });
    expect(sessionResponseSchema.parse(refreshed.json()).secureSession).toBeUndefined();
  });

  it('ends with its main session', async () => {
    const session = await loginOk(server);
    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${session.mainSession.sessionId}` });
    const secure = await server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${session.secureSession!.sessionId}`,
    });
    expect(secure.statusCode).toBe(404);
  });
});
