/**
 * Activation and password-reset keys (OWASP Forgot Password Cheat Sheet): 32 random bytes sent by
 * mail, only their SHA-256 stored, usable once, expiring. A reset key lives at most an hour; an
 * activation key a week (people open their mail later).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';

const HOUR = 60 * 60_000;

export type WorkflowKind = 'activation' | 'reset';

export const WORKFLOW_KEY_LIFETIMES: Record<WorkflowKind, number> = {
  activation: 7 * 24 * HOUR,
  reset: HOUR,
};

/** Mailed keys are stored only as this hash (also used for identifier-change keys). */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface WorkflowKeyOwner {
  guid: string;
  serviceName: string | null;
}

/** A new key for the user; earlier unused keys of the same kind stop working (only the latest mail counts). */
export async function issueKey(
  db: Db,
  input: { kind: WorkflowKind; guid: string; serviceName: string | null; now: number },
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // Serialises issuing per user and kind, so two concurrent requests cannot leave two live keys.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`workflow-key\n${input.kind}\n${input.guid}`]);
    await revokeKeys(tx, input.guid, input.kind, input.now);
    await tx.query(
      `INSERT INTO workflow_keys (key_hash, kind, guid, service_name, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        hashKey(key),
        input.kind,
        input.guid,
        input.serviceName,
        input.now,
        input.now + WORKFLOW_KEY_LIFETIMES[input.kind],
      ],
    );
  });
  return key;
}

/** The key's owner when it is unused and unexpired, without using it up. */
export async function peekKey(db: Db, kind: WorkflowKind, key: string, now: number): Promise<WorkflowKeyOwner | null> {
  const rows = await db.query<{ guid: string; service_name: string | null }>(
    `SELECT guid, service_name FROM workflow_keys
      WHERE key_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3`,
    [hashKey(key), kind, now],
  );
  return rows[0] ? { guid: rows[0].guid, serviceName: rows[0].service_name } : null;
}

/**
 * Uses the key up and returns its owner, or null when it is unknown, used or expired. One
 * conditional UPDATE, so two requests racing with the same key cannot both succeed.
 */
export async function consumeKey(
  db: Db,
  kind: WorkflowKind,
  key: string,
  now: number,
): Promise<WorkflowKeyOwner | null> {
  const rows = await db.query<{ guid: string; service_name: string | null }>(
    `UPDATE workflow_keys SET used_at = $3
      WHERE key_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING guid, service_name`,
    [hashKey(key), kind, now],
  );
  return rows[0] ? { guid: rows[0].guid, serviceName: rows[0].service_name } : null;
}

/** Marks the user's outstanding keys of that kind used. */
export async function revokeKeys(db: Db, guid: string, kind: WorkflowKind, now: number): Promise<void> {
  await db.query('UPDATE workflow_keys SET used_at = $3 WHERE guid = $1 AND kind = $2 AND used_at IS NULL', [
    guid,
    kind,
    now,
  ]);
}

export async function pruneKeys(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM workflow_keys WHERE expires_at < $1', [now - 24 * HOUR]);
}
