/**
 * The SQL behind passkeys (migration 045): the accounts' credentials, their WebAuthn user handles,
 * and the open ceremonies. A ceremony id is stored as its SHA-256 only; taking a ceremony deletes
 * it in the same statement, so a challenge is good for one credential at most, even under races.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Passkey } from '@foyer/api';
import { toMillis, type Db } from '../db';

/** How long the visitor has between the options and the credential (the browser's prompt, autofill). */
export const PASSKEY_CEREMONY_LIFETIME_MS = 5 * 60_000;

export type CeremonyPurpose = 'register' | 'login' | 'reauthenticate' | 'sign-up';

export interface StoredPasskey extends Passkey {
  guid: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  backupEligible: boolean;
}

export interface Ceremony {
  purpose: CeremonyPurpose;
  challenge: string;
  guid: string | null;
  serviceName: string;
  pending: unknown;
  expiresAt: number;
}

interface PasskeyRow {
  credential_id: string;
  guid: string;
  public_key: string;
  counter: unknown;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  backup_eligible: boolean;
  name: string;
  created_at: unknown;
  last_used_at: unknown;
}

const PASSKEY_COLUMNS =
  'credential_id, guid, public_key, counter, transports, device_type, backed_up, backup_eligible, name, created_at, last_used_at';

function toPasskey(row: PasskeyRow): StoredPasskey {
  return {
    id: row.credential_id,
    guid: row.guid,
    publicKey: row.public_key,
    counter: toMillis(row.counter),
    transports: row.transports,
    deviceType: row.device_type,
    backedUp: row.backed_up,
    backupEligible: row.backup_eligible,
    name: row.name,
    createdAt: toMillis(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toMillis(row.last_used_at),
  };
}

/** What the account's own calls show of a passkey: never its key or counter. */
export function publicPasskey(passkey: StoredPasskey): Passkey {
  const { id, name, deviceType, backedUp, transports, createdAt, lastUsedAt } = passkey;
  return { id, name, deviceType, backedUp, transports, createdAt, lastUsedAt };
}

export async function listPasskeys(db: Db, guid: string): Promise<StoredPasskey[]> {
  const rows = await db.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE guid = $1 ORDER BY created_at, credential_id`,
    [guid],
  );
  return rows.map(toPasskey);
}

export async function findPasskey(db: Db, credentialId: string): Promise<StoredPasskey | null> {
  const rows = await db.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`, [
    credentialId,
  ]);
  return rows[0] ? toPasskey(rows[0]) : null;
}

/** Stores a new passkey; false when that credential id is registered already. */
export async function insertPasskey(db: Db, passkey: Omit<StoredPasskey, 'lastUsedAt'>): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO passkeys (${PASSKEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL)
     ON CONFLICT (credential_id) DO NOTHING RETURNING credential_id`,
    [
      passkey.id,
      passkey.guid,
      passkey.publicKey,
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.deviceType,
      passkey.backedUp,
      passkey.backupEligible,
      passkey.name,
      passkey.createdAt,
    ],
  );
  return rows.length > 0;
}

/**
 * Records a verified use: the new counter and backup state. The counter must still be below the
 * new one (or both zero: an authenticator without a counter), checked in the statement, so two
 * assertions carrying the same counter cannot both pass. False: refused (a clone, a replay).
 */
export async function recordPasskeyUse(
  db: Db,
  input: { id: string; newCounter: number; backedUp: boolean; now: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE passkeys SET counter = $2, backed_up = $3, last_used_at = $4
     WHERE credential_id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING credential_id`,
    [input.id, input.newCounter, input.backedUp, input.now],
  );
  return rows.length > 0;
}

export async function renamePasskey(db: Db, guid: string, id: string, name: string): Promise<StoredPasskey | null> {
  const rows = await db.query<PasskeyRow>(
    `UPDATE passkeys SET name = $3 WHERE guid = $1 AND credential_id = $2 RETURNING ${PASSKEY_COLUMNS}`,
    [guid, id, name],
  );
  return rows[0] ? toPasskey(rows[0]) : null;
}

export async function deletePasskey(db: Db, guid: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM passkeys WHERE guid = $1 AND credential_id = $2 RETURNING guid', [guid, id]);
  return rows.length > 0;
}

/** A new WebAuthn user handle: 32 random bytes, base64url (WebAuthn §5.4.3: no personal data). */
export function newUserHandle(): string {
  return randomBytes(32).toString('base64url');
}

/** The account's user handle, made and stored on first use. */
export async function userHandleOf(db: Db, guid: string): Promise<string> {
  await db.query('INSERT INTO passkey_user_handles (guid, user_handle) VALUES ($1, $2) ON CONFLICT (guid) DO NOTHING', [
    guid,
    newUserHandle(),
  ]);
  const rows = await db.query<{ user_handle: string }>('SELECT user_handle FROM passkey_user_handles WHERE guid = $1', [
    guid,
  ]);
  return rows[0]!.user_handle;
}

export async function storeUserHandle(db: Db, guid: string, userHandle: string): Promise<void> {
  await db.query('INSERT INTO passkey_user_handles (guid, user_handle) VALUES ($1, $2)', [guid, userHandle]);
}

export async function findUserHandle(db: Db, guid: string): Promise<string | null> {
  const rows = await db.query<{ user_handle: string }>('SELECT user_handle FROM passkey_user_handles WHERE guid = $1', [
    guid,
  ]);
  return rows[0]?.user_handle ?? null;
}

function ceremonyHash(ceremonyId: string): string {
  return createHash('sha256').update(`passkey-ceremony\n${ceremonyId}`, 'utf8').digest('hex');
}

/** Opens a ceremony for `challenge`; answers its id (the browser's handle on it). */
export async function openCeremony(
  db: Db,
  input: Omit<Ceremony, 'expiresAt' | 'pending'> & { pending?: Record<string, unknown>; now: number },
): Promise<string> {
  const ceremonyId = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO passkey_challenges (ceremony_hash, purpose, challenge, guid, service_name, pending, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      ceremonyHash(ceremonyId),
      input.purpose,
      input.challenge,
      input.guid,
      input.serviceName,
      input.pending ? JSON.stringify(input.pending) : null,
      input.now + PASSKEY_CEREMONY_LIFETIME_MS,
    ],
  );
  return ceremonyId;
}

/**
 * Takes (deletes) the ceremony: answers it when it was open for `purpose` and has not expired,
 * null otherwise. Taken whatever comes next, so a failed credential cannot be retried with it.
 */
export async function takeCeremony(
  db: Db,
  ceremonyId: string,
  purpose: CeremonyPurpose,
  now: number,
): Promise<Ceremony | null> {
  const rows = await db.query<{
    purpose: CeremonyPurpose;
    challenge: string;
    guid: string | null;
    service_name: string;
    pending: unknown;
    expires_at: unknown;
  }>(
    `DELETE FROM passkey_challenges WHERE ceremony_hash = $1
     RETURNING purpose, challenge, guid, service_name, pending, expires_at`,
    [ceremonyHash(ceremonyId)],
  );
  const row = rows[0];
  if (!row || row.purpose !== purpose || toMillis(row.expires_at) <= now) return null;
  return {
    purpose: row.purpose,
    challenge: row.challenge,
    guid: row.guid,
    serviceName: row.service_name,
    pending: row.pending,
    expiresAt: toMillis(row.expires_at),
  };
}

export async function pruneCeremonies(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [now]);
}
