/**
 * The SQL behind social sign-in: OAuth steps in flight (state, PKCE verifier), the tickets the
 * frame spends once the provider answered, and the social profiles linked to accounts.
 * Secrets (state, ticket) are stored as SHA-256 hashes only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { linkedProfileKey, type LinkedProfile, type SocialNetwork, type SocialPurpose } from '@foyer/api';
import type { SocialIdentity } from '../adapters/social/types';
import type { Db } from '../db';
import { ApiError } from '../http/errors';

/** How long the visitor has to finish at the provider, and then to spend the ticket. */
export const SOCIAL_STEP_LIFETIME_MS = 10 * 60_000;

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashOf(kind: 'state' | 'ticket' | 'result', value: string): string {
  return createHash('sha256').update(`social-${kind}\n${value}`, 'utf8').digest('hex');
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export async function startAuthorization(
  db: Db,
  input: {
    state: string;
    network: SocialNetwork;
    serviceName: string;
    codeVerifier: string;
    attempt: string;
    /** Full-redirect mode: the host page to come back to (already checked) and what resumes there. */
    redirect?: { returnTo: string; purpose: SocialPurpose };
    now: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO social_authorizations (state_hash, network, service_name, code_verifier, attempt, created_at, expires_at, return_to, purpose)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashOf('state', input.state),
      input.network,
      input.serviceName,
      input.codeVerifier,
      input.attempt,
      input.now,
      input.now + SOCIAL_STEP_LIFETIME_MS,
      input.redirect?.returnTo ?? null,
      input.redirect?.purpose ?? null,
    ],
  );
}

export interface PendingAuthorization {
  network: SocialNetwork;
  serviceName: string;
  codeVerifier: string;
  attempt: string;
  /** Full-redirect mode only: where the visitor goes back to, and what resumes there. */
  redirect: { returnTo: string; purpose: SocialPurpose } | null;
}

/**
 * Takes the step a provider's redirect names by its state, once: a replayed or expired state finds
 * nothing. The row stays (without verifier) to carry the ticket.
 */
export async function takeAuthorization(db: Db, state: string, now: number): Promise<PendingAuthorization | null> {
  const rows = await db.query<{
    network: SocialNetwork;
    service_name: string;
    code_verifier: string;
    attempt: string;
    return_to: string | null;
    purpose: SocialPurpose | null;
  }>(
    `UPDATE social_authorizations SET code_verifier = '', expires_at = $3
      WHERE state_hash = $1 AND code_verifier <> '' AND expires_at > $2
      RETURNING network, service_name, attempt, return_to, purpose,
                (SELECT code_verifier FROM social_authorizations WHERE state_hash = $1) AS code_verifier`,
    [hashOf('state', state), now, now + SOCIAL_STEP_LIFETIME_MS],
  );
  const row = rows[0];
  return row
    ? {
        network: row.network,
        serviceName: row.service_name,
        codeVerifier: row.code_verifier,
        attempt: row.attempt,
        redirect: row.return_to ? { returnTo: row.return_to, purpose: row.purpose ?? 'signIn' } : null,
      }
    : null;
}

/** Records the identity the provider vouched for; answers the ticket the frame will spend. */
export async function issueTicket(db: Db, state: string, identity: SocialIdentity): Promise<string> {
  const ticket = randomToken();
  await db.query(
    `UPDATE social_authorizations SET ticket_hash = $2, social_user_id = $3, profile = $4 WHERE state_hash = $1`,
    [hashOf('state', state), hashOf('ticket', ticket), identity.socialUserId, JSON.stringify(identity)],
  );
  return ticket;
}

/** How long the host page has to redeem a full-redirect result: it does so as soon as its frame loads. */
export const SOCIAL_RESULT_LIFETIME_MS = 2 * 60_000;

/**
 * Full-redirect mode: records the step's outcome (the identity already stored by issueTicket, or
 * `error`) under a new single-use result id, the only thing that travels in the host page's URL.
 */
export async function issueResult(db: Db, state: string, error: string | null, now: number): Promise<string> {
  const result = randomToken();
  await db.query(
    `UPDATE social_authorizations SET result_hash = $2, result_error = $3, result_expires_at = $4 WHERE state_hash = $1`,
    [hashOf('state', state), hashOf('result', result), error, now + SOCIAL_RESULT_LIFETIME_MS],
  );
  return result;
}

export type RedeemedResult =
  | { network: SocialNetwork; purpose: SocialPurpose; ticket: string }
  | { network: SocialNetwork; purpose: SocialPurpose; error: string };

/**
 * Redeems a full-redirect result once: of concurrent calls exactly one gets it, and a used,
 * expired, other service's or other attempt's result is spent and refused (SOCIAL_TICKET_INVALID). The ticket is a fresh one: the one minted at the callback was
 * never handed out, and only its hash was kept.
 */
