/**
 * The admin API's keys (issue 27): `fyr_` + 32 random bytes (base64url), shown once when made;
 * only their SHA-256 is stored, so a copy of the database holds no usable key. Each carries
 * scopes; a revoked key is refused from then on.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_PERMISSIONS, isAdminPermission, type AdminPermission } from '@foyer/api/admin';
import type { Db } from '../db';

/** A key's scopes are admin permissions (@foyer/api/admin), the same an operator's role grants. */
export const ADMIN_SCOPES = ADMIN_PERMISSIONS;
export type AdminScope = AdminPermission;
export const isAdminScope = isAdminPermission;

const KEY_PREFIX = 'fyr_';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ApiKey {
  id: string;
  name: string;
  scopes: AdminScope[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface KeyRow {
  id: string;
  name: string;
  scopes: unknown;
  created_at: string | number;
  last_used_at: string | number | null;
  revoked_at: string | number | null;
}

const toKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: (typeof row.scopes === 'string' ? JSON.parse(row.scopes) : row.scopes) as AdminScope[],
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

/** Makes a key; answers it (the only time it is readable) with its id. */
export async function createApiKey(
  db: Db,
  input: { name: string; scopes: readonly AdminScope[] },
  now: number,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  await db.query('INSERT INTO admin_api_keys (id, name, key_hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    input.name,
    hashOf(key),
    JSON.stringify([...new Set(input.scopes)]),
    now,
  ]);
  return { id, key };
}

export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  return (
    await db.query<KeyRow>(
      'SELECT id, name, scopes, created_at, last_used_at, revoked_at FROM admin_api_keys ORDER BY created_at, id',
    )
  ).map(toKey);
}

/** True when a live key of that id was revoked now. */
export async function revokeApiKey(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE admin_api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id, now],
  );
  return rows.length > 0;
}

/**
 * The live key `given` is, or null. Looked up by its hash (an index lookup, the same work for
 * every guess, so the time taken tells nothing about stored keys); its last use is recorded.
 */
export async function authenticateKey(db: Db, given: string, now: number): Promise<ApiKey | null> {
  if (!given.startsWith(KEY_PREFIX) || given.length > 200) return null;
  const rows = await db.query<KeyRow>(
    `UPDATE admin_api_keys SET last_used_at = $2 WHERE key_hash = $1 AND revoked_at IS NULL
     RETURNING id, name, scopes, created_at, last_used_at, revoked_at`,
    [hashOf(given), now],
  );
  return rows[0] ? toKey(rows[0]) : null;
}
