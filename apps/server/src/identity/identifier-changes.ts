/**
 * Pending identifier changes: a new e-mail address (or other identifier) takes effect only when the
 * key mailed to it comes back. Keys are 32 random bytes, stored only hashed, usable once, and a
 * newer request (or a password reset) cancels the older ones.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { hashKey } from '../security/workflow-keys';
import type { IdentifierValue } from './accounts';

export const IDENTIFIER_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

export async function requestIdentifierChange(
  db: Db,
  input: { guid: string; serviceName: string | null; identifiers: IdentifierValue[]; now: number },
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // One live request per account, even when two arrive at once.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identifier-change\n${input.guid}`]);
    await cancelIdentifierChanges(tx, input.guid, input.now);
    await tx.query(
      `INSERT INTO identifier_changes (key_hash, guid, service_name, identifiers, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        hashKey(key),
        input.guid,
        input.serviceName,
        JSON.stringify(input.identifiers),
        input.now,
        input.now + IDENTIFIER_CHANGE_LIFETIME_MS,
      ],
    );
  });
  return key;
}

/**
 * Uses the key up and returns the new identifiers, or null when the key is unknown, used, expired
 * or another account's. One conditional UPDATE, so the key works once however many requests race.
 */
export async function consumeIdentifierChange(
  db: Db,
  guid: string,
  key: string,
  now: number,
): Promise<IdentifierValue[] | null> {
  const rows = await db.query<{ identifiers: unknown }>(
    `UPDATE identifier_changes SET used_at = $3
      WHERE key_hash = $1 AND guid = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING identifiers`,
    [hashKey(key), guid, now],
  );
  const row = rows[0];
  if (!row) return null;
  return (typeof row.identifiers === 'string' ? JSON.parse(row.identifiers) : row.identifiers) as IdentifierValue[];
}

/** Cancels the account's live changes; answers how many there were (a reset mail tells the owner). */
export async function cancelIdentifierChanges(db: Db, guid: string, now: number): Promise<number> {
  const rows = await db.query(
    'UPDATE identifier_changes SET used_at = $2 WHERE guid = $1 AND used_at IS NULL AND expires_at > $2 RETURNING guid',
    [guid, now],
  );
  return rows.length;
}

export async function pruneIdentifierChanges(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM identifier_changes WHERE expires_at < $1', [now - IDENTIFIER_CHANGE_LIFETIME_MS]);
}