export async function redeemResult(
  db: Db,
  input: { result: string; serviceName: string; attempt: string; now: number },
): Promise<RedeemedResult> {
  const rows = await db.query<{
    state_hash: string;
    network: SocialNetwork;
    service_name: string;
    attempt: string;
    purpose: SocialPurpose | null;
    result_error: string | null;
  }>(
    `UPDATE social_authorizations SET result_used_at = $2
      WHERE result_hash = $1 AND result_used_at IS NULL AND result_expires_at > $2
      RETURNING state_hash, network, service_name, attempt, purpose, result_error`,
    [hashOf('result', input.result), input.now],
  );
  const row = rows[0];
  if (!row || row.service_name !== input.serviceName) throw new ApiError('SOCIAL_TICKET_INVALID');
  // The browser that started the step kept its attempt: another browser's result sent to this
  // visitor (login CSRF) does not carry it.
  if (input.attempt !== row.attempt) throw new ApiError('SOCIAL_TICKET_INVALID');
  const base = { network: row.network, purpose: row.purpose ?? 'signIn' };
  if (row.result_error) return { ...base, error: row.result_error };
  const ticket = randomToken();
  const updated = await db.query(
    `UPDATE social_authorizations SET ticket_hash = $2
      WHERE state_hash = $1 AND profile IS NOT NULL AND used_at IS NULL AND expires_at > $3 RETURNING state_hash`,
    [row.state_hash, hashOf('ticket', ticket), input.now],
  );
  if (!updated.length) throw new ApiError('SOCIAL_TICKET_INVALID');
  return { ...base, ticket };
}

export interface Ticket {
  network: SocialNetwork;
  serviceName: string;
  identity: SocialIdentity;
  /** Gives the ticket back when the call that claimed it failed (so the visitor can go on). */
  release(): Promise<void>;
}

function identityOf(profile: unknown): SocialIdentity {
  return (typeof profile === 'string' ? JSON.parse(profile) : profile) as SocialIdentity;
}

