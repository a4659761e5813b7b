/**
 * Beneficiaries and grant invitations (purchase spec §2, §3, §4, §6). An owner invites an address
 * to one of their running subscriptions: a grant row, PENDING, with a random invitation key that
 * is mailed to the invitee and stored only hashed. The invitee (whoever holds the key, logged in;
 * or an account whose proven address was invited: caller.ts) accepts or declines once; accepting entitles them to the
 * subscription's product while it runs (entitlements.ts). The owner may remove a beneficiary.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Beneficiary, GrantAction, GrantInvitation, GrantStatus } from '@foyer/api';
import { recordEvent } from '../billing/events';
import { toMillis, type Db } from '../db';
import { ApiError } from '../http/errors';
import { isUniqueViolation } from '../identity/accounts';
import { hashKey } from '../security/workflow-keys';
import { isoDay } from '../widget/dates';
import { runningSubscription } from './entitlements';

/** How long an invitation may be answered. */
export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60_000;

interface GrantRow {
  id: string;
  subscription_id: string;
  owner_guid: string;
  email: string;
  message: string | null;
  role_name: string;
  status: GrantStatus;
  grantee_guid: string | null;
  expires_at: unknown;
  product_name: string;
}

const GRANT_COLUMNS = `g.id, g.subscription_id, g.owner_guid, g.email, g.message, g.role_name, g.status,
  g.grantee_guid, g.expires_at,
  COALESCE(i.snapshot->>'displayName', s.product_name) AS product_name`;
const GRANT_FROM = `grants g JOIN subscriptions s ON s.id = g.subscription_id
  JOIN purchases p ON p.id = s.purchase_id JOIN order_items i ON i.id = p.order_item_id`;

/** A PENDING invitation past its expiry is EXPIRED, whether or not a sweep has written it yet. */
function statusOf(row: GrantRow, now: number): GrantStatus {
  return row.status === 'PENDING' && toMillis(row.expires_at) <= now ? 'EXPIRED' : row.status;
}

function toInvitation(row: GrantRow, now: number): GrantInvitation {
  return {
    key: row.id,
    roleName: row.role_name,
    status: statusOf(row, now),
    email: row.email,
    subscriptionId: row.subscription_id,
    productName: row.product_name,
    expiresAt: toMillis(row.expires_at),
  };
}

