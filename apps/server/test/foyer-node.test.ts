/**
 * `@foyer/node` against the real widgets server (issue 26): the package a site's backend uses
 * fetches this server's JWKS over HTTP and verifies the tokens its frame call mints; it refuses a
 * token for another service, an expired one and a tampered one. (packages/node's own tests use a
 * throwaway issuer; this proves the two ends agree.)
 */
import { formatAuthorization } from '@foyer/api';
import { FoyerTokenError, verifyFoyerToken } from '@foyer/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { loginOk, PUBLIC_URL, testClock, testServer } from './helpers';

// @foyer/node checks times against the real clock: the server's starts ten minutes ago.
const clock = testClock(Date.now() - 10 * 60_000);
let server: PreparedServer;
let jwksUrl = '';

beforeAll(async () => {
  server = await testServer({ now: clock.now });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  jwksUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/.well-known/jwks.json`;
});
afterAll(() => server.close());

async function mint(): Promise<{ token: string; guid: string }> {
  const { mainSession, guid } = await loginOk(server);
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/tokens/visitor',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: mainSession.sessionId }) },
    payload: { hostOrigin: 'http://localhost:8080' },
  });
  return { token: response.json<{ token: string }>().token, guid };
}

const refusal = (token: string, audience = 'demo') =>
  verifyFoyerToken(token, { issuer: PUBLIC_URL, audience, jwksUrl }).then(
    () => null,
    (error: unknown) => (error instanceof FoyerTokenError ? error.code : String(error)),
  );

describe('@foyer/node with the widgets server', () => {
  it('verifies a fresh token and refuses an expired one, another service’s and a tampered one', async () => {
    const old = await mint();
    clock.advance(10 * 60_000);
    const { token, guid } = await mint();

    const visitor = await verifyFoyerToken(token, { issuer: PUBLIC_URL, audience: 'demo', jwksUrl });
    expect(visitor).toMatchObject({ accountId: guid, entitlements: [] });

    expect(await refusal(old.token)).toBe('expired');
    expect(await refusal(token, 'demo-strict')).toBe('wrong_audience');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, entitlements: ['demo-digital'] })).toString('base64url');
    expect(await refusal(`${header}.${forged}.${signature}`)).toBe('invalid');
  });
});
