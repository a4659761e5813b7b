/**
 * Issue 11, findings 3–6: limits that hold under concurrency (many requests at once, the way an
 * attacker sends them), captcha on every route into a captcha-protected service, and the purchase
 * flow's sign-up limited like registration. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { formatAuthorization } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { identifierKey } from '../src/security/rate-limit';
import { seedConfig } from '../src/seed-config';
import { DEMO, login, loginBody, testServer } from './helpers';
import { startRecaptchaStandIn, type RecaptchaStandIn } from './stand-ins/recaptcha';

const SECRET = 'test-secret-of-the-captcha-service';
const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
let standIn: RecaptchaStandIn;
let server: PreparedServer;
let tokens = 0;

beforeAll(async () => {
  standIn = await startRecaptchaStandIn(SECRET);
  server = await testServer({
    recaptcha: { verifyUrl: standIn.verifyUrl },
    loginRateLimit: { perIdentifier: 10, perAddress: 100 },
    registrationPerHour: 5,
    identifierSearchPerMinute: 5,
    seed: {
      ...seedConfig,
      // The default service shows a captcha: a login that names no service gets it too.
      services: [
        ...seedConfig.services.map((service) => ({ ...service, default: false })),
        {
          name: 'captcha',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'Captcha demo',
          requiredAttributes: [],
          allowedHostOrigins: ['http://localhost:*'],
          recaptchaSiteKey: SITE_KEY,
          recaptchaSecret: SECRET,
          default: true,
        },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** A captcha solved just now. */
function solved(): string {
  tokens += 1;
  const token = `solved-${tokens}`;
  standIn.issue(token, Date.now() - 1000, 'localhost');
  return token;
}

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

function newCustomer(email: string, extra: { name: string; value: string }[] = []) {
  return [
    { name: 'email', value: email },
    { name: 'password', value: 'secret-pass-1' },
    { name: 'firstName', value: 'Ada' },
    { name: 'lastName', value: 'Lovelace' },
    ...extra,
  ];
}
const signUp = (service: string, payload: object, remoteAddress = '203.0.113.50') =>
  server.app.inject({ method: 'POST', url: `/pm/api/widget/profile/${service}`, payload, remoteAddress });

describe('login throttling under concurrency', () => {
  it('40 wrong passwords at once for one account: at most 10 reach the password check, then the right one waits', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(server, DEMO.email, `wrong-${i}`, { remoteAddress: `198.51.100.${i + 1}` }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[429]).toBeGreaterThanOrEqual(30);
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: '198.51.100.99' })).statusCode).toBe(429);
  });

  it('130 failures at once from one address: at most 100 are evaluated', async () => {
    const address = '192.0.2.44';
    const burst = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        login(server, `nobody-${i}@foyer.test`, 'guess', { remoteAddress: address }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(100);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(130);
    expect(counts[429]).toBeGreaterThanOrEqual(30);

    // Over the address limit, a service without a captcha refuses; one with a captcha asks for it instead.
    const other = loginBody('other-owner@foyer.test', 'x');
    const plain = await login(server, 'someone@foyer.test', 'x', { remoteAddress: address });
    expect(plain.statusCode).toBe(429);
    const withoutCaptcha = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { authorization: formatAuthorization({ serviceName: 'captcha' }) },
      payload: other,
      remoteAddress: address,
    });
    expect(withoutCaptcha.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    const withCaptcha = await server.app.inject({
      method: 'POST',
      url: '/ic/api/session',
      headers: { authorization: formatAuthorization({ serviceName: 'captcha' }) },
      payload: { ...loginBody('other@foyer.test', 'right-password-1'), recaptchaResponse: solved() },
      remoteAddress: address,
    });
    // Evaluated (the account does not exist in this seed): a 401, not a flat 429.
    expect(withCaptcha.statusCode).toBe(401);
  });
});

