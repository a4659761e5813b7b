/**
 * Login throttling, kept in the `login_attempts` table so that any number of server instances
 * share the counts. The check runs before the password is verified, so a refused attempt costs
 * no hashing.
 *
 * The decision is atomic: `reserveAttempt` checks and counts the attempt in one transaction that
 * holds an advisory lock on the identifier and on the address (always in that order, so two
 * attempts never wait for each other in a cycle). The attempt counts as a failure from then on;
 * a right password (or a refused captcha, which proves nothing about the password) releases it.
 * So however many attempts arrive at once, at most the limit reaches the password check.
 *
 * Per identifier (guessing one account's password), OWASP Authentication Cheat Sheet style: the
 * first `perIdentifier` failures are free; after that each further attempt must wait a delay after
 * the last failure that doubles with every failure (1, 2, 4, 8 … minutes, capped at
 * `maxDelayMinutes`). There is no lockout: once the delay has passed the owner (or anyone) may try
 * again, so an attacker cannot keep the owner out, only slow guessing to a few tries an hour.
 * Failures are remembered for a day, and forgotten on a successful login or password reset.
 *
 * Per client address (one client trying many accounts): at most `perAddress` failures in a
 * sliding window of `windowMinutes`. Over it, a service with a captcha asks for one instead
 * (`addressLimit: false`); elsewhere the attempt waits, except the next correct login of an
 * identifier that holds a pass from a completed password reset (`grantLoginPass`): the pass is
 * single-use, short-lived, for that identifier only, and never skips the password check.
 */
import { createHash } from 'node:crypto';
import { toMillis, type Db } from '../db';

export interface LoginRateLimit {
  /** Failures per identifier before delays start (default 10). */
  perIdentifier: number;
  /** Failures allowed per client address within the window (default 100). */
  perAddress: number;
  /** The address window in minutes (default 15). */
  windowMinutes: number;
  /** The longest delay between attempts on one identifier, in minutes (default 15). */
  maxDelayMinutes: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perIdentifier: 10,
  perAddress: 100,
  windowMinutes: 15,
  maxDelayMinutes: 15,
};

/** How long an identifier's failures are remembered. */
export const IDENTIFIER_MEMORY_MS = 24 * 60 * 60_000;
const FIRST_DELAY_MS = 60_000;

/** The delay after the last failure once `failures` (≥ perIdentifier) have been counted. */
export function identifierDelayMs(limit: LoginRateLimit, failures: number): number {
  const doublings = Math.min(failures - limit.perIdentifier, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, limit.maxDelayMinutes * 60_000);
}

export interface AttemptKeys {
  identifier: string;
  address: string;
}

