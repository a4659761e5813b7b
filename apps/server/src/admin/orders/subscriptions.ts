/**
 * Subscriptions in the console (issue 28): the list with what the lifecycle knows (period end,
 * next charge, the last failure), and the operator's actions — cancel now (access ends today),
 * cancel at the period end (no renewal, access to the last paid day), resume a cancelled one
 * before its end (renewals go on). State changes go through the lifecycle's own rows and events.
 */
import type { Subscription } from '@foyer/api/admin';
import { recordEvent } from '../../billing/events';
import { expire, loadSubscription } from '../../billing/lifecycle';
import { isoDay, periodEnd } from '../../widget/dates';
import { toMillis, type Db } from '../../db';
import { ApiError } from '../../http/errors';
import { type CursorKey, pageOf } from '../cursor';

interface SubscriptionListRow {
  id: string;
  guid: string;
  email: string | null;
  product_name: string;
  plan_id: string;
  frequency: string;
  status: string;
  start_date: string;
  end_date: string | null;
  next_retry_at: string | number | null;
  failure: string | null;
  created_at: string | number;
}

const SELECT = `
  SELECT s.id, s.guid, p.attributes->>'email' AS email, s.product_name, s.plan_id, s.frequency, s.status,
         s.start_date::text AS start_date, s.end_date::text AS end_date, s.next_retry_at, pu.created_at,
         (SELECT c.error_code FROM renewal_charges c WHERE c.subscription_id = s.id AND c.status = 'FAILED'
           ORDER BY c.created_at DESC LIMIT 1) AS failure
    FROM subscriptions s JOIN purchases pu ON pu.id = s.purchase_id JOIN user_profiles p ON p.guid = s.guid`;

/** Midnight UTC of a calendar day: when a period ending the day before is charged. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

function toSubscription(row: SubscriptionListRow): Subscription {
  const renews = row.frequency !== 'NONE';
  const nextChargeAt =
    row.status === 'PAST_DUE'
      ? row.next_retry_at === null
        ? null
        : toMillis(row.next_retry_at)
      : row.status === 'ACTIVE' && renews && row.end_date
        ? dayStart(row.end_date)
        : null;
  return {
    id: row.id,
    guid: row.guid,
    email: row.email,
    productName: row.product_name,
    planId: row.plan_id,
    frequency: row.frequency,
    status: row.status,
    startDate: row.start_date,
    periodEnd: row.end_date,
    nextChargeAt,
    failure: row.status === 'PAST_DUE' ? row.failure : null,
  };
}

export async function listSubscriptions(
  db: Db,
  filter: {
    status?: string | undefined;
    plan?: string | undefined;
    q?: string | undefined;
    limit: number;
    after: CursorKey | null;
  },
): Promise<{ items: Subscription[]; next: string | null }> {
  const q = filter.q?.trim() || null;
  const rows = await db.query<SubscriptionListRow>(
    `SELECT * FROM (${SELECT}) s
      WHERE ($1::text IS NULL OR s.status = $1) AND ($2::text IS NULL OR s.plan_id = $2)
        AND ($3::text IS NULL OR s.id = $3 OR s.guid = $3 OR lower(s.email) = lower($3))
        AND ($4::bigint IS NULL OR (s.created_at, s.id) < ($4::bigint, $5::text))
      ORDER BY s.created_at DESC, s.id DESC LIMIT $6`,
    [
      filter.status ?? null,
      filter.plan ?? null,
      q,
      filter.after?.[0] ?? null,
      filter.after?.[1] ?? null,
      filter.limit + 1,
    ],
  );
  return pageOf(rows, filter.limit, (row) => [toMillis(row.created_at), row.id], toSubscription);
}

export async function findSubscription(db: Db, id: string): Promise<Subscription | null> {
  const [row] = await db.query<SubscriptionListRow>(`${SELECT} WHERE s.id = $1`, [id]);
  return row ? toSubscription(row) : null;
}

/** Statuses that still give access and can be ended by the operator. */
const RUNNING = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED'] as const;

/**
 * `now`: ends it today (EXPIRED, the plan can be bought again). `period_end`: CANCELLED until its
 * current period's last day, never charged again (PAST_DUE: its retries stop). Refused while a
 * renewal charge is unanswered (money may yet be taken for it). Answers the change for the audit.
 */
export async function cancelByOperator(
  tx: Db,
  id: string,
  when: 'now' | 'period_end',
  now: number,
): Promise<{ before: string; after: string } | null> {
  const sub = await loadSubscription(tx, id, true);
  if (!sub) return null;
  const open = await tx.query(
    `SELECT 1 FROM renewal_charges WHERE subscription_id = $1 AND status IN ('PENDING', 'UNKNOWN')`,
    [id],
  );
  if (open.length) throw new ApiError('subscription_not_cancellable');
  if (when === 'now') {
    if (!(await expire(tx, sub, RUNNING, 'cancelled', now))) throw new ApiError('subscription_not_cancellable');
    return { before: sub.status, after: 'EXPIRED' };
  }
  if (!['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE'].includes(sub.status))
    throw new ApiError('subscription_not_cancellable');
  const lastDay = sub.end_date ?? isoDay(now);
  await tx.query(
    `UPDATE subscriptions SET status = 'CANCELLED', cancel_date = $2::date, end_date = $2::date, cancel_reason = 'OPERATOR',
            cancelled_at = $3, next_retry_at = NULL WHERE id = $1`,
    [id, lastDay, now],
  );
  await tx.query(`UPDATE purchases SET status = 'CANCELLED' WHERE id = $1`, [sub.purchase_id]);
  await recordEvent(
    tx,
    { guid: sub.guid, serviceName: sub.service_name },
    { type: 'subscription.cancelled', subscriptionId: id, endDate: lastDay },
    now,
  );
  return { before: sub.status, after: 'CANCELLED' };
}

/** A cancelled subscription before its end runs on: ACTIVE, renewed at its period's end. */
export async function resumeByOperator(
  tx: Db,
  id: string,
  now: number,
): Promise<{ before: string; after: string } | null> {
  const sub = await loadSubscription(tx, id, true);
  if (!sub) return null;
  const today = isoDay(now);
  if (sub.status !== 'CANCELLED' || (sub.end_date !== null && sub.end_date < today))
    throw new ApiError('SUBSCRIPTION_NOT_RESUMABLE');
  // The paid period's end as the lifecycle counts it (a cancellation may have moved end_date earlier).
  const paidUntil = periodEnd(sub.start_date, sub.frequency, sub.periods_paid) ?? sub.end_date;
  await tx.query(
    `UPDATE subscriptions SET status = 'ACTIVE', cancel_date = NULL, cancel_reason = NULL, cancelled_at = NULL,
            end_date = $2::date WHERE id = $1`,
    [id, paidUntil],
  );
  await tx.query(`UPDATE purchases SET status = 'ACTIVE' WHERE id = $1`, [sub.purchase_id]);
  return { before: 'CANCELLED', after: 'ACTIVE' };
}
