/**
 * The codes of sign-in by e-mail code (issue 31, migration 041): 6 random digits and a link key
 * per request, only their SHA-256 stored, working once for 10 minutes; 5 wrong tries lock the
 * code, the right one included. A new request for the address ends its earlier codes (only the
 * latest mail counts).
 *
 * Six digits are a small space: the hash keeps a database reader from reading a live code off a
 * row, not from trying every value. What guards a code is its lifetime, its 5 tries and the
 * throttles in front of it (routes/email-code.ts).
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_MAX_TRIES,
  type EmailCodePurpose,
} from '@foyer/api';
import type { Db } from '../db';
import { hashKey } from '../security/workflow-keys';

export const EMAIL_CODE_LIFETIME_MS = EMAIL_CODE_LIFETIME_MINUTES * 60_000;

/** The code's hash, salted with its row's id so two rows with the same code differ. */
function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}\n${code}`, 'utf8').digest('hex');
}

/** What the code signs in to: the service and address it was asked for, and where it was asked from. */
export interface EmailCodeGrant {
  realmName: string;
  serviceName: string;
  address: string;
  purpose: EmailCodePurpose;
}

/** Serialises issuing and checking per address, so racing tries cannot pass the 5-try limit. */
async function lockAddress(tx: Db, realmName: string, address: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`email-code\n${realmName}\n${address}`]);
}

/**
 * A new code and link key for the address; its earlier codes stop working. `address` is the
 * normalised address (identifiers.ts).
 */
export async function issueEmailCode(
  db: Db,
  input: EmailCodeGrant & { now: number },
): Promise<{ code: string; linkKey: string }> {
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
  const linkKey = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await lockAddress(tx, input.realmName, input.address);
    await tx.query('UPDATE email_codes SET used_at = $3 WHERE realm_name = $1 AND address = $2 AND used_at IS NULL', [
      input.realmName,
      input.address,
      input.now,
    ]);
    await tx.query(
      `INSERT INTO email_codes
         (id, realm_name, service_name, address, purpose, code_hash, link_key_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        input.realmName,
        input.serviceName,
        input.address,
        input.purpose,
        codeHash(id, code),
        hashKey(linkKey),
        input.now,
        input.now + EMAIL_CODE_LIFETIME_MS,
      ],
    );
  });
  return { code, linkKey };
}

export type EmailCodeCheck =
  | { status: 'valid'; grant: EmailCodeGrant }
  /** No live code for the address, or a wrong one with tries left. */
  | { status: 'invalid' }
  /** This try (or an earlier one) was the fifth wrong one: the code no longer works. */
  | { status: 'locked' };

interface CodeRow {
  id: string;
  realm_name: string;
  service_name: string;
  address: string;
  purpose: EmailCodePurpose;
  code_hash: string;
  tries: number;
}

const grantOf = (row: CodeRow): EmailCodeGrant => ({
  realmName: row.realm_name,
  serviceName: row.service_name,
  address: row.address,
  purpose: row.purpose,
});

/**
 * Checks a typed code against the address's live code and uses it up when right; a wrong one
 * counts a try. One transaction under the address's lock, so concurrent tries are counted one by
 * one and a right code works once.
 */
export async function checkEmailCode(
  db: Db,
  input: { realmName: string; serviceName: string; address: string; code: string; now: number },
): Promise<EmailCodeCheck> {
  return db.transaction(async (tx) => {
    await lockAddress(tx, input.realmName, input.address);
    const rows = await tx.query<CodeRow>(
      `SELECT id, realm_name, service_name, address, purpose, code_hash, tries FROM email_codes
        WHERE realm_name = $1 AND address = $2 AND service_name = $4 AND used_at IS NULL AND expires_at > $3
        ORDER BY created_at DESC LIMIT 1`,
      [input.realmName, input.address, input.now, input.serviceName],
    );
    const row = rows[0];
    if (!row) return { status: 'invalid' };
    if (row.tries >= EMAIL_CODE_MAX_TRIES) return { status: 'locked' };
    if (codeHash(row.id, input.code) !== row.code_hash) {
      await tx.query('UPDATE email_codes SET tries = tries + 1 WHERE id = $1', [row.id]);
      return row.tries + 1 >= EMAIL_CODE_MAX_TRIES ? { status: 'locked' } : { status: 'invalid' };
    }
    await tx.query('UPDATE email_codes SET used_at = $2 WHERE id = $1', [row.id, input.now]);
    return { status: 'valid', grant: grantOf(row) };
  });
}

/**
 * Uses up the code whose mail carried this link key; null when it is unknown, used, expired or
 * locked. One conditional UPDATE, so the link and its code together work once.
 */
export async function useEmailCodeLink(
  db: Db,
  input: { linkKey: string; serviceName: string; now: number },
): Promise<EmailCodeGrant | null> {
  const rows = await db.query<CodeRow>(
    `UPDATE email_codes SET used_at = $2
      WHERE link_key_hash = $1 AND service_name = $4 AND used_at IS NULL AND expires_at > $2 AND tries < $3
      RETURNING id, realm_name, service_name, address, purpose, code_hash, tries`,
    [hashKey(input.linkKey), input.now, EMAIL_CODE_MAX_TRIES, input.serviceName],
  );
  return rows[0] ? grantOf(rows[0]) : null;
}

/** Codes that ended a day ago are of no more use. */
export async function pruneEmailCodes(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM email_codes WHERE expires_at < $1', [now - 24 * 60 * 60_000]);
}
