import { formatAuthorization } from '@foyer/api';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import type { PreparedServer } from '../src/index';
import { RETIRED_KEY_PUBLISHED_MS } from '../src/tokens/keys';
import { sessionHandle, verifyVisitorToken } from '../src/tokens/visitor-token';
import { loginOk, PUBLIC_URL, testClock, testServer } from './helpers';
import { call, orderOk, seededPerson } from './widget/helpers';
import { seedConfig } from '../src/seed-config';

const clock = testClock();
let server: PreparedServer;
const HOST = 'http://localhost:8080';

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, seededPerson('reader@foyer.test')] },
  });
});
afterAll(() => server.close());

async function tokenFor(sessionId: string | undefined, hostOrigin = HOST) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/tokens/visitor',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', ...(sessionId ? { sessionId } : {}) }) },
    payload: { hostOrigin },
  });
  return { status: response.statusCode, body: response.json<{ token?: string | null; errorCode?: string }>() };
}

async function jwks(): Promise<JSONWebKeySet> {
  const response = await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  return response.json<JSONWebKeySet>();
}

const verify = async (token: string) =>
  (
    await jwtVerify(token, createLocalJWKSet(await jwks()), {
      issuer: PUBLIC_URL,
      audience: 'demo',
      currentDate: new Date(clock.now()),
    })
  ).payload;

describe('visitor tokens', () => {
  it('publishes one ES256 key from the first start', async () => {
    const { keys } = await jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]!.kid).toEqual(expect.any(String));
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('mints a token through the frame call that verifies against the JWKS, with entitlements', async () => {
    const { mainSession, guid } = await loginOk(server);
    const sessionId = mainSession.sessionId;
    const { status, body } = await tokenFor(sessionId);
    expect(status).toBe(200);
    const claims = await verify(body.token!);
    expect(claims).toMatchObject({ iss: PUBLIC_URL, aud: 'demo', sub: guid, sid: sessionHandle(sessionId) });
    expect(claims.sid).toMatch(/^[\w-]{22}$/);
    expect(body.token).not.toContain(sessionId);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(claims.iat).toBe(Math.floor(clock.now() / 1000));
    expect(claims.entitlements).toEqual([]);
    expect(await verifyVisitorToken(server.deps, body.token!)).toMatchObject({ sub: guid, entitlements: [] });

    // After a purchase, the same call carries the product the paywall now lets them read.
    const order = await orderOk(server, sessionId, [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }]);
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session: sessionId,
      payload: { token: 'manual' },
    });
    expect(paid.statusCode).toBe(200);
    expect((await verify((await tokenFor(sessionId)).body.token!)).entitlements).toEqual(['demo-digital']);
  });

  it('answers no token without a live session, and refuses a host origin the service does not allow', async () => {
    expect(await tokenFor(undefined)).toEqual({ status: 200, body: { token: null } });
    expect(await tokenFor('no-such-session')).toEqual({ status: 200, body: { token: null } });
    const sessionId = (await loginOk(server, 'reader@foyer.test', 'right-password-1')).mainSession.sessionId;
    const refused = await tokenFor(sessionId, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body.token).toBeUndefined();
  });

  it('refuses tampered and expired tokens', async () => {
    const sessionId = (await loginOk(server, 'reader@foyer.test', 'right-password-1')).mainSession.sessionId;
    const token = (await tokenFor(sessionId)).body.token!;
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), entitlements: ['demo-digital'] }),
    ).toString('base64url');
    expect(await verifyVisitorToken(server.deps, `${header}.${forged}.${signature}`)).toBeNull();
    clock.advance(301_000);
    expect(await verifyVisitorToken(server.deps, token)).toBeNull();
  });

  it('keeps verifying tokens of a rotated key until they expire, then stops publishing it', async () => {
    const sessionId = (await loginOk(server, 'reader@foyer.test', 'right-password-1')).mainSession.sessionId;
    const before = (await tokenFor(sessionId)).body.token!;
    const oldKid = decodeProtectedHeader(before).kid;

    const printed: string[] = [];
    expect(
      await runCli(['keys', 'rotate'], { db: server.db, now: clock.now, print: (line) => printed.push(line) }),
    ).toBe(0);
    const newKid = printed[0]!;
    expect(newKid).not.toBe(oldKid);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([newKid, oldKid]);

    // The old token still verifies; new ones are signed with the new key.
    expect(await verify(before)).toMatchObject({ sid: sessionHandle(sessionId) });
    const after = (await tokenFor(sessionId)).body.token!;
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect(await verify(after)).toMatchObject({ aud: 'demo' });

    clock.advance(RETIRED_KEY_PUBLISHED_MS - 1000);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    clock.advance(1000);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([newKid]);
  });

  it('prints the commands for an unknown one', async () => {
    const printed: string[] = [];
    expect(await runCli(['nope'], { db: server.db, now: clock.now, print: (line) => printed.push(line) })).toBe(2);
    expect(printed.join('\n')).toContain('keys rotate');
  });
});
