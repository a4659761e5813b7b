/**
 * Issue 11, finding 4: over the per-address limit, a service without a captcha answers a flat 429,
 * which would lock out every account behind a busy address. A completed password reset (the mailed
 * key) gives that account a single-use, short-lived pass past the address limit for its next
 * correct login, so the owner can always end the lock-out. The pass is for that account only,
 * never skips the password check, and is not minted by asking for the mail alone.
 */
import { formatAuthorization } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { LOGIN_PASS_LIFETIME_MS } from '../src/security/rate-limit';
import { extendedSeed, linkParam, login, mailbox, testClock, testServer } from './helpers';

const clock = testClock();
let server: PreparedServer;
const PER_ADDRESS = 20;
// Longer than the pass, so the address stays over its limit after the pass has expired.
const WINDOW_MINUTES = 60;

beforeAll(async () => {
  const seed = extendedSeed();
  const template = seed.accounts.find((candidate) => candidate.identifiers.email === 'other@foyer.test')!;
  seed.accounts.push(
    ...['owner', 'neighbour', 'racer', 'careful', 'late', 'asker'].map((name) => ({
      ...template,
      identifiers: { email: `${name}@foyer.test` },
    })),
  );
  server = await testServer({
    now: clock.now,
    seed,
    loginRateLimit: { perIdentifier: 10, perAddress: PER_ADDRESS, windowMinutes: WINDOW_MINUTES },
  });
});
afterAll(() => server.close());

let addresses = 0;
/** A fresh address, pushed over its limit by failures on accounts that do not exist. */
async function lockedAddress(): Promise<string> {
  addresses += 1;
  const address = `198.51.100.${addresses}`;
  for (let i = 0; i < PER_ADDRESS; i += 1) {
    expect((await login(server, `nobody-${i}@foyer.test`, 'guess', { remoteAddress: address })).statusCode).toBe(401);
  }
  return address;
}

/** The owner asks for the mail (from another address, say a phone) and sets a new password with its key. */
async function resetPassword(email: string, password: string): Promise<void> {
  const asked = await server.app.inject({
    method: 'POST',
    url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email)}`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    remoteAddress: '203.0.113.200',
  });
  expect(asked.statusCode).toBe(200);
  let key = '';
  await expect
    .poll(async () => {
      const mail = (await mailbox(server)).find((candidate) => candidate.to === email);
      key = mail ? linkParam(mail, 'resetAttributeKey') : '';
      return key;
    })
    .not.toBe('');
  const done = await server.app.inject({
    method: 'PUT',
    url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(key)}`,
    payload: { attributes: [{ name: 'password', value: password }] },
    remoteAddress: '203.0.113.200',
  });
  expect(done.statusCode).toBe(204);
}

const PASSWORD = 'right-password-1';
const NEW_PASSWORD = 'owner-again-1';

describe('a completed password reset ends a lock-out of its account on a busy address', () => {
  it('lets the owner’s next correct login past the address limit once; other accounts stay limited', async () => {
    const address = await lockedAddress();
    const locked = await login(server, 'owner@foyer.test', PASSWORD, { remoteAddress: address });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    await resetPassword('owner@foyer.test', NEW_PASSWORD);
    expect((await login(server, 'owner@foyer.test', NEW_PASSWORD, { remoteAddress: address })).statusCode).toBe(200);
    // Single use: the address is still over its limit.
    expect((await login(server, 'owner@foyer.test', NEW_PASSWORD, { remoteAddress: address })).statusCode).toBe(429);
    // Another account behind the same address has no pass.
    expect((await login(server, 'neighbour@foyer.test', PASSWORD, { remoteAddress: address })).statusCode).toBe(429);
  });

  it('never skips the password check, and a wrong password does not spend the owner’s pass', async () => {
    const address = await lockedAddress();
    await resetPassword('careful@foyer.test', NEW_PASSWORD);
    const wrong = await login(server, 'careful@foyer.test', 'not-the-password', { remoteAddress: address });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('IDENTIFIERS_INVALID');
    // The old password is no longer the password either.
    expect((await login(server, 'careful@foyer.test', PASSWORD, { remoteAddress: address })).statusCode).toBe(401);
    expect((await login(server, 'careful@foyer.test', NEW_PASSWORD, { remoteAddress: address })).statusCode).toBe(200);
  });

  it('is single-use under concurrency: of 10 correct logins at once, one passes the address limit', async () => {
    const address = await lockedAddress();
    await resetPassword('racer@foyer.test', NEW_PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => login(server, 'racer@foyer.test', NEW_PASSWORD, { remoteAddress: address })),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(429)]);
  });

  it('is not minted by asking for the mail, nor by a wrong key, and expires', async () => {
    const address = await lockedAddress();
    const asked = await server.app.inject({
      method: 'POST',
      url: '/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=asker%40foyer.test',
    });
    expect(asked.statusCode).toBe(200);
    const forged = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/resetAttributeWorkflow/${'x'.repeat(43)}`,
      payload: { attributes: [{ name: 'password', value: NEW_PASSWORD }] },
    });
    expect(forged.statusCode).toBe(404);
    expect((await login(server, 'asker@foyer.test', PASSWORD, { remoteAddress: address })).statusCode).toBe(429);

    await resetPassword('late@foyer.test', NEW_PASSWORD);
    clock.advance(LOGIN_PASS_LIFETIME_MS + 1000);
    const expired = await login(server, 'late@foyer.test', NEW_PASSWORD, { remoteAddress: address });
    expect(expired.statusCode).toBe(429);
  });
});
