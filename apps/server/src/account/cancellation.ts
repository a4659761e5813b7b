/**
 * Subscription cancellation (purchase spec §4 "Cancel a subscription", §7 product manager): the
 * owner picks a reason from the `List_Reasons_Cancel` property and a last day, today or later and
 * not after the subscription's own end (its current period's end: a cancelled subscription is
 * never renewed; for a PAST_DUE one, whose renewal is unpaid, the end of its grace). The subscription (and its purchase) become CANCELLED; it still entitles its owner
 * and beneficiaries until that day (entitlements.ts), then the sweep makes it EXPIRED.
 */
import { CANCEL_REASONS_PROPERTY, type CancelSubscription, type Property } from '@foyer/api';
import { recordEvent } from '../billing/events';
import { graceEndDate, loadSubscription } from '../billing/lifecycle';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { cancellationReasonsProperty, isCancellationReason } from '../site-config/cancellation-reasons';
import { isoDay, validDay } from '../widget/dates';

/** A product-manager property; the cancellation reasons in `language` (the visitor's, English fallback). */
export async function readProperty(db: Db, name: string, language: string | null = null): Promise<Property> {
  if (name === CANCEL_REASONS_PROPERTY) return cancellationReasonsProperty(db, language);
  const rows = await db.query<{ name: string; value: string }>('SELECT name, value FROM properties WHERE name = $1', [
    name,
  ]);
  if (!rows[0]) throw new ApiError('NOT_FOUND');
  return rows[0];
}

export interface CancelledSubscription {
  id: string;
  status: string;
  startDate: string;
  endDate?: string;
  cancelDate: string;
}

export async function cancelSubscription(
  db: Db,
  input: { guid: string; subscriptionId: string } & CancelSubscription,
  now: number,
): Promise<CancelledSubscription> {
  if (!(await isCancellationReason(db, input.reason))) throw new ApiError('cancel_reason_invalid');
  const today = isoDay(now);
  const found = await db.query<{
    status: string;
    end_date: string | null;
    past_due_since: string | number | null;
    next_retry_at: string | number | null;
    retries: number;
  }>(
    `SELECT status, end_date::text AS end_date, past_due_since, next_retry_at, retries
       FROM subscriptions WHERE id = $1 AND guid = $2`,
    [input.subscriptionId, input.guid],
  );
  const subscription = found[0];
  // Someone else's subscription answers as an unknown one: nobody learns which ids exist.
  if (!subscription) throw new ApiError('subscription_not_found');
  // The last day it may run to: its period's end; PAST_DUE (its renewal unpaid), the grace's end.
  const lastDay =
    subscription.status === 'PAST_DUE'
      ? graceEndDate({
          past_due_since: subscription.past_due_since === null ? null : Number(subscription.past_due_since),
          next_retry_at: subscription.next_retry_at === null ? null : Number(subscription.next_retry_at),
          retries: subscription.retries,
        })
      : subscription.end_date;
  if (!validDay(input.cancelDate) || input.cancelDate < today || (lastDay !== null && input.cancelDate > lastDay)) {
    throw new ApiError('cancel_date_invalid');
  }
  return db.transaction(async (tx) => {
    // Conditional on the running status: two cancellations racing, one lands. A PAST_DUE one stops
    // its retries (its unpaid renewal is given up), unless a retry's charge is still unanswered:
    // money may yet be taken for it, so it is refused until that charge settles.
    const rows = await tx.query<{ id: string; status: string; start_date: string; purchase_id: string }>(
      `UPDATE subscriptions SET status = 'CANCELLED', cancel_date = $3::date, end_date = $3::date,
              cancel_reason = $4, cancelled_at = $5, next_retry_at = NULL
        WHERE id = $1 AND guid = $2 AND status IN ('ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE')
          AND (status = 'PAST_DUE' OR end_date IS NULL OR end_date >= $6::date)
          AND NOT EXISTS (SELECT 1 FROM renewal_charges c
                           WHERE c.subscription_id = subscriptions.id AND c.status IN ('PENDING', 'UNKNOWN'))
        RETURNING id, status, start_date::text AS start_date, purchase_id`,
      [input.subscriptionId, input.guid, input.cancelDate, input.reason, now, today],
    );
    const row = rows[0];
    if (!row) throw new ApiError('subscription_not_cancellable');
    await tx.query(`UPDATE purchases SET status = 'CANCELLED' WHERE id = $1`, [row.purchase_id]);
    // No renewal; the sweep ends it (EXPIRED) once its last day has passed (billing/lifecycle.ts).
    const cancelled = await loadSubscription(tx, row.id);
    await recordEvent(
      tx,
      { guid: input.guid, serviceName: cancelled?.service_name },
      { type: 'subscription.cancelled', subscriptionId: row.id, endDate: input.cancelDate },
      now,
    );
    return {
      id: row.id,
      status: row.status,
      startDate: row.start_date,
      endDate: input.cancelDate,
      cancelDate: input.cancelDate,
    };
  });
}
