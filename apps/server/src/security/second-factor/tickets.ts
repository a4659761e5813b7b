/**
 * The ticket between a sign-in's first proof and its second factor (migration 043): 32 random
 * bytes handed to the frame, only their SHA-256 stored, good for SECOND_FACTOR_TICKET_LIFETIME_MS
 * and spent by the one request that completes the step. It remembers what the first step decided
 * (the service, remember me, the method, whether a secure session comes with the main one), so
 * the second step cannot ask for more than the first proved.
 */
import { createHash, randomBytes } from 'node:crypto';
import { toMillis, type Db } from '../../db';
import { ApiError } from '../../http/errors';
import { hashSessionId } from '../sessions';

/** Long enough to open an authenticator app (or find the backup codes), short enough to be useless later. */
export const SECOND_FACTOR_TICKET_LIFETIME_MS = 5 * 60_000;

export const TICKET_PURPOSES = ['sign_in', 'enrol', 'step_up'] as const;
export type TicketPurpose = (typeof TICKET_PURPOSES)[number];

/** How the first step proved the person: login.success's method, defined once in the protocol. */
export type { LoginMethod as SignInMethod } from '@foyer/protocol/light';
import type { LoginMethod as SignInMethod } from '@foyer/protocol/light';

export interface TicketClaims {
  guid: string;
  serviceName: string;
  purpose: TicketPurpose;
  method: SignInMethod;
  rememberMe: boolean;
  /** The first proof was a typed password (or as good): a secure session comes with the main one. */
  grantsSecure: boolean;
  /** step_up: the main session the secure one will belong to. */
  mainSessionId?: string;
}

export interface Ticket extends Omit<TicketClaims, 'mainSessionId'> {
  mainSessionHash: string | null;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

/**
 * The answer that asks for the second step: `second_factor_required` (a code completes it) or
 * `second_factor_enrolment_required` (an enrolment ticket). The args are the ticket and its end
 * (errors/second-factor-catalogue.ts).
 */
export async function askSecondStep(db: Db, claims: TicketClaims, now: number): Promise<ApiError> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = now + SECOND_FACTOR_TICKET_LIFETIME_MS;
  await db.query(
    `INSERT INTO second_factor_tickets (id_hash, guid, service_name, purpose, method, remember_me, grants_secure,
                                       main_session_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashOf(ticket),
      claims.guid,
      claims.serviceName,
      claims.purpose,
      claims.method,
      claims.rememberMe,
      claims.grantsSecure,
      claims.mainSessionId === undefined ? null : hashSessionId(claims.mainSessionId),
      expiresAt,
    ],
  );
  const code = claims.purpose === 'enrol' ? 'second_factor_enrolment_required' : 'second_factor_required';
  return new ApiError(code, [ticket, String(expiresAt)]);
}

interface TicketRow {
  guid: string;
  service_name: string;
  purpose: TicketPurpose;
  method: SignInMethod;
  remember_me: boolean;
  grants_secure: boolean;
  main_session_hash: string | null;
  expires_at: unknown;
}

const toTicket = (row: TicketRow): Ticket => ({
  guid: row.guid,
  serviceName: row.service_name,
  purpose: row.purpose,
  method: row.method,
  rememberMe: row.remember_me,
  grantsSecure: row.grants_secure,
  mainSessionHash: row.main_session_hash,
});

/** The live ticket for one of `purposes`, not spent; SECOND_FACTOR_TICKET_INVALID otherwise. */
export async function readTicket(
  db: Db,
  ticket: string,
  purposes: readonly TicketPurpose[],
  now: number,
): Promise<Ticket> {
  const rows = await db.query<TicketRow>('SELECT * FROM second_factor_tickets WHERE id_hash = $1', [hashOf(ticket)]);
  const row = rows[0];
  if (!row || toMillis(row.expires_at) <= now || !purposes.includes(row.purpose)) {
    throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
  }
  return toTicket(row);
}

/** Spends the ticket: exactly one caller wins it; the others get SECOND_FACTOR_TICKET_INVALID. */
export async function spendTicket(db: Db, ticket: string, now: number): Promise<void> {
  const rows = await db.query('DELETE FROM second_factor_tickets WHERE id_hash = $1 AND expires_at > $2 RETURNING 1', [
    hashOf(ticket),
    now,
  ]);
  if (!rows.length) throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
}

export async function pruneSecondFactorTickets(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM second_factor_tickets WHERE expires_at <= $1', [now]);
}
