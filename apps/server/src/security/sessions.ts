/**
 * Session ids and lifetimes. The id handed to the browser is 32 random bytes (256 bits,
 * base64url); the database stores only its SHA-256, so reading the table does not reveal any
 * usable session. Each session has an idle expiry (moved forward on use) and an absolute expiry
 * (never moved).
 */
import { createHash, randomBytes } from 'node:crypto';
import { recordActivity } from '../activity';
import { toMillis, type Db } from '../db';
import { ApiError } from '../http/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_LIFETIMES = {
  idle: 2 * HOUR,
  absolute: 12 * HOUR,
  rememberMeIdle: 30 * DAY,
  rememberMeAbsolute: 30 * DAY,
  /** The secure session proves a recent password entry: short, and never extended past an hour. */
  secureIdle: 15 * MINUTE,
  secureAbsolute: HOUR,
} as const;

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export interface SessionRecord {
  guid: string;
  /** A secure session (proof of a recent password entry), not a main session. */
  secure: boolean;
  serviceName: string | null;
  rememberMe: boolean;
  createdAt: number;
  idleTtlMs: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

export interface CreatedSession extends SessionRecord {
  sessionId: string;
}

export async function createSession(
  db: Db,
  input: {
    guid: string;
    serviceName: string | null;
    rememberMe: boolean;
    now: number;
    /** A secure session: short-lived, and deleted with this main session. */
    secureFor?: string;
  },
): Promise<CreatedSession> {
  const sessionId = newSessionId();
  const secure = input.secureFor !== undefined;
  const idleTtlMs = secure
    ? SESSION_LIFETIMES.secureIdle
    : input.rememberMe
      ? SESSION_LIFETIMES.rememberMeIdle
      : SESSION_LIFETIMES.idle;
  const absoluteTtl = secure
    ? SESSION_LIFETIMES.secureAbsolute
    : input.rememberMe
      ? SESSION_LIFETIMES.rememberMeAbsolute
      : SESSION_LIFETIMES.absolute;
  const record: CreatedSession = {
    sessionId,
    guid: input.guid,
    secure,
    serviceName: input.serviceName,
    rememberMe: input.rememberMe,
    createdAt: input.now,
    idleTtlMs,
    absoluteExpiresAt: input.now + absoluteTtl,
    idleExpiresAt: Math.min(input.now + idleTtlMs, input.now + absoluteTtl),
  };
  // Only for an account that may sign in, read under a share lock: a lock or an erasure
  // committing meanwhile (admin/accounts) either waits for this session and then ends it, or is
  // seen here and no session is made — a login racing a lock never outlives it.
  const made = await db.query(
    `WITH account AS (
       SELECT guid FROM user_profiles WHERE guid = $2 AND state NOT IN ('LOCKED', 'ERASED') FOR SHARE)
     INSERT INTO sessions (id_hash, guid, service_name, remember_me, created_at, idle_ttl_ms, idle_expires_at,
                           absolute_expires_at, parent_id_hash)
     SELECT $1, account.guid, $3, $4, $5, $6, $7, $8, $9 FROM account RETURNING id_hash`,
    [
      hashSessionId(sessionId),
      record.guid,
      record.serviceName,
      record.rememberMe,
      record.createdAt,
      record.idleTtlMs,
      record.idleExpiresAt,
      record.absoluteExpiresAt,
      input.secureFor === undefined ? null : hashSessionId(input.secureFor),
    ],
  );
  if (!made.length) throw new ApiError('USER_PROFILE_LOCKED');
  // A secure session is a step-up inside a sign-in, not another one.
  if (!secure)
    await recordActivity(db, { kind: 'login', serviceName: record.serviceName, guid: record.guid }, input.now);
  return record;
}

interface SessionRow {
  guid: string;
  parent_id_hash: string | null;
  service_name: string | null;
  remember_me: boolean;
  created_at: unknown;
  idle_ttl_ms: unknown;
  idle_expires_at: unknown;
  absolute_expires_at: unknown;
}

export type SessionLookup =
  { status: 'valid'; session: SessionRecord } | { status: 'expired'; session: SessionRecord } | { status: 'not-found' };

/**
 * Finds a session by its id. A valid session is touched: its idle expiry moves to
 * now + idle lifetime, capped by the absolute expiry. Only main sessions unless `allowSecure`: a
 * secure session is accepted only where the spec uses it (edit profile) and is otherwise unknown.
 */
export async function useSession(
  db: Db,
  sessionId: string,
  now: number,
  options: { allowSecure?: boolean } = {},
): Promise<SessionLookup> {
  const idHash = hashSessionId(sessionId);
  const rows = await db.query<SessionRow>(
    `SELECT guid, parent_id_hash, service_name, remember_me, created_at, idle_ttl_ms, idle_expires_at,
            absolute_expires_at
       FROM sessions WHERE id_hash = $1 AND ($2 OR parent_id_hash IS NULL)`,
    [idHash, options.allowSecure ?? false],
  );
  const row = rows[0];
  if (!row) return { status: 'not-found' };
  const session: SessionRecord = {
    guid: row.guid,
    secure: row.parent_id_hash !== null,
    serviceName: row.service_name,
    rememberMe: row.remember_me,
    createdAt: toMillis(row.created_at),
    idleTtlMs: toMillis(row.idle_ttl_ms),
    idleExpiresAt: toMillis(row.idle_expires_at),
    absoluteExpiresAt: toMillis(row.absolute_expires_at),
  };
  if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) return { status: 'expired', session };
  session.idleExpiresAt = Math.min(now + session.idleTtlMs, session.absoluteExpiresAt);
  await db.query('UPDATE sessions SET idle_expires_at = $2 WHERE id_hash = $1', [idHash, session.idleExpiresAt]);
  return { status: 'valid', session };
}

/** The deleted session's service (null when it had none), or false when there was no such session. */
export async function deleteSession(db: Db, sessionId: string): Promise<{ serviceName: string | null } | false> {
  const rows = await db.query<{ service_name: string | null }>(
    'DELETE FROM sessions WHERE id_hash = $1 RETURNING service_name',
    [hashSessionId(sessionId)],
  );
  return rows[0] ? { serviceName: rows[0].service_name } : false;
}

/**
 * Removes sessions that expired more than a day ago. Recently expired ones are kept so a client
 * still gets SESSION_HAS_EXPIRED (and clears its state) rather than SESSION_NOT_FOUND.
 */
export async function pruneSessions(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE LEAST(idle_expires_at, absolute_expires_at) < $1', [now - DAY]);
}

/** Ends the user's sessions, all of them or all but one (password change keeps the current one). */
export async function deleteUserSessions(db: Db, guid: string, exceptSessionId?: string): Promise<number> {
  const rows = await db.query('DELETE FROM sessions WHERE guid = $1 AND id_hash <> $2 RETURNING guid', [
    guid,
    exceptSessionId === undefined ? '' : hashSessionId(exceptSessionId),
  ]);
  return rows.length;
}
