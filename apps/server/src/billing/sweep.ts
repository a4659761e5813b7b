/**
 * The sweep: what the lifecycle has due at the app clock's `now` (findDueWork), and how each item
 * is done (runWork). The job queue (jobs.ts) runs the sweep every minute and the items as jobs;
 * `POST /dev/clock` runs both until nothing is due. Items are found by state, not remembered, so a
 * lost job is found again by the next sweep, and doing an item twice is harmless (renewals.ts).
 */
import type { Db } from '../db';
import { reconcileHostedCheckout } from '../product-manager/transaction';
import { isoDay } from '../widget/dates';
import {
  CHECKOUT_LOOKUP_DAYS,
  COLLECTION_CHECK_MS,
  daysMs,
  PENDING_LAPSE_DAYS,
  RECONCILE_AFTER_MS,
  REMINDED_FREQUENCIES,
  REMINDER_DAYS,
} from './policy';
import {
  checkCollection,
  expireEnded,
  lapsePending,
  reconcileCharge,
  remindRenewal,
  renewDue,
  type BillingContext,
} from './renewals';

export const WORK_KINDS = ['renew', 'expire', 'lapse', 'remind', 'reconcile', 'collect', 'checkout'] as const;
export interface WorkItem {
  kind: (typeof WORK_KINDS)[number];
  /**
   * A subscription id; a purchase id for `lapse`, a renewal charge id for `reconcile`, a payment id
   * for `collect`, a version 1 transaction id for `checkout`.
   */
  id: string;
}

/** How many items of each kind one sweep hands out; the next sweep takes the rest. */
const BATCH = 500;

export async function findDueWork(db: Db, now: number): Promise<WorkItem[]> {
  const today = isoDay(now);
  const ids = async (kind: WorkItem['kind'], sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} LIMIT ${BATCH}`, params as never[])).map(({ id }) => ({ kind, id }));
  const items = await Promise.all([
    // Period ends and retries due, unless a charge is still open (its answer settles it).
    ids(
      'renew',
      `SELECT s.id FROM subscriptions s
        WHERE ((s.status = 'ACTIVE' AND s.end_date <= $1::date AND s.frequency <> 'NONE')
            OR (s.status = 'PAST_DUE' AND s.next_retry_at <= $2))
          AND NOT EXISTS (SELECT 1 FROM renewal_charges c
                           WHERE c.subscription_id = s.id AND c.status IN ('PENDING', 'UNKNOWN'))
        ORDER BY s.end_date, s.id`,
      [today, now],
    ),
    ids(
      'expire',
      `SELECT id FROM subscriptions
        WHERE (status = 'CANCELLED' AND end_date < $1::date)
           OR (status = 'PAST_DUE' AND next_retry_at IS NULL AND past_due_since <= $2)
        ORDER BY id`,
      [today, now - daysMs(PENDING_LAPSE_DAYS)],
    ),
    ids(
      'lapse',
      `SELECT id FROM purchases WHERE status = 'ACTIVE_PENDING' AND created_at <= $1 ORDER BY created_at, id`,
      [now - daysMs(PENDING_LAPSE_DAYS)],
    ),
    ids(
      'remind',
      `SELECT id FROM subscriptions
        WHERE status = 'ACTIVE' AND frequency = ANY($3::text[]) AND end_date > $1::date
          AND end_date <= $2::date AND reminded_for IS DISTINCT FROM end_date
        ORDER BY end_date, id`,
      [today, isoDay(now + daysMs(REMINDER_DAYS)), [...REMINDED_FREQUENCIES]],
    ),
    ids(
      'reconcile',
      `SELECT id FROM renewal_charges
        WHERE status IN ('PENDING', 'UNKNOWN') AND kind <> 'transfer' AND updated_at <= $1
        ORDER BY updated_at, id`,
      [now - RECONCILE_AFTER_MS],
    ),
    // Direct-debit first payments still awaiting collection, looked up now and then.
    ids(
      'collect',
      `SELECT DISTINCT pay.id, pay.updated_at FROM payments pay JOIN purchases p ON p.payment_id = pay.id
        WHERE p.status = 'ACTIVE_PENDING' AND pay.provider = 'GOCARDLESS' AND pay.status = 'SUCCEEDED'
          AND pay.updated_at <= $1
        ORDER BY pay.updated_at, pay.id`,
      [now - COLLECTION_CHECK_MS],
    ),
    // Version 1 card payments left on the provider's hosted checkout (no return yet), for a while.
    ids(
      'checkout',
      `SELECT t.id FROM v1_transactions t JOIN payments pay ON pay.id = t.payment_id
        WHERE pay.status = 'REQUIRES_ACTION' AND pay.provider_reference IS NOT NULL AND t.result IS NULL
          AND pay.updated_at <= $1 AND pay.created_at > $2
        ORDER BY pay.updated_at, t.id`,
      [now - RECONCILE_AFTER_MS, now - daysMs(CHECKOUT_LOOKUP_DAYS)],
    ),
  ]);
  return items.flat();
}

export async function runWork(ctx: BillingContext, item: WorkItem): Promise<void> {
  switch (item.kind) {
    case 'renew':
      return renewDue(ctx, item.id);
    case 'expire':
      return expireEnded(ctx, item.id);
    case 'lapse':
      return lapsePending(ctx, item.id);
    case 'remind':
      return remindRenewal(ctx, item.id);
    case 'reconcile':
      return reconcileCharge(ctx, item.id);
    case 'collect':
      return checkCollection(ctx, item.id);
    case 'checkout':
      return reconcileHostedCheckout(ctx.db, ctx.providers, item.id, ctx.now, ctx.transfer);
  }
}