function toBeneficiary(row: GrantRow, now: number): Beneficiary {
  return {
    key: row.id,
    email: row.email,
    status: statusOf(row, now),
    ...(row.message ? { message: row.message } : {}),
    subscriptionId: row.subscription_id,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The caller's running subscription, or subscription_not_found (also for someone else's: no
 * probing). One awaiting its payment (ACTIVE_PENDING) is the owner's but shares nothing yet:
 * subscription_awaiting_payment (issue 24).
 */
async function ownRunningSubscription(
  db: Db,
  guid: string,
  subscriptionId: string,
  now: number,
): Promise<{ id: string; product_name: string; display_name: string }> {
  const rows = await db.query<{ id: string; product_name: string; display_name: string; paid: boolean }>(
    `SELECT s.id, s.product_name, COALESCE(i.snapshot->>'displayName', s.product_name) AS display_name,
            (s.status = 'ACTIVE' AND NOT s.awaiting_payment) AS paid
       FROM subscriptions s JOIN purchases p ON p.id = s.purchase_id JOIN order_items i ON i.id = p.order_item_id
      WHERE s.id = $1 AND s.guid = $3 AND s.status IN ('ACTIVE', 'ACTIVE_PENDING')
        AND (s.end_date IS NULL OR s.end_date >= $2::date)`,
    [subscriptionId, isoDay(now), guid],
  );
  const row = rows[0];
  if (!row) throw new ApiError('subscription_not_found');
  if (!row.paid) throw new ApiError('subscription_awaiting_payment');
  return row;
}

export interface Invitation {
  beneficiary: Beneficiary;
  /** The secret for the mail; never answered to the owner. */
  invitationKey: string;
  /** The product's display name, for the mail. */
  productName: string;
}

/**
 * Invites `email` to the owner's running subscription. A live (PENDING or ACCEPTED) invitation of
 * the same address is a duplicate; the unique index decides between concurrent invites.
 */
export async function inviteBeneficiary(
  db: Db,
  input: { ownerGuid: string; ownerEmail: string | null; subscriptionId: string; email: string; message?: string },
  now: number,
): Promise<Invitation> {
  const subscription = await ownRunningSubscription(db, input.ownerGuid, input.subscriptionId, now);
  const email = normaliseEmail(input.email);
  // The owner has the subscription already: inviting oneself is no beneficiary.
  if (input.ownerEmail && normaliseEmail(input.ownerEmail) === email) throw new ApiError('add_beneficiary_fail');
  const invitationKey = randomBytes(32).toString('base64url');
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      // An unanswered invitation that ran out no longer blocks a new one.
      await tx.query(
        `UPDATE grants SET status = 'EXPIRED'
          WHERE subscription_id = $1 AND email = $2 AND status = 'PENDING' AND expires_at <= $3`,
        [subscription.id, email, now],
      );
      await tx.query(
        `INSERT INTO grants (id, key_hash, subscription_id, owner_guid, email, message, role_name, status,
                             created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $9)`,
        [
          id,
          hashKey(invitationKey),
          subscription.id,
          input.ownerGuid,
          email,
          input.message?.trim() || null,
          `${subscription.product_name}:reader`,
          now,
          now + INVITATION_LIFETIME_MS,
        ],
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('duplicated_beneficiary');
    throw error;
  }
  return {
    invitationKey,
    productName: subscription.display_name,
    beneficiary: {
      key: id,
      email,
      status: 'PENDING',
      ...(input.message?.trim() ? { message: input.message.trim() } : {}),
      subscriptionId: subscription.id,
    },
  };
}

/** The owner's view of a subscription's beneficiaries (removed ones left out), newest first. */
export async function listBeneficiaries(
  db: Db,
  ownerGuid: string,
  subscriptionId: string,
  now: number,
): Promise<Beneficiary[]> {
  const owned = await db.query('SELECT 1 FROM subscriptions WHERE id = $1 AND guid = $2', [subscriptionId, ownerGuid]);
  if (!owned.length) throw new ApiError('subscription_not_found');
  const rows = await db.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM ${GRANT_FROM}
      WHERE g.subscription_id = $1 AND g.status <> 'REMOVED' ORDER BY g.created_at DESC, g.id`,
    [subscriptionId],
  );
  return rows.map((row) => toBeneficiary(row, now));
}

/**
 * The owner removes a beneficiary (or withdraws an invitation): REMOVED, which ends the
 * beneficiary's entitlement at once. A declined invitation may be removed too: the lists show it
 * with Delete, and removing it is how the owner clears it. `subscriptionId` narrows it when given
 * (widget call).
 */
export async function removeBeneficiary(
  db: Db,
  ownerGuid: string,
  key: string,
  now: number,
  subscriptionId?: string,
): Promise<void> {
  const rows = await db.query(
    `UPDATE grants SET status = 'REMOVED', answered_at = COALESCE(answered_at, $3)
      WHERE id = $1 AND owner_guid = $2 AND status IN ('PENDING', 'ACCEPTED', 'DECLINED')
        AND ($4::text IS NULL OR subscription_id = $4)
      RETURNING id`,
    [key, ownerGuid, now, subscriptionId ?? null],
  );
  if (!rows.length) throw new ApiError('beneficiary_not_found');
}

/** Invitations to the account's address, and those it answered with a key, newest first. */
export async function receivedGrants(
  db: Db,
  guid: string,
  email: string | null,
  now: number,
): Promise<GrantInvitation[]> {
  const rows = await db.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM ${GRANT_FROM}
      WHERE (g.email = $2 OR g.grantee_guid = $1) AND g.owner_guid <> $1
      ORDER BY g.created_at DESC, g.id`,
    [guid, email ? normaliseEmail(email) : null],
  );
  return rows.map((row) => toInvitation(row, now));
}

