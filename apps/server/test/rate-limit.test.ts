import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRateLimitFrom } from '../src/config';
import type { PreparedServer } from '../src/index';
import { DEFAULT_LOGIN_RATE_LIMIT, identifierDelayMs } from '../src/security/rate-limit';
import { DEMO, extendedSeed, login, testClock, testServer } from './helpers';

const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  // Per identifier: the default (10). Per address: 25, so the address test stays short.
  server = await testServer({ now: clock.now, seed: extendedSeed(), loginRateLimit: { perAddress: 25 } });
});
afterAll(() => server.close());

const attemptCount = async () =>
  Number((await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM login_attempts'))[0]!.n);

describe('login rate limit', () => {
  it('defaults to 10 free failures per identifier, delays up to 15 minutes, 100 per address in 15 minutes', () => {
    expect(DEFAULT_LOGIN_RATE_LIMIT).toEqual({
      perIdentifier: 10,
      perAddress: 100,
      windowMinutes: 15,
      maxDelayMinutes: 15,
    });
    expect(loginRateLimitFrom({}, {})).toEqual(DEFAULT_LOGIN_RATE_LIMIT);
    expect(
      loginRateLimitFrom(
        { perAddress: 7 },
        {
          FOYER_LOGIN_LIMIT_PER_IDENTIFIER: '3',
          FOYER_LOGIN_LIMIT_PER_ADDRESS: '50',
          FOYER_LOGIN_LIMIT_WINDOW_MINUTES: '5',
          FOYER_LOGIN_MAX_DELAY_MINUTES: '30',
        },
      ),
    ).toEqual({ perIdentifier: 3, perAddress: 7, windowMinutes: 5, maxDelayMinutes: 30 });
    expect(() => loginRateLimitFrom({}, { FOYER_LOGIN_LIMIT_PER_IDENTIFIER: 'lots' })).toThrow(/whole number/);
    // 1, 2, 4, 8 minutes, then the 15-minute cap.
    expect([10, 11, 12, 13, 14, 15, 40].map((n) => identifierDelayMs(DEFAULT_LOGIN_RATE_LIMIT, n) / 60_000)).toEqual([
      1, 2, 4, 8, 15, 15, 15,
    ]);
  });

  // Changed deliberately for issue 3: the 11th attempt used to wait until the first failure left
  // a 15-minute window (a lockout an attacker could renew for ever); now it waits a delay after
  // the last failure that doubles with each further failure, and the owner can log in after it.
  it('makes the 11th attempt on one identifier wait 1 minute (429, the wait in minutes, Retry-After), then longer', async () => {
    const address = '10.0.0.1';
    for (let i = 0; i < 10; i += 1) {
      const response = await login(server, DEMO.email, `wrong-${i}`, { remoteAddress: address });
      expect(response.statusCode).toBe(401);
      clock.advance(1000);
    }
    const refused = await login(server, DEMO.email, 'wrong-again', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    // The last failure was 1 s ago: 59 s to go.
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Please wait 1 minutes before you try again.',
      args: ['1'],
    });
    expect(refused.headers['retry-after']).toBe('59');

    // Checked before the password: even the right one is refused now, and nothing is recorded.
    const before = await attemptCount();
    const right = await login(server, DEMO.email, DEMO.password, { remoteAddress: '10.0.0.2' });
    expect(right.statusCode).toBe(429);
    expect(await attemptCount()).toBe(before);

    // Another account from the same address is unaffected.
    expect((await login(server, 'other@foyer.test', 'right-password-1', { remoteAddress: address })).statusCode).toBe(
      200,
    );

    // Counts the same identifier however it is spelled.
    expect((await login(server, ' DEMO@foyer.test', 'x', { remoteAddress: address })).statusCode).toBe(429);

    // Each further failure doubles the delay: 2, 4, 8 minutes, then 15 at most.
    for (const minutes of [2, 4, 8, 15, 15]) {
      clock.advance(60 * 60_000);
      expect((await login(server, DEMO.email, 'still-wrong', { remoteAddress: address })).statusCode).toBe(401);
      clock.advance(1000);
      const waiting = await login(server, DEMO.email, DEMO.password, { remoteAddress: address });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().args).toEqual([String(minutes)]);
      expect(waiting.headers['retry-after']).toBe(String(minutes * 60 - 1));
    }

    // No lockout: once the delay has passed the owner logs in, and the failures are forgiven.
    clock.advance(15 * 60_000);
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: address })).statusCode).toBe(200);
    expect((await login(server, DEMO.email, 'typo', { remoteAddress: address })).statusCode).toBe(401);
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: address })).statusCode).toBe(200);
  });

  it('forgives an identifier’s failures after a successful login', async () => {
    for (let i = 0; i < 9; i += 1) await login(server, DEMO.email, 'wrong', { remoteAddress: '10.0.1.1' });
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: '10.0.1.1' })).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await login(server, DEMO.email, 'wrong', { remoteAddress: '10.0.1.1' })).statusCode).toBe(401);
    }
    clock.advance(20 * 60_000);
  });

  it('refuses an address after 25 failures across many identifiers (unknown ones too)', async () => {
    const address = '192.0.2.7';
    for (let i = 0; i < 25; i += 1) {
      const response = await login(server, `visitor${i}@foyer.test`, 'guess', { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    const refused = await login(server, DEMO.email, DEMO.password, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses still log in.
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: '192.0.2.8' })).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await login(server, DEMO.email, DEMO.password, { remoteAddress: address })).statusCode).toBe(200);
  });

  it('does not count inactive or locked accounts’ correct passwords as failures', async () => {
    const before = await attemptCount();
    await login(server, 'locked@foyer.test', 'right-password-1', { remoteAddress: '10.9.9.9' });
    await login(server, 'inactive@foyer.test', 'right-password-1', { remoteAddress: '10.9.9.9' });
    expect(await attemptCount()).toBe(before);
  });
});
