import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRateLimitFrom } from '../src/config';
import type { PreparedServer } from '../src/index';
import { DEFAULT_LOGIN_RATE_LIMIT } from '../src/security/rate-limit';
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
  it('defaults to 10 per identifier and 100 per address in 15 minutes, configurable by env', () => {
    expect(DEFAULT_LOGIN_RATE_LIMIT).toEqual({ perIdentifier: 10, perAddress: 100, windowMinutes: 15 });
    expect(loginRateLimitFrom({}, {})).toEqual(DEFAULT_LOGIN_RATE_LIMIT);
    expect(
      loginRateLimitFrom(
        { perAddress: 7 },
        {
          FOYER_LOGIN_LIMIT_PER_IDENTIFIER: '3',
          FOYER_LOGIN_LIMIT_PER_ADDRESS: '50',
          FOYER_LOGIN_LIMIT_WINDOW_MINUTES: '5',
        },
      ),
    ).toEqual({ perIdentifier: 3, perAddress: 7, windowMinutes: 5 });
    expect(() => loginRateLimitFrom({}, { FOYER_LOGIN_LIMIT_PER_IDENTIFIER: 'lots' })).toThrow(/whole number/);
  });

  it('refuses the 11th attempt on one identifier with 429, the wait in minutes and Retry-After', async () => {
    const address = '10.0.0.1';
    for (let i = 0; i < 10; i += 1) {
      const response = await login(server, DEMO.email, `wrong-${i}`, { remoteAddress: address });
      expect(response.statusCode).toBe(401);
      clock.advance(1000);
    }
    const refused = await login(server, DEMO.email, 'wrong-again', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    // The first failure ages out of the 15-minute window 15 min - 10 s from now.
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Please wait 15 minutes before you try again.',
      args: ['15'],
    });
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 10));

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

    clock.advance(5 * 60_000);
    expect((await login(server, DEMO.email, DEMO.password)).json().args).toEqual(['10']);

    // Once the oldest failure leaves the window, the account can log in again.
    clock.advance(10 * 60_000);
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
