/**
 * Secrets at rest (issue 27, security/secret-box.ts): the stored secrets are encrypted with
 * FOYER_SECRETS_KEY, still work, fail loudly under a wrong key, rotate with
 * FOYER_SECRETS_KEY_PREVIOUS and `secrets reencrypt`, and legacy plaintext rows are read.
 */
import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli';
import { findDisqusSite, signRemoteAuth, verifyRemoteAuth } from '../src/disqus/remote-auth';
import { findService } from '../src/identity/store';
import { createServer, UnsafeProductionSettings, type PreparedServer } from '../src/index';
import { invalidateReads } from '../src/db/read-cache';
import { BadSecretsKey, checkSecretsKeys, openSecret, sealSecret, SecretUnreadable } from '../src/security/secret-box';
import { openPrivateJwk } from '../src/security/stored-secrets';
import { activeSigningKey, publishedKeys, SIGNING_ALG } from '../src/tokens/keys';
import { providersFromEnv } from '../src/widget/providers';
import { freshDatabase, testServer } from './helpers';

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const DISQUS_SECRET = 'demo-disqus-secret-key';
const RECAPTCHA_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');

let server: PreparedServer;
beforeAll(async () => {
  vi.stubEnv('FOYER_SECRETS_KEY', keyA);
  server = await testServer({ demoWebhookSecret: WEBHOOK_SECRET });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.stubEnv('FOYER_SECRETS_KEY', keyA);
  vi.stubEnv('FOYER_SECRETS_KEY_PREVIOUS', '');
});

interface Raw {
  settings: string;
  webhook: string;
  disqus: string;
  privateJwk: string;
}

/** The stored columns as text, straight from the database. */
async function raw(): Promise<Raw> {
  const [service] = await server.db.query<{ settings: string }>(
    "SELECT settings::text AS settings FROM services WHERE name = 'demo-captcha'",
  );
  const [hook] = await server.db.query<{ secret: string }>('SELECT secret FROM webhook_endpoints');
  const [site] = await server.db.query<{ secret_key: string }>('SELECT secret_key FROM disqus_sites');
  const [key] = await server.db.query<{ jwk: string }>(
    'SELECT private_jwk::text AS jwk FROM signing_keys WHERE retired_at IS NULL',
  );
  return { settings: service!.settings, webhook: hook!.secret, disqus: site!.secret_key, privateJwk: key!.jwk };
}

/** A visitor-style token signed with the active key verifies against the published keys. */
async function signsAndVerifies(): Promise<void> {
  const now = Date.now();
  const key = await activeSigningKey(server.db, now);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid })
    .setSubject('visitor')
    .sign(key.privateKey);
  const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: await publishedKeys(server.db, now) }));
  expect(payload.sub).toBe('visitor');
}

async function disqusVerifies(): Promise<void> {
  const site = await findDisqusSite(server.db, 'foyer-demo');
  expect(site?.secretKey).toBe(DISQUS_SECRET);
  const now = Date.now();
  const token = signRemoteAuth(site!.secretKey, { id: 'g', username: 'demo', email: 'demo@foyer.test' }, now);
  expect(verifyRemoteAuth(DISQUS_SECRET, token, now)).toMatchObject({ email: 'demo@foyer.test' });
}

async function cli(args: string[]): Promise<string[]> {
  const lines: string[] = [];
  expect(await runCli(args, { db: server.db, now: Date.now, print: (line) => lines.push(line) })).toBe(0);
  return lines;
}

