import { formatAuthorization } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RECAPTCHA_VERIFY_URL, recaptchaVerifier } from '../src/adapters/recaptcha';
import type { PreparedServer } from '../src/index';
import { seedConfig } from '../src/seed-config';
import {
  DEMO,
  frameTokenHeader,
  login,
  loginBody,
  loginOk,
  profileAuth,
  register,
  registerBody,
  testClock,
  testServer,
} from './helpers';
import { startRecaptchaStandIn, type RecaptchaStandIn } from './stand-ins/recaptcha';

const SECRET = 'test-secret-of-the-captcha-service';
const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI'; // 40 characters
const clock = testClock(Date.UTC(2030, 5, 1, 12));
let standIn: RecaptchaStandIn;
let server: PreparedServer;

beforeAll(async () => {
  standIn = await startRecaptchaStandIn(SECRET);
  server = await testServer({
    now: clock.now,
    recaptcha: { verifyUrl: standIn.verifyUrl },
    seed: {
      ...seedConfig,
      services: [
        ...seedConfig.services,
        {
          name: 'captcha',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'Captcha demo',
          requiredAttributes: [],
          allowedHostOrigins: ['http://localhost:*'],
          recaptchaSiteKey: SITE_KEY,
          recaptchaSecret: SECRET,
        },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('reCAPTCHA adapter against the stand-in', () => {
  const verifier = () => recaptchaVerifier({ verifyUrl: standIn.verifyUrl });

  it('posts secret, response and remoteip form-encoded and accepts a fresh solution once', async () => {
    const now = Date.UTC(2030, 0, 1, 12);
    standIn.issue('fresh', now - 30_000, 'localhost');
    const verdict = await verifier().verify({ secret: SECRET, response: 'fresh', remoteIp: '203.0.113.9', now });
    expect(verdict).toEqual({ success: true, errorCodes: [], hostname: 'localhost', challengeTs: now - 30_000 });
    expect(standIn.requests.at(-1)).toEqual({ secret: SECRET, response: 'fresh', remoteip: '203.0.113.9' });
    // Google verifies a token only once.
    const again = await verifier().verify({ secret: SECRET, response: 'fresh', now });
    expect(again).toMatchObject({ success: false, errorCodes: ['timeout-or-duplicate'] });
  });

  it('refuses a solution older than 120 s, a wrong secret, an unknown or empty token', async () => {
    const now = Date.UTC(2030, 0, 1, 12);
    standIn.issue('stale', now - 121_000);
    expect(await verifier().verify({ secret: SECRET, response: 'stale', now })).toMatchObject({
      success: false,
      errorCodes: ['timeout-or-duplicate'],
    });
    standIn.issue('edge', now - 120_000);
    expect((await verifier().verify({ secret: SECRET, response: 'edge', now })).success).toBe(true);
    standIn.issue('secret', now);
    expect(await verifier().verify({ secret: 'wrong', response: 'secret', now })).toMatchObject({
      success: false,
      errorCodes: ['invalid-input-secret'],
    });
    expect((await verifier().verify({ secret: SECRET, response: 'unknown', now })).errorCodes).toEqual([
      'invalid-input-response',
    ]);
    const before = standIn.requests.length;
    expect((await verifier().verify({ secret: SECRET, response: '', now })).errorCodes).toEqual([
      'missing-input-response',
    ]);
    expect(standIn.requests).toHaveLength(before);
  });

  it('refuses when the verify API cannot be reached (a captcha that cannot be checked is not solved)', async () => {
    const down = recaptchaVerifier({ verifyUrl: 'http://127.0.0.1:9/siteverify', timeoutMs: 2000 });
    expect(await down.verify({ secret: SECRET, response: 'x', now: Date.now() })).toEqual({
      success: false,
      errorCodes: ['verify-unreachable'],
    });
    expect(DEFAULT_RECAPTCHA_VERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
  });
});

describe('captcha on re-authentication (POST /session/:id)', () => {
  it('follows the login: no solved captcha, no secure session', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
      payload: loginBody(DEMO.email, DEMO.password),
    });
    const sessionId = (login.json() as { mainSession: { sessionId: string } }).mainSession.sessionId;
    const response = await server.app.inject({
      method: 'POST',
      url: `/ic/api/session/${sessionId}`,
      headers: { authorization: formatAuthorization({ serviceName: 'captcha', sessionId }) },
      payload: loginBody(DEMO.email, DEMO.password),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
  });
});

describe('captcha on registration', () => {
  it('needs a solved captcha when the service has a site key', async () => {
    const body = registerBody('robot@example.test', { services: ['captcha'] });
    const none = await register(server, body);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      code: 'RECAPTCHA_VERIFICATION_FAILED',
      message: 'Please verify that you are not a robot',
      args: [],
    });
    standIn.issue('old-solution', clock.now() - 180_000);
    expect((await register(server, { ...body, recaptchaResponse: 'old-solution' })).json().code).toBe(
      'RECAPTCHA_VERIFICATION_FAILED',
    );
    standIn.issue('solved', clock.now() - 5_000);
    const ok = await register(server, { ...body, recaptchaResponse: 'solved' }, {});
    expect(ok.statusCode).toBe(201);
    expect(standIn.requests.at(-1)).toMatchObject({ secret: SECRET, response: 'solved', remoteip: '127.0.0.1' });
  });

  it('a frame of the captcha service cannot skip its captcha by registering for another service', async () => {
    const frame = frameTokenHeader('captcha', clock.now());
    // The primary (first) service must be the frame's.
    for (const services of [['demo'], ['demo', 'captcha']]) {
      const sneak = await register(server, registerBody('sneak@example.test', { services }), frame);
      expect(sneak.statusCode).toBe(403);
      expect(sneak.json().code).toBe('FRAME_NOT_BOUND');
    }
    // Any further service joined still asks for its captcha, whichever frame calls.
    for (const [service, services] of [
      ['captcha', ['captcha', 'demo']],
      ['demo', ['demo', 'captcha']],
    ] as const) {
      const joined = await register(
        server,
        registerBody('sneak@example.test', { services: [...services] }),
        frameTokenHeader(service, clock.now()),
      );
      expect(joined.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    }
    // No account was made (an inactive one would answer user_profile_inactive).
    expect((await login(server, 'sneak@example.test', 'new-password-1')).json().code).toBe('IDENTIFIERS_INVALID');
  });

  it('does not ask services without a site key', async () => {
    const before = standIn.requests.length;
    expect((await register(server, registerBody('human@example.test'))).statusCode).toBe(201);
    expect(standIn.requests).toHaveLength(before);
  });
});

describe('captcha on login', () => {
  const loginWith = (recaptchaResponse?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { authorization: formatAuthorization({ serviceName: 'captcha' }) },
      payload: { ...loginBody(DEMO.email, DEMO.password), ...(recaptchaResponse ? { recaptchaResponse } : {}) },
    });

  it('needs a solved captcha for a service with a site key, checked before the password', async () => {
    const missing = await loginWith();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'RECAPTCHA_VERIFICATION_FAILED',
      message: 'Please verify that you are not a robot',
    });
    expect((await loginWith('never-issued')).json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    standIn.issue('login-solved', clock.now() - 1000);
    expect((await loginWith('login-solved')).statusCode).toBe(200);
    // The demo service has no captcha.
    expect((await login(server, DEMO.email, DEMO.password)).statusCode).toBe(200);
  });

  it("a call that names no service is for the calling frame's: leaving the header out does not skip its captcha", async () => {
    const headerless = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: frameTokenHeader('captcha', clock.now()),
      payload: loginBody(DEMO.email, DEMO.password),
    });
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
  });
});

describe('a session is for the service it was made for (issue 24, finding 11)', () => {
  it("a login the captcha service refused, made through demo instead, opens none of the captcha service's calls", async () => {
    const session = await loginOk(server);
    const { guid } = session;
    const { sessionId } = session.mainSession;
    const asCaptcha = formatAuthorization({ serviceName: 'captcha', sessionId });
    // The captcha service's frames: profile, joining the service, SSO refresh, re-authentication.
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${guid}`,
      headers: { authorization: asCaptcha },
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().code).toBe('UNAUTHORIZED');
    const join = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${guid}/link/captcha`,
      headers: { authorization: asCaptcha },
    });
    expect(join.statusCode).toBe(401);
    const refresh = await server.app.inject({
      method: 'GET',
      url: `/ic/api/session/${sessionId}`,
      headers: { authorization: formatAuthorization({ serviceName: 'captcha' }) },
    });
    expect(refresh.json().code).toBe('SESSION_NOT_FOUND');
    // The same session still works where it was made.
    const own = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${guid}`,
      headers: { authorization: profileAuth(sessionId) },
    });
    expect(own.statusCode).toBe(200);
    // A login through the captcha service (captcha solved) works there.
    standIn.issue('own-login', clock.now() - 1000);
    const captchaLogin = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { authorization: formatAuthorization({ serviceName: 'captcha' }) },
      payload: { ...loginBody(DEMO.email, DEMO.password), recaptchaResponse: 'own-login' },
    });
    const captchaSession = captchaLogin.json<{ mainSession: { sessionId: string } }>().mainSession.sessionId;
    const there = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${guid}/link/captcha`,
      headers: { authorization: formatAuthorization({ serviceName: 'captcha', sessionId: captchaSession }) },
    });
    expect(there.statusCode).toBe(200);
  });
});

describe('GET /recaptcha/settings/:siteKey', () => {
  const get = (key: string) => server.app.inject({ method: 'GET', url: `/ic/api/recaptcha/settings/${key}` });

  it('answers a configured 40-character key, refuses other lengths and unknown keys', async () => {
    const ok = await get(SITE_KEY);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ siteKey: SITE_KEY, responseLifetimeSeconds: 120 });
    const short = await get('too-short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'RECAPTCHA_SITE_KEY_REQUIRED',
      message: 'Google Re-captcha Site Key required.',
      args: [],
    });
    expect((await get('x'.repeat(40))).statusCode).toBe(404);
    expect((await get('x'.repeat(41))).json().code).toBe('RECAPTCHA_SITE_KEY_REQUIRED');
  });

  it('shows the site key in the public service configuration', async () => {
    const service = await server.app.inject({ method: 'GET', url: '/ic/api/service/captcha' });
    expect(service.json()).toMatchObject({ recaptchaSiteKey: SITE_KEY, requireOldPassword: true });
    expect(service.body).not.toContain(SECRET);
  });
});