describe('captcha cannot be skipped', () => {
  const post = (headers: Record<string, string>, payload: object) =>
    server.app.inject({ method: 'POST', url: '/ic/api/session', headers, payload, remoteAddress: '203.0.113.7' });

  it("a login that names no service is for its frame's service (here the default one), whose captcha it needs", async () => {
    const bare = await post({}, loginBody('demo-nobody@foyer.test', 'x'));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    const solvedLogin = await post({}, { ...loginBody('demo-nobody@foyer.test', 'x'), recaptchaResponse: solved() });
    expect(solvedLogin.json().code).toBe('IDENTIFIERS_INVALID');
  });

  it('a refused captcha does not count as a failure of the account', async () => {
    for (let i = 0; i < 15; i += 1) await post({}, loginBody('owner@foyer.test', 'x'));
    const key = identifierKey('default', [{ name: 'email', value: 'owner@foyer.test' }]);
    expect(await server.db.query('SELECT 1 FROM login_attempts WHERE key = $1', [key])).toHaveLength(0);
    const afterwards = await post({}, { ...loginBody('owner@foyer.test', 'x'), recaptchaResponse: solved() });
    expect(afterwards.json().code).toBe('IDENTIFIERS_INVALID');
  });

  it('the purchase flow’s sign-up asks for the captcha of a service with a site key', async () => {
    const without = await signUp('captcha', newCustomer('buyer1@foyer.test'), '203.0.113.60');
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    const withCaptcha = await signUp(
      'captcha',
      newCustomer('buyer1@foyer.test', [{ name: 'recaptchaResponse', value: solved() }]),
      '203.0.113.60',
    );
    expect(withCaptcha.statusCode).toBe(201);
    expect(JSON.stringify(withCaptcha.json())).not.toContain('recaptchaResponse');
  });
});

describe('purchase-flow login', () => {
  it('asks for the captcha of a service with a site key and passes a solved one on', async () => {
    const body = {
      identifiers: [{ name: 'email', value: 'buyer1@foyer.test' }],
      validators: [{ name: 'password', value: 'secret-pass-1' }],
    };
    const post = (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: '/pm/api/widget/profile/login/captcha',
        payload,
        remoteAddress: '203.0.113.61',
      });
    expect((await post(body)).json().code).toBe('RECAPTCHA_VERIFICATION_FAILED');
    expect((await post({ ...body, recaptchaResponse: solved() })).statusCode).toBe(200);
  });
});

describe('purchase-flow sign-up limits', () => {
  it('shares the per-address account budget with registration', async () => {
    const address = '203.0.113.90';
    const registered = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/ic/api/userProfile',
        remoteAddress: address,
        payload: {
          realm: 'default',
          services: ['demo'],
          attributes: [
            { name: 'email', value: `shared-${i}@foyer.test` },
            { name: 'password', value: 'new-password-1' },
            { name: 'firstName', value: 'Ada' },
            { name: 'lastName', value: 'Lovelace' },
          ],
        },
      });
      registered.push(response.statusCode);
    }
    expect(registered).toEqual([201, 201, 201]);
    const bought = [];
    for (let i = 0; i < 3; i += 1) {
      bought.push((await signUp('demo', newCustomer(`shared-buyer-${i}@foyer.test`), address)).statusCode);
    }
    expect(bought).toEqual([201, 201, 429]);
  });

  it('creates at most the per-address limit of accounts, however many arrive at once', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp('demo', newCustomer(`bulk-${i}@foyer.test`), '203.0.113.70')),
    );
    const counts = statuses(burst);
    expect(counts[201]).toBe(5);
    expect(counts[429]).toBe(7);
    // Another address is not affected.
    expect((await signUp('demo', newCustomer('bulk-x@foyer.test'), '203.0.113.71')).statusCode).toBe(201);
  });

  it('its duplicate answer spends the identifier-search budget of the address', async () => {
    const address = '203.0.113.80';
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await signUp('demo', newCustomer(DEMO.email), address)).statusCode);
    expect(answers).toEqual([409, 409, 409, 409, 409, 429]);
    const search = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/searchByIdentifiers/email?realmName=default&value=${encodeURIComponent(DEMO.email)}`,
      remoteAddress: address,
    });
    expect(search.statusCode).toBe(429);
  });
});
