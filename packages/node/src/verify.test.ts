import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { FoyerTokenError, verifyFoyerToken } from './index.js';
import { startTestIssuer, type TestIssuer } from './testing.js';

let foyer: TestIssuer;
beforeAll(async () => {
  foyer = await startTestIssuer({ audience: 'news' });
});
afterAll(() => foyer.close());

const options = () => ({ issuer: foyer.issuer, audience: 'news' });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'verified',
    (error: unknown) => (error instanceof FoyerTokenError ? error.code : `not a FoyerTokenError: ${String(error)}`),
  );
const now = () => Math.floor(Date.now() / 1000);

describe('verifyFoyerToken', () => {
  it('answers the visitor a good token names', async () => {
    const iat = now();
    const token = await foyer.sign({
      accountId: 'guid-1',
      sessionHandle: 'h1',
      entitlements: ['digital'],
      issuedAt: iat,
    });
    const visitor = await verifyFoyerToken(token, { ...options(), issuer: `${foyer.issuer}/` });
    expect(visitor).toMatchObject({ accountId: 'guid-1', sessionHandle: 'h1', entitlements: ['digital'] });
    expect(visitor.expiresAt.getTime()).toBe((iat + 300) * 1000);
    expect(visitor.claims.aud).toBe('news');
  });

  it('refuses a token for another service, from another issuer, expired, tampered or not a token', async () => {
    expect(await refusal(verifyFoyerToken(await foyer.sign({ audience: 'other' }), options()))).toBe('wrong_audience');
    expect(
      await refusal(
        verifyFoyerToken(await foyer.sign(), {
          ...options(),
          jwksUrl: `${foyer.issuer}/.well-known/jwks.json`,
          issuer: 'https://elsewhere.example',
        }),
      ),
    ).toBe('wrong_issuer');
    const old = now() - 3600;
    expect(await refusal(verifyFoyerToken(await foyer.sign({ issuedAt: old }), options()))).toBe('expired');
    const [header, payload, signature] = (await foyer.sign({ entitlements: [] })).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), entitlements: ['digital'] }),
    ).toString('base64url');
    expect(await refusal(verifyFoyerToken(`${header}.${forged}.${signature}`, options()))).toBe('invalid');
    expect(await refusal(verifyFoyerToken('not.a.token', options()))).toBe('invalid');
    expect(await refusal(verifyFoyerToken('', options()))).toBe('missing');
  });

  it('allows clock skew: a token expired 10 s ago still verifies, one expired 40 s ago does not', async () => {
    expect(await refusal(verifyFoyerToken(await foyer.sign({ expiresAt: now() - 10 }), options()))).toBe('verified');
    expect(await refusal(verifyFoyerToken(await foyer.sign({ expiresAt: now() - 40 }), options()))).toBe('expired');
    expect(await refusal(verifyFoyerToken(await foyer.sign({ issuedAt: now() + 3600 }), options()))).toBe(
      'not_yet_valid',
    );
  });

  it('refuses a key nobody published and a symmetric (HS256) token', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const stranger = await new SignJWT({ sid: 's', entitlements: [] })
      .setProtectedHeader({ alg: 'ES256', kid: 'not-published' })
      .setIssuer(foyer.issuer)
      .setAudience('news')
      .setSubject('guid')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await refusal(verifyFoyerToken(stranger, options()))).toBe('unknown_key');
    const hs256 = await new SignJWT({ sid: 's', entitlements: ['digital'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(foyer.issuer)
      .setAudience('news')
      .setSubject('guid')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    expect(await refusal(verifyFoyerToken(hs256, options()))).toBe('invalid');
  });

  it('refuses a signed token without the claims of a visitor token', async () => {
    const token = await foyer.sign({ claims: { entitlements: 'digital' } as never });
    expect(await refusal(verifyFoyerToken(token, options()))).toBe('invalid');
  });

  it('says the keys are out of reach rather than the token bad', async () => {
    const gone = await startTestIssuer();
    const token = await gone.sign();
    await gone.close();
    expect(await refusal(verifyFoyerToken(token, { issuer: gone.issuer, audience: 'demo' }))).toBe('jwks_unavailable');
  });
});
