/**
 * Operators' console sessions (issue 28): a random cookie value whose SHA-256 alone is stored,
 * ended after OPERATOR_IDLE_TIMEOUT_MS without a call (each call moves it on) and after
 * ABSOLUTE_MS in any case, with a CSRF token of its own that every cookie-authenticated write
 * must send back in x-foyer-csrf (the cookie is SameSite=Strict too; the token is the second lock).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OPERATOR_COOKIE, OPERATOR_IDLE_TIMEOUT_MS } from '@foyer/api/admin';
import type { Db } from '../../db';
import type { OperatorRow } from './store';

/** However busy, a console session ends after a working day. */
export const ABSOLUTE_MS = 12 * 60 * 60_000;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export interface OperatorSessionRow {
  operator: OperatorRow;
  csrfToken: string;
  idleExpiresAt: number;
}

export async function createOperatorSession(
  db: Db,
  operatorId: string,
  now: number,
): Promise<{ cookie: string; csrfToken: string; idleExpiresAt: number }> {
  const cookie = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const idleExpiresAt = now + OPERATOR_IDLE_TIMEOUT_MS;
  await db.query(
    `INSERT INTO operator_sessions (id_hash, operator_id, csrf_token, created_at, idle_expires_at, absolute_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashOf(cookie), operatorId, csrfToken, now, idleExpiresAt, now + ABSOLUTE_MS],
  );
  return { cookie, csrfToken, idleExpiresAt };
}

/**
 * The live session of `cookie` with its operator (not disabled), its idle end moved on; null when
 * there is none. An expired one is deleted on the way.
 */
export async function useOperatorSession(db: Db, cookie: string, now: number): Promise<OperatorSessionRow | null> {
  const rows = await db.query<OperatorRow & { csrf_token: string; idle_expires_at: string | number }>(
    `UPDATE operator_sessions s SET idle_expires_at = LEAST($2::bigint + $3::bigint, s.absolute_expires_at)
       FROM operators o
      WHERE s.id_hash = $1 AND o.id = s.operator_id AND o.disabled_at IS NULL
        AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2
     RETURNING o.id, o.email, o.name, o.role, o.password_hash, o.totp_secret, o.totp_last_step, o.created_at,
               o.last_login_at, o.disabled_at, s.csrf_token, s.idle_expires_at`,
    [hashOf(cookie), now, OPERATOR_IDLE_TIMEOUT_MS],
  );
  const row = rows[0];
  if (!row) {
    await db.query('DELETE FROM operator_sessions WHERE id_hash = $1', [hashOf(cookie)]);
    return null;
  }
  const { csrf_token, idle_expires_at, ...operator } = row;
  return { operator, csrfToken: csrf_token, idleExpiresAt: Number(idle_expires_at) };
}

export async function endOperatorSession(db: Db, cookie: string): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE id_hash = $1', [hashOf(cookie)]);
}

export async function pruneOperatorSessions(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1', [now]);
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The operator cookie's value in a Cookie header, if any. */
export function operatorCookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OPERATOR_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** Set-Cookie for a session (or, with `value` null, one that ends it). */
export function operatorCookieHeader(value: string | null, secure: boolean): string {
  const attributes = ['Path=/admin', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return value === null
    ? [`${OPERATOR_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ')
    : [`${OPERATOR_COOKIE}=${value}`, ...attributes].join('; ');
}