describe('secrets at rest', () => {
  it('stores no plaintext secret after seeding the demo data', async () => {
    const stored = await raw();
    for (const value of [stored.webhook, stored.disqus]) expect(value).toMatch(/^enc:v1:[0-9a-f]{16}:/);
    expect(stored.webhook).not.toContain(WEBHOOK_SECRET.slice(6));
    expect(stored.disqus).not.toContain(DISQUS_SECRET);
    expect(stored.settings).not.toContain(RECAPTCHA_SECRET);
    expect(JSON.parse(stored.settings)).toMatchObject({ recaptchaSecret: expect.stringMatching(/^enc:v1:/) });
    expect(stored.privateJwk).toMatch(/^"enc:v1:/);
    expect(stored.privateJwk).not.toContain('"d"');
  });

  it('the features still get the secrets: webhook signing, Disqus remote auth, captcha, visitor tokens', async () => {
    expect(openSecret((await raw()).webhook)).toBe(WEBHOOK_SECRET);
    await disqusVerifies();
    invalidateReads();
    expect((await findService(server.db, 'demo-captcha'))?.settings.recaptchaSecret).toBe(RECAPTCHA_SECRET);
    await signsAndVerifies();
  });

  it('a wrong key fails loudly, naming the problem, not with garbage', async () => {
    const stored = (await raw()).disqus;
    vi.stubEnv('FOYER_SECRETS_KEY', keyB);
    expect(() => openSecret(stored)).toThrow(SecretUnreadable);
    expect(() => openSecret(stored)).toThrow(/neither FOYER_SECRETS_KEY nor FOYER_SECRETS_KEY_PREVIOUS/);
    await expect(findDisqusSite(server.db, 'foyer-demo')).rejects.toThrow(SecretUnreadable);
    // An altered value under the right key.
    vi.stubEnv('FOYER_SECRETS_KEY', keyA);
    const altered = `${stored.slice(0, -2)}${stored.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => openSecret(altered)).toThrow(/does not open it/);
    // A malformed key setting is refused at start, with its name.
    expect(() => checkSecretsKeys({ FOYER_SECRETS_KEY: 'short' })).toThrow(BadSecretsKey);
    expect(() => checkSecretsKeys({ FOYER_SECRETS_KEY: keyA, FOYER_SECRETS_KEY_PREVIOUS: 'x' })).toThrow(
      /FOYER_SECRETS_KEY_PREVIOUS must be 32 random bytes/,
    );
  });

  it('rotation: values under the previous key are read, and `secrets reencrypt` moves them to the current key', async () => {
    const before = await raw();
    vi.stubEnv('FOYER_SECRETS_KEY', keyB);
    vi.stubEnv('FOYER_SECRETS_KEY_PREVIOUS', keyA);
    await disqusVerifies();
    await signsAndVerifies();
    expect(await cli(['secrets', 'reencrypt'])).toEqual([
      'services: 1 re-encrypted',
      'webhook_endpoints: 1 re-encrypted',
      'disqus_sites: 1 re-encrypted',
      'signing_keys: 1 re-encrypted',
    ]);
    const after = await raw();
    expect(after.disqus.split(':')[2]).not.toBe(before.disqus.split(':')[2]);
    // Nothing left under the old key: the current one alone reads everything.
    vi.stubEnv('FOYER_SECRETS_KEY_PREVIOUS', '');
    await disqusVerifies();
    await signsAndVerifies();
    expect(openSecret(after.webhook)).toBe(WEBHOOK_SECRET);
    invalidateReads();
    expect((await findService(server.db, 'demo-captcha'))?.settings.recaptchaSecret).toBe(RECAPTCHA_SECRET);
    // A second run has nothing to do.
    expect(await cli(['secrets', 'reencrypt'])).toContain('disqus_sites: 0 re-encrypted');
  });

  it('reads legacy plaintext rows, and `secrets reencrypt` encrypts them', async () => {
    // The rotation test left the values under keyB.
    vi.stubEnv('FOYER_SECRETS_KEY_PREVIOUS', keyB);
    const jwk = openPrivateJwk((await raw()).privateJwk);
    await server.db.query('UPDATE disqus_sites SET secret_key = $1', [DISQUS_SECRET]);
    await server.db.query('UPDATE webhook_endpoints SET secret = $1', [WEBHOOK_SECRET]);
    await server.db.query('UPDATE signing_keys SET private_jwk = $1 WHERE retired_at IS NULL', [JSON.stringify(jwk)]);
    await disqusVerifies();
    await signsAndVerifies();
    const lines = await cli(['secrets', 'reencrypt']);
    expect(lines).toContain('disqus_sites: 1 re-encrypted');
    expect(lines).toContain('webhook_endpoints: 1 re-encrypted');
    expect(lines).toContain('signing_keys: 1 re-encrypted');
    const stored = await raw();
    expect(stored.disqus).toMatch(/^enc:v1:/);
    expect(openSecret(stored.webhook)).toBe(WEBHOOK_SECRET);
    await signsAndVerifies();
  });

  it('outside production without a key, a published development key seals; production refuses to seal', () => {
    const env = { NODE_ENV: 'test' };
    const sealed = sealSecret('s3cret', env);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(openSecret(sealed, env)).toBe('s3cret');
    // A development-key value stays readable once a real key is set (reencrypt moves it).
    expect(openSecret(sealed, { FOYER_SECRETS_KEY: keyB })).toBe('s3cret');
    expect(() => sealSecret('s3cret', { NODE_ENV: 'production' })).toThrow(/FOYER_SECRETS_KEY must be set/);
  });

  it('a production server refuses to start without FOYER_SECRETS_KEY, saying so', async () => {
    vi.stubEnv('FOYER_SECRETS_KEY', '');
    const target = await freshDatabase();
    try {
      const error = await createServer({
        ...target.options,
        production: true,
        publicUrl: 'https://widgets.example.com',
        frameTokenKey: randomBytes(32).toString('base64'),
        paymentProviders: providersFromEnv({}),
        siteUrl: 'https://news.example.com',
      }).then(
        async (started) => (await started.close(), null),
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(UnsafeProductionSettings);
      expect((error as UnsafeProductionSettings).problems).toEqual([
        expect.stringMatching(/^FOYER_SECRETS_KEY is not set: stored secrets .* are encrypted with it/),
      ]);
    } finally {
      await target.drop();
    }
  });
});
