/**
 * A sliding-window request counter in the database (shared by every server instance), for
 * endpoints that must not be hammered: identifier lookups (account enumeration), mails sent to
 * one account (mail bombing), wrong old passwords (guessing with a stolen session).
 */
import { toMillis, type Db } from '../db';

export interface ThrottleRule {
  /** What is counted: `identifier-search`, `mail`, `change-password` … */
  bucket: string;
  max: number;
  windowMs: number;
}

/** Milliseconds until another request would be allowed, or null when one is allowed now. */
export async function throttleWait(db: Db, rule: ThrottleRule, key: string, now: number): Promise<number | null> {
  if (rule.max <= 0) return null;
  const rows = await db.query<{ at: unknown }>(
    `SELECT at FROM request_events WHERE bucket = $1 AND key = $2 AND at > $3 ORDER BY at DESC LIMIT $4`,
    [rule.bucket, key, now - rule.windowMs, rule.max],
  );
  if (rows.length < rule.max) return null;
  return Math.max(toMillis(rows[rule.max - 1]!.at) + rule.windowMs - now, 1);
}

export async function recordEvent(db: Db, rule: ThrottleRule, key: string, now: number): Promise<void> {
  await db.query('INSERT INTO request_events (bucket, key, at) VALUES ($1, $2, $3)', [rule.bucket, key, now]);
}

/**
 * Counts the request when it is allowed; returns the wait when it is not (and counts nothing).
 * Check and count happen under a lock on the bucket and key, so concurrent requests (several
 * mails sent at once, several server instances) cannot all slip under the limit.
 */
export async function takeToken(db: Db, rule: ThrottleRule, key: string, now: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${rule.bucket}\n${key}`]);
    const wait = await throttleWait(tx, rule, key, now);
    if (wait === null) await recordEvent(tx, rule, key, now);
    return wait;
  });
}

/** Events older than a day are no longer counted by any rule. */
export async function pruneEvents(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM request_events WHERE at < $1', [now - 24 * 60 * 60_000]);
}
