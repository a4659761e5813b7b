/**
 * The keys that sign visitor tokens (issue 26), kept in the database so every instance signs with
 * the same one and publishes the same set. One key is active; `rotateSigningKey` (the CLI's
 * `keys rotate`) makes a new active key and retires the old one, whose private half is dropped at
 * once (it signs nothing more) while its public half stays published until every token it signed
 * has expired.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db';
import { openPrivateJwk, sealPrivateJwk } from '../security/stored-secrets';

export const SIGNING_ALG = 'ES256';
/** A visitor token's lifetime (exp - iat), seconds. */
export const VISITOR_TOKEN_LIFETIME_S = 300;
/** What verifiers may allow for their clocks: a retired key stays published this much longer. */
export const VERIFIER_SKEW_S = 60;
/** How long a retired key stays in the JWKS after its retirement. */
export const RETIRED_KEY_PUBLISHED_MS = (VISITOR_TOKEN_LIFETIME_S + VERIFIER_SKEW_S) * 1000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** A public key as /.well-known/jwks.json lists it. */
export type PublishedJwk = JWK & { kid: string; alg: typeof SIGNING_ALG; use: 'sig' };

interface KeyRow {
  kid: string;
  private_jwk: unknown;
  public_jwk: unknown;
  created_at: unknown;
  retired_at: unknown;
}

/** node-postgres parses JSONB; PGlite may hand it back as text. */
const jwkOf = (value: unknown): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : (value as JWK));

async function newKeyRow(): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return { kid: randomUUID(), privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
}

async function insertKey(db: Db, now: number): Promise<string | null> {
  const key = await newKeyRow();
  const rows = await db.query<{ kid: string }>(
    `INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING kid`,
    [key.kid, sealPrivateJwk(key.privateJwk), JSON.stringify(key.publicJwk), now],
  );
  return rows[0]?.kid ?? null;
}

/**
 * The active key, generated when there is none (the first start, or a database restored without
 * one). Two instances racing here keep one key: the unique index refuses the second insert.
 */
export async function activeSigningKey(db: Db, now: number): Promise<SigningKey> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await db.query<KeyRow>(
      'SELECT kid, private_jwk FROM signing_keys WHERE retired_at IS NULL AND private_jwk IS NOT NULL',
    );
    const row = rows[0];
    if (row) {
      const privateKey = await importJWK(openPrivateJwk(row.private_jwk), SIGNING_ALG);
      return { kid: row.kid, privateKey: privateKey as CryptoKey };
    }
    await insertKey(db, now);
  }
  throw new Error('no active signing key');
}

/** Makes sure an active key exists (server start). */
export async function ensureSigningKey(db: Db, now: number): Promise<void> {
  await activeSigningKey(db, now);
}

/** Retires the active key and makes a new one; answers the new key's kid. */
export async function rotateSigningKey(db: Db, now: number): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('UPDATE signing_keys SET retired_at = $1, private_jwk = NULL WHERE retired_at IS NULL', [now]);
    const kid = await insertKey(tx, now);
    if (!kid) throw new Error('another rotation ran at the same time; try again');
    return kid;
  });
}

/** The keys to publish at `now`: the active one and those retired less than RETIRED_KEY_PUBLISHED_MS ago. */
export async function publishedKeys(db: Db, now: number): Promise<PublishedJwk[]> {
  const rows = await db.query<KeyRow>(
    'SELECT kid, public_jwk, created_at, retired_at FROM signing_keys WHERE retired_at IS NULL OR retired_at > $1 ORDER BY created_at DESC, kid',
    [now - RETIRED_KEY_PUBLISHED_MS],
  );
  return rows.map((row) => {
    const { kty, crv, x, y } = jwkOf(row.public_jwk);
    return { kty, crv, x, y, kid: row.kid, alg: SIGNING_ALG, use: 'sig' } as PublishedJwk;
  });
}
