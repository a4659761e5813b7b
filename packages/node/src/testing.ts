/**
 * `@foyer/node/testing`: a stand-in for the widgets server in a site's own tests — a local HTTP
 * server publishing a fresh ES256 key at `/.well-known/jwks.json`, and a signer of visitor tokens
 * as Foyer makes them. Never for production: whoever holds it can sign any visitor.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface TokenOptions {
  /** The account guid (`sub`); default a fixed test guid. */
  accountId?: string;
  /** `sid`; default 'test-session-handle'. */
  sessionHandle?: string;
  entitlements?: string[];
  /** `aud`; default the issuer's audience. */
  audience?: string;
  /** `iat` in seconds since the epoch; default now. `exp` defaults to iat + 300 (as Foyer's). */
  issuedAt?: number;
  expiresAt?: number;
  /** Header `kid`; default the published key's. */
  kid?: string;
  /** Extra claims. */
  claims?: JWTPayload;
}

export interface TestIssuer {
  /** The stand-in widgets origin (the `issuer` to verify with). */
  issuer: string;
  /** A visitor token signed with the published key. */
  sign(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIssuer({ audience = 'demo' }: { audience?: string } = {}): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const kid = `test-${Math.random().toString(36).slice(2, 10)}`;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] });
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    sign(options = {}) {
      const iat = options.issuedAt ?? Math.floor(Date.now() / 1000);
      return new SignJWT({
        sid: options.sessionHandle ?? 'test-session-handle',
        entitlements: options.entitlements ?? [],
        ...options.claims,
      })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? kid })
        .setIssuer(issuer)
        .setAudience(options.audience ?? audience)
        .setSubject(options.accountId ?? '00000000-0000-4000-8000-000000000001')
        .setIssuedAt(iat)
        .setExpirationTime(options.expiresAt ?? iat + 300)
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