/** Every invitation the account sent, newest first. */
export async function sentGrants(db: Db, guid: string, now: number): Promise<GrantInvitation[]> {
  const rows = await db.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM ${GRANT_FROM} WHERE g.owner_guid = $1 ORDER BY g.created_at DESC, g.id`,
    [guid],
  );
  return rows.map((row) => toInvitation(row, now));
}

interface Caller {
  guid: string;
  /** The caller's proven address, or null: an unproven one matches no invitation (caller.ts). */
  email: string | null;
}

/**
 * The grant `key` names for the caller: by public id when it was sent to the caller's address or
 * answered by the caller (or sent by them: the owner may look), or by mailed invitation key while
 * it is unused (PENDING) or answered by the caller. Anything else: null.
 */
async function findForCaller(db: Db, key: string, caller: Caller): Promise<GrantRow | null> {
  const rows = await db.query<GrantRow & { by_key: boolean }>(
    `SELECT ${GRANT_COLUMNS}, g.key_hash = $2 AS by_key FROM ${GRANT_FROM}
      WHERE g.id = $1 OR g.key_hash = $2`,
    [key, hashKey(key)],
  );
  const email = caller.email ? normaliseEmail(caller.email) : null;
  for (const row of rows) {
    const answeredByCaller = row.grantee_guid === caller.guid;
    if (row.by_key && (row.status === 'PENDING' || answeredByCaller)) return row;
    if (!row.by_key && (row.email === email || answeredByCaller || row.owner_guid === caller.guid)) return row;
  }
  return null;
}

export async function grantForCaller(db: Db, key: string, caller: Caller, now: number): Promise<GrantInvitation> {
  const row = await findForCaller(db, key, caller);
  if (!row) throw new ApiError('grant_not_found');
  return toInvitation(row, now);
}

/**
 * Accept or decline, by the invitee only, once, while PENDING and unexpired, and (to accept) while
 * the subscription runs. One conditional UPDATE, so two answers racing cannot both land.
 * Refusals are the spec's action_accept_fail / action_decline_fail.
 */
export async function actOnGrant(
  db: Db,
  key: string,
  action: GrantAction,
  caller: Caller,
  now: number,
): Promise<GrantInvitation> {
  const failure = new ApiError(action === 'accept' ? 'action_accept_fail' : 'action_decline_fail');
  const row = await findForCaller(db, key, caller);
  // The owner cannot answer their own invitation.
  if (!row || row.owner_guid === caller.guid) throw failure;
  const updated = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; service_name: string | null }>(
      `UPDATE grants g SET status = $2, grantee_guid = $3, answered_at = $4
         FROM subscriptions s
        WHERE g.id = $1 AND s.id = g.subscription_id AND g.status = 'PENDING' AND g.expires_at > $4
          AND ($2 = 'DECLINED' OR (${runningSubscription('$5')}))
        RETURNING g.id,
          (SELECT o.service_name FROM purchases p JOIN payments pay ON pay.id = p.payment_id
             JOIN orders o ON o.id = pay.order_id WHERE p.id = s.purchase_id) AS service_name`,
      [row.id, action === 'accept' ? 'ACCEPTED' : 'DECLINED', caller.guid, now, isoDay(now)],
    );
    const accepted = rows[0];
    // The site's backend hears of it (webhooks), under the service the subscription was bought in.
    if (accepted && action === 'accept')
      await recordEvent(
        tx,
        { guid: caller.guid, serviceName: accepted.service_name },
        {
          type: 'grant.accepted',
          grantId: row.id,
          subscriptionId: row.subscription_id,
          ownerAccountId: row.owner_guid,
        },
        now,
      );
    return rows;
  });
  if (!updated.length) throw failure;
  return toInvitation(
    { ...row, status: action === 'accept' ? 'ACCEPTED' : 'DECLINED', grantee_guid: caller.guid },
    now,
  );
}
