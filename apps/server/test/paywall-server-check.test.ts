/**
 * The server-side paywall check (issue 26): a site's own server asks POST /ic/api/paywall/authorize
 * over HTTP, with no frame token, for a logged-in reader (the visitor token the host page got from
 * Foyer.getToken()) or an anonymous one (its `foyer_meter` id and `?serviceName=`). Real requests
 * over a socket, as a site's backend makes them: `inject` would add a frame's token.
 */
import { formatAuthorization, paywallAuthorizeResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { extendedSeed, loginOk, testClock, testServer } from './helpers';

const clock = testClock();
let server: PreparedServer;
let base = '';
const PAGE = 'http://localhost:8080/premium-server/article';

beforeAll(async () => {
  const seed = extendedSeed();
  const demo = seed.paywall!.services[0]!;
  server = await testServer({
    now: clock.now,
    seed: {
      ...seed,
      paywall: {
        services: [{ ...demo, segments: [{ name: 'monthly', meter: { anonymous: 2, loggedIn: 4, periodDays: 30 } }] }],
      },
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

/** The site server's call: a bearer token, or none (then the service by name). */
async function check(page: string, options: { token?: string; meterId?: string; serviceName?: string } = {}) {
  const query = options.serviceName ? `?serviceName=${options.serviceName}` : '';
  const response = await fetch(`${base}/ic/api/paywall/authorize${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify({ page, ...(options.meterId ? { meterId: options.meterId } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What the host page's Foyer.getToken() answers for a logged-in demo reader (through the frame call). */
async function visitorToken(): Promise<string> {
  const { mainSession } = await loginOk(server);
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/tokens/visitor',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: mainSession.sessionId }) },
    payload: { hostOrigin: 'http://localhost:8080' },
  });
  return response.json<{ token: string }>().token;
}

describe('the server-side paywall check', () => {
  it('refuses a call with neither a frame token, a visitor token nor a service', async () => {
    expect(await check(PAGE)).toMatchObject({ status: 403, body: { code: 'FRAME_NOT_BOUND' } });
    expect(await check(PAGE, { serviceName: 'no-such-service' })).toMatchObject({
      status: 404,
      body: { code: 'SERVICE_NOT_FOUND' },
    });
  });

  it("meters an anonymous reader by the foyer_meter id, and a login carries those views into the account's meter", async () => {
    const first = await check(`${PAGE}-1`, { serviceName: 'demo' });
    expect(first.status).toBe(200);
    const meterId = paywallAuthorizeResultSchema.parse(first.body).meterId!;
    expect(meterId).toEqual(expect.any(String));
    const second = paywallAuthorizeResultSchema.parse(
      (await check(`${PAGE}-2`, { serviceName: 'demo', meterId })).body,
    );
    expect(second).toMatchObject({ result: 'ALLOW_ACCESS', activeMeter: { count: 2, max: 2 } });
    expect((await check(`${PAGE}-3`, { serviceName: 'demo', meterId })).body).toMatchObject({
      result: 'REQUIRE_LOGIN',
    });

    // Logged in (the page handed its server a visitor token): the same reader, one meter.
    const token = await visitorToken();
    const loggedIn = paywallAuthorizeResultSchema.parse((await check(`${PAGE}-3`, { token, meterId })).body);
    expect(loggedIn).toMatchObject({ result: 'ALLOW_ACCESS', activeMeter: { count: 3, max: 4 } });
    // Not a frame's answer: no anonymous meter id is issued to a logged-in reader.
    expect(loggedIn.meterId).toBeUndefined();
  });

  it('refuses a tampered or expired visitor token with 401', async () => {
    const token = await visitorToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    expect(await check(PAGE, { token: forged })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    clock.advance(301_000);
    expect(await check(PAGE, { token })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });
});