/** The identifier key is hashed so the table holds no e-mail addresses. */
export function identifierKey(realmName: string, identifiers: readonly { name: string; value: string }[]): string {
  const text = [realmName, ...identifiers.map(({ name, value }) => `${name}=${value}`)].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface RetryOptions {
  /**
   * False where a solved captcha guards every login (the service has a site key): over the
   * address limit such logins go ahead, so one busy address (a proxy, a campus) does not lock
   * out everyone behind it.
   */
  addressLimit?: boolean;
}

/**
 * Each limit's wait in milliseconds, null where it lets the attempt go ahead: the end of the
 * identifier's current delay, and the moment the address's oldest counted failure leaves its window.
 */
async function waits(
  db: Db,
  limit: LoginRateLimit,
  keys: AttemptKeys,
  now: number,
  options: RetryOptions,
): Promise<{ identifierWait: number | null; addressWait: number | null }> {
  let identifierWait: number | null = null;
  let addressWait: number | null = null;
  if (limit.perIdentifier > 0) {
    const rows = await db.query<{ attempted_at: unknown }>(
      `SELECT attempted_at FROM login_attempts
        WHERE kind = 'identifier' AND key = $1 AND attempted_at > $2
        ORDER BY attempted_at DESC LIMIT $3`,
      // Beyond perIdentifier + 31 failures the delay no longer grows.
      [keys.identifier, now - IDENTIFIER_MEMORY_MS, limit.perIdentifier + 31],
    );
    if (rows.length >= limit.perIdentifier) {
      const until = toMillis(rows[0]!.attempted_at) + identifierDelayMs(limit, rows.length) - now;
      if (until > 0) identifierWait = until;
    }
  }
  if (limit.perAddress > 0 && (options.addressLimit ?? true)) {
    const windowMs = limit.windowMinutes * 60_000;
    const rows = await db.query<{ attempted_at: unknown }>(
      `SELECT attempted_at FROM login_attempts
        WHERE kind = 'address' AND key = $1 AND attempted_at > $2
        ORDER BY attempted_at DESC LIMIT $3`,
      [keys.address, now - windowMs, limit.perAddress],
    );
    if (rows.length >= limit.perAddress) {
      // The perAddress-th most recent failure must age out before the count drops below the limit.
      const until = toMillis(rows[limit.perAddress - 1]!.attempted_at) + windowMs - now;
      addressWait = Math.max(until, 1);
    }
  }
  return { identifierWait, addressWait };
}

/** The rows that count a reserved attempt, until it is released. */
export interface AttemptReservation {
  ids: string[];
  /**
   * Set when the address is over its limit and the attempt went ahead only on the identifier's
   * reset pass: a correct password must then take the pass (`takeLoginPass`), else wait this long.
   */
  passedAddressWait?: number;
}

/**
 * Checks and counts one attempt atomically: `{ wait }` when it must wait (nothing is counted),
 * else the reservation that `releaseAttempt` undoes when the attempt turns out not to be a failure.
 * Over the address limit alone, an identifier holding a live reset pass goes ahead (marked so).
 */
export async function reserveAttempt(
  db: Db,
  limit: LoginRateLimit,
  keys: AttemptKeys,
  now: number,
  options: RetryOptions = {},
): Promise<{ wait: number } | { reservation: AttemptReservation }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`login-identifier\n${keys.identifier}`]);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`login-address\n${keys.address}`]);
    const { identifierWait, addressWait } = await waits(tx, limit, keys, now, options);
    // The pass never shortens the identifier's own delay: it is for the owner, not for guessing.
    if (identifierWait !== null) return { wait: Math.max(identifierWait, addressWait ?? 0) };
    if (addressWait !== null && !(await hasLoginPass(tx, keys.identifier, now))) return { wait: addressWait };
    const rows = await tx.query<{ id: unknown }>(
      `INSERT INTO login_attempts (kind, key, attempted_at) VALUES ('identifier', $1, $3), ('address', $2, $3)
       RETURNING id`,
      [keys.identifier, keys.address, now],
    );
    const ids = rows.map((row) => String(row.id));
    return { reservation: addressWait === null ? { ids } : { ids, passedAddressWait: addressWait } };
  });
}

/** How long a completed password reset lets the account's next correct login past the address limit. */
export const LOGIN_PASS_LIFETIME_MS = 15 * 60_000;

/** A completed password reset (the mailed key proved the owner): one pass for this identifier. */
export async function grantLoginPass(db: Db, identifier: string, now: number): Promise<void> {
  await db.query(
    `INSERT INTO login_passes (key, expires_at) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [identifier, now + LOGIN_PASS_LIFETIME_MS],
  );
}

async function hasLoginPass(db: Db, identifier: string, now: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM login_passes WHERE key = $1 AND expires_at > $2', [identifier, now]);
  return rows.length > 0;
}

/**
 * Spends the identifier's live pass; true for exactly one caller however many correct logins
 * race for it (one DELETE … RETURNING: the row is gone for everyone else).
 */
export async function takeLoginPass(db: Db, identifier: string, now: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM login_passes WHERE key = $1 AND expires_at > $2 RETURNING key', [
    identifier,
    now,
  ]);
  return rows.length > 0;
}

/** The reserved attempt was not a failure after all (right password, or no password check). */
export async function releaseAttempt(db: Db, reservation: AttemptReservation): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = ANY($1::bigint[])', [reservation.ids]);
}

/** A successful login (or a password reset) forgives that identifier's failures; the address count stays. */
export async function clearIdentifierFailures(db: Db, identifier: string): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE kind = 'identifier' AND key = $1`, [identifier]);
}

export async function pruneAttempts(db: Db, limit: LoginRateLimit, now: number): Promise<void> {
  await db.query(
    `DELETE FROM login_attempts
      WHERE (kind = 'address' AND attempted_at <= $1) OR (kind = 'identifier' AND attempted_at <= $2)`,
    [now - limit.windowMinutes * 60_000, now - IDENTIFIER_MEMORY_MS],
  );
  await db.query('DELETE FROM login_passes WHERE expires_at <= $1', [now]);
}