/** Reads a live, unspent ticket of `network` without spending it; SOCIAL_TICKET_INVALID otherwise. */
export async function readTicket(
  db: Db,
  ticket: string,
  network: SocialNetwork,
  now: number,
): Promise<Omit<Ticket, 'release'>> {
  const rows = await db.query<{ network: SocialNetwork; service_name: string; profile: unknown }>(
    `SELECT network, service_name, profile FROM social_authorizations
      WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [hashOf('ticket', ticket), now],
  );
  const row = rows[0];
  if (!row || row.network !== network) throw new ApiError('SOCIAL_TICKET_INVALID');
  return { network: row.network, serviceName: row.service_name, identity: identityOf(row.profile) };
}

/**
 * Claims a ticket: of concurrent calls with one ticket exactly one gets it. The caller releases
 * it when its own work fails, so a refused registration can be corrected and sent again.
 */
export async function claimTicket(db: Db, ticket: string, network: SocialNetwork, now: number): Promise<Ticket> {
  const hash = hashOf('ticket', ticket);
  const rows = await db.query<{ network: SocialNetwork; service_name: string; profile: unknown }>(
    `UPDATE social_authorizations SET used_at = $2
      WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > $2 AND network = $3
      RETURNING network, service_name, profile`,
    [hash, now, network],
  );
  const row = rows[0];
  if (!row) throw new ApiError('SOCIAL_TICKET_INVALID');
  return {
    network: row.network,
    serviceName: row.service_name,
    identity: identityOf(row.profile),
    release: async () => {
      await db.query('UPDATE social_authorizations SET used_at = NULL WHERE ticket_hash = $1', [hash]);
    },
  };
}

/** Runs `work` with the claimed ticket, giving it back if `work` throws. */
export async function withTicket<T>(
  db: Db,
  claim: { ticket: string; network: SocialNetwork; now: number },
  work: (ticket: Ticket) => Promise<T>,
): Promise<T> {
  const ticket = await claimTicket(db, claim.ticket, claim.network, claim.now);
  try {
    return await work(ticket);
  } catch (error) {
    await ticket.release();
    throw error;
  }
}

export async function pruneSocialAuthorizations(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM social_authorizations WHERE expires_at <= $1', [now]);
}

/** The account a social identity is linked to in a realm, if any. */
export async function findLinkedGuid(
  db: Db,
  realmName: string,
  network: SocialNetwork,
  socialUserId: string,
): Promise<string | null> {
  const rows = await db.query<{ guid: string }>(
    'SELECT guid FROM social_profiles WHERE realm_name = $1 AND network = $2 AND social_user_id = $3',
    [realmName, network, socialUserId],
  );
  return rows[0]?.guid ?? null;
}

/**
 * Links a social identity to an account. One identity links to one account of the realm
 * (user_linked_with_different_account), and an account has one profile per network
 * (USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK); the table's keys hold both under concurrency.
 */
export async function linkProfile(
  db: Db,
  input: {
    guid: string;
    realmName: string;
    network: SocialNetwork;
    identity: SocialIdentity;
    now: number;
    /** The account is being created from this identity (social registration). */
    registeredWith?: boolean;
  },
): Promise<void> {
  const owner = await findLinkedGuid(db, input.realmName, input.network, input.identity.socialUserId);
  if (owner && owner !== input.guid) throw new ApiError('user_linked_with_different_account');
  const rows = await db.query<{ guid: string }>(
    `INSERT INTO social_profiles (guid, realm_name, network, social_user_id, profile, linked_at, registered_with)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING guid`,
    [
      input.guid,
      input.realmName,
      input.network,
      input.identity.socialUserId,
      JSON.stringify(input.identity),
      input.now,
      input.registeredWith ?? false,
    ],
  );
  if (rows.length) return;
  // Nothing inserted: a row with one of the two keys exists (perhaps written just now by another call).
  const again = await findLinkedGuid(db, input.realmName, input.network, input.identity.socialUserId);
  if (again && again !== input.guid) throw new ApiError('user_linked_with_different_account');
  throw new ApiError('USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK');
}

/** Keeps the stored profile current after a sign-in (the provider's names or picture may change). */
export async function refreshProfile(
  db: Db,
  guid: string,
  network: SocialNetwork,
  identity: SocialIdentity,
): Promise<void> {
  await db.query('UPDATE social_profiles SET profile = $3 WHERE guid = $1 AND network = $2', [
    guid,
    network,
    JSON.stringify(identity),
  ]);
}

export async function unlinkProfile(db: Db, guid: string, network: SocialNetwork): Promise<boolean> {
  const rows = await db.query('DELETE FROM social_profiles WHERE guid = $1 AND network = $2 RETURNING guid', [
    guid,
    network,
  ]);
  return rows.length > 0;
}

/**
 * A password reset proves the address of an account whose address nobody had proven (not
 * activated, or an ACTIVE purchase sign-up: migration 024): the social identities linked to it
 * before (a social registration with an address the network did not vouch for, maybe someone
 * else's) are dropped, so the one who typed the address cannot sign in to the owner's account.
 * Call before marking the address proven. Answers the networks dropped, for the owner's mail.
 */
export async function dropUnprovenLinks(db: Db, guid: string): Promise<SocialNetwork[]> {
  const rows = await db.query<{ network: SocialNetwork }>(
    `DELETE FROM social_profiles
      WHERE guid = $1 AND EXISTS (SELECT 1 FROM user_profiles WHERE guid = $1 AND address_proven_at IS NULL)
      RETURNING network`,
    [guid],
  );
  return rows.map((row) => row.network).sort();
}

/**
 * A password reset takes the account back (issue 24, finding 4): the networks linked after the
 * account was made go, since one may be a thief's, linked with a stolen session to outlast the
 * reset. The network the account was registered with stays (the owner's way in when it has no
 * password). Answers the networks dropped, for the mail that tells the owner.
 */
export async function dropLaterLinks(db: Db, guid: string): Promise<SocialNetwork[]> {
  const rows = await db.query<{ network: SocialNetwork }>(
    'DELETE FROM social_profiles WHERE guid = $1 AND NOT registered_with RETURNING network',
    [guid],
  );
  return rows.map((row) => row.network).sort();
}

export interface LinkRecord {
  socialUserId: string;
  identity: SocialIdentity;
  linkedAt: number;
  /** Linked when the account was created from this identity (social registration). */
  registeredWith: boolean;
}

/** The account's profile on one network, if linked. */
export async function findLinkedProfile(db: Db, guid: string, network: SocialNetwork): Promise<LinkRecord | null> {
  const rows = await db.query<{
    social_user_id: string;
    profile: unknown;
    linked_at: string | number;
    registered_with: boolean;
  }>(
    'SELECT social_user_id, profile, linked_at, registered_with FROM social_profiles WHERE guid = $1 AND network = $2',
    [guid, network],
  );
  const row = rows[0];
  return row
    ? {
        socialUserId: row.social_user_id,
        identity: identityOf(row.profile),
        linkedAt: Number(row.linked_at),
        registeredWith: row.registered_with,
      }
    : null;
}

/** Linked profiles keyed by upper-case network (identity spec §3). */
export async function linkedProfiles(db: Db, guid: string): Promise<Record<string, LinkedProfile>> {
  const rows = await db.query<{
    network: SocialNetwork;
    social_user_id: string;
    profile: unknown;
    linked_at: string | number;
  }>('SELECT network, social_user_id, profile, linked_at FROM social_profiles WHERE guid = $1 ORDER BY network', [
    guid,
  ]);
  const profiles: Record<string, LinkedProfile> = {};
  for (const row of rows) {
    const identity = identityOf(row.profile);
    profiles[linkedProfileKey(row.network)] = {
      network: row.network,
      socialUserId: row.social_user_id,
      ...(identity.displayName ? { displayName: identity.displayName } : {}),
      ...(identity.email ? { email: identity.email } : {}),
      ...(identity.pictureUrl ? { pictureUrl: identity.pictureUrl } : {}),
      linkedAt: Number(row.linked_at),
    };
  }
  return profiles;
}
