/**
 * Login rate limit, kept in the `login_attempts` table so that any number of server instances
 * share the counts. Failed logins are counted per identifier (slows guessing one account's
 * password) and per client address (slows one client trying many accounts). The check runs before
 * the password is verified, so a refused attempt costs no hashing.
 */
import { createHash } from 'node:crypto';
import { toMillis, type Db } from '../db';

export interface LoginRateLimit {
  /** Failures allowed per identifier within the window (default 10). */
  perIdentifier: number;
  /** Failures allowed per client address within the window (default 100). */
  perAddress: number;
  /** Window length in minutes (default 15). */
  windowMinutes: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { perIdentifier: 10, perAddress: 100, windowMinutes: 15 };

export type AttemptKind = 'identifier' | 'address';

export interface AttemptKeys {
  identifier: string;
  address: string;
}

/** The identifier key is hashed so the table holds no e-mail addresses. */
export function identifierKey(realmName: string, identifiers: readonly { name: string; value: string }[]): string {
  const text = [realmName, ...identifiers.map(({ name, value }) => `${name}=${value}`)].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Null when the attempt may go ahead, else the milliseconds until the oldest counted failure
 * leaves the window (the earliest moment a new attempt is allowed).
 */
export async function retryAfterMs(
  db: Db,
  limit: LoginRateLimit,
  keys: AttemptKeys,
  now: number,
): Promise<number | null> {
  const windowMs = limit.windowMinutes * 60_000;
  let wait: number | null = null;
  const checks: [AttemptKind, string, number][] = [
    ['identifier', keys.identifier, limit.perIdentifier],
    ['address', keys.address, limit.perAddress],
  ];
  for (const [kind, key, max] of checks) {
    if (max <= 0) continue;
    const rows = await db.query<{ attempted_at: unknown }>(
      `SELECT attempted_at FROM login_attempts
        WHERE kind = $1 AND key = $2 AND attempted_at > $3
        ORDER BY attempted_at DESC LIMIT $4`,
      [kind, key, now - windowMs, max],
    );
    if (rows.length < max) continue;
    // The max-th most recent failure is the one that must age out before the count drops below max.
    const until = toMillis(rows[max - 1]!.attempted_at) + windowMs - now;
    wait = Math.max(wait ?? 0, until, 1);
  }
  return wait;
}

export async function recordFailure(db: Db, keys: AttemptKeys, now: number): Promise<void> {
  await db.query(
    `INSERT INTO login_attempts (kind, key, attempted_at) VALUES ('identifier', $1, $3), ('address', $2, $3)`,
    [keys.identifier, keys.address, now],
  );
}

/** A successful login forgives that identifier's failures (the address count stays). */
export async function clearIdentifierFailures(db: Db, identifier: string): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE kind = 'identifier' AND key = $1`, [identifier]);
}

export async function pruneAttempts(db: Db, limit: LoginRateLimit, now: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE attempted_at <= $1', [now - limit.windowMinutes * 60_000]);
}
