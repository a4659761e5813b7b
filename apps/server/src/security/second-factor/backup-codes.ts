/**
 * Ten single-use backup codes per factor: what recovers an account whose authenticator app is lost.
 * Each is 12 characters of Crockford's base32 (60 random bits), shown as `XXXX-XXXX-XXXX` once and
 * stored only as a SHA-256 salted with the account's guid: 60 bits are out of reach of a fast hash
 * on a leaked table, and a slow hash (argon2) would cost ten verifications per try. Typing is
 * forgiving: any case, with or without dashes or spaces, O for 0 and I or L for 1.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db';

export const BACKUP_CODE_COUNT = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;
const GROUP = 4;

function newBackupCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  const groups: string[] = [];
  for (let start = 0; start < LENGTH; start += GROUP) groups.push(characters.slice(start, start + GROUP).join(''));
  return groups.join('-');
}

/** The code as stored before hashing, or null when it cannot be a backup code. */
export function normaliseBackupCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((character) => !ALPHABET.includes(character))) return null;
  return plain;
}

const hashOf = (guid: string, normalised: string): string =>
  createHash('sha256').update(`${guid}\n${normalised}`, 'utf8').digest('hex');

/** Ten new codes for `guid`, replacing every earlier one (used or not); answers them in clear, once. */
export async function replaceBackupCodes(db: Db, guid: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await db.query('DELETE FROM second_factor_backup_codes WHERE guid = $1', [guid]);
  await db.query(
    `INSERT INTO second_factor_backup_codes (guid, code_hash)
     SELECT $1, hash FROM unnest($2::text[]) AS hash`,
    [guid, codes.map((code) => hashOf(guid, normaliseBackupCode(code)!))],
  );
  return codes;
}

/** Spends one unused code of `guid`: true exactly once per code, however many requests race. */
export async function spendBackupCode(db: Db, guid: string, typed: string, now: number): Promise<boolean> {
  const normalised = normaliseBackupCode(typed);
  if (normalised === null) return false;
  const rows = await db.query(
    `UPDATE second_factor_backup_codes SET used_at = $3
      WHERE guid = $1 AND code_hash = $2 AND used_at IS NULL RETURNING guid`,
    [guid, hashOf(guid, normalised), now],
  );
  return rows.length > 0;
}

export async function backupCodesLeft(db: Db, guid: string): Promise<number> {
  const rows = await db.query<{ unused: unknown }>(
    'SELECT count(*) AS unused FROM second_factor_backup_codes WHERE guid = $1 AND used_at IS NULL',
    [guid],
  );
  return Number(rows[0]?.unused ?? 0);
}
