/**
 * The subscription lifecycle, one state machine for every provider (docs/purchases.md, "Subscriptions
 * and renewals"):
 *
 *   ACTIVE ──period end, charge paid──▶ ACTIVE (periods_paid + 1, next period)
 *   ACTIVE ──charge refused──▶ PAST_DUE (access kept; retried RETRY_DAYS after the failure)
 *   PAST_DUE ──paid (a retry, or the visitor's new card)──▶ ACTIVE, the next period
 *   PAST_DUE ──last retry refused──▶ EXPIRED
 *   CANCELLED ──its end date passed──▶ EXPIRED (no charge)
 *   ACTIVE_PENDING ──money not arrived in PENDING_LAPSE_DAYS──▶ EXPIRED
 *
 * Every change is a conditional UPDATE inside the caller's transaction, together with the
 * billing event that tells of it: run twice (two instances, a redelivered job or webhook), the
 * second run finds nothing to change and writes nothing.
 */
import type { Db } from '../db';
import { toMillis } from '../db';
import { isoDay, periodEnd } from '../widget/dates';
import type { ChargeOutcome, SavedPaymentMethod } from '../widget/providers/types';
import { recordEvent, type BillingEvent, type EventMoney } from './events';
import { daysMs, GRACE_DAYS, PENDING_LAPSE_DAYS, RETRY_DAYS } from './policy';
import type { PlanFrequency } from '@foyer/api';

export type SubscriptionStatus = 'ACTIVE' | 'ACTIVE_PENDING' | 'PAST_DUE' | 'CANCELLED' | 'EXPIRED' | 'DUPLICATE';

export interface SubscriptionRow {
  id: string;
  guid: string;
  purchase_id: string;
  status: SubscriptionStatus;
  plan_id: string;
  product_name: string;
  frequency: PlanFrequency;
  start_date: string;
  end_date: string | null;
  cancel_date: string | null;
  periods_paid: number;
  payment_provider: string | null;
  payment_method: SavedPaymentMethod | null;
  price_minor: number | null;
  currency: string | null;
  /** A price change the subscriber was told of, from the first period starting on `next_price_from`'s day. */
  next_price_minor: number | null;
  next_price_from: number | null;
  past_due_since: number | null;
  retries: number;
  next_retry_at: number | null;
  service_name: string | null;
}

const SUBSCRIPTION_SELECT = `SELECT s.id, s.guid, s.purchase_id, s.status, s.plan_id, s.product_name, s.frequency,
       s.start_date::text AS start_date, s.end_date::text AS end_date, s.cancel_date::text AS cancel_date,
       s.periods_paid, s.payment_provider, s.payment_method, s.price_minor, s.currency, s.next_price_minor,
       s.next_price_from, s.past_due_since,
       s.retries, s.next_retry_at, o.service_name
  FROM subscriptions s
  JOIN purchases p ON p.id = s.purchase_id
  JOIN payments pay ON pay.id = p.payment_id
  JOIN orders o ON o.id = pay.order_id`;

function parsed(row: Record<string, unknown>): SubscriptionRow {
  const method = row.payment_method;
  return {
    ...(row as unknown as SubscriptionRow),
    periods_paid: Number(row.periods_paid),
    retries: Number(row.retries),
    price_minor: row.price_minor === null ? null : Number(row.price_minor),
    next_price_minor: row.next_price_minor === null ? null : Number(row.next_price_minor),
    next_price_from: row.next_price_from === null ? null : toMillis(row.next_price_from),
    currency: typeof row.currency === 'string' ? row.currency.trim() : null,
    past_due_since: row.past_due_since === null ? null : toMillis(row.past_due_since),
    next_retry_at: row.next_retry_at === null ? null : toMillis(row.next_retry_at),
    payment_method: (typeof method === 'string' ? JSON.parse(method) : method) as SavedPaymentMethod | null,
  };
}

/** One subscription with what the lifecycle needs; `lock`: FOR UPDATE (inside a transaction). */
export async function loadSubscription(db: Db, id: string, lock = false): Promise<SubscriptionRow | null> {
  const rows = await db.query(`${SUBSCRIPTION_SELECT} WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`, [id]);
  return rows[0] ? parsed(rows[0]) : null;
}

/** The subscriptions a payment (an order's) created. */
export async function subscriptionsOfPayment(db: Db, paymentId: string): Promise<SubscriptionRow[]> {
  const rows = await db.query(`${SUBSCRIPTION_SELECT} WHERE p.payment_id = $1 FOR UPDATE OF s`, [paymentId]);
  return rows.map(parsed);
}

/** The end of the period a renewal of `sub` pays for: one period after its current end. */
export function nextPeriodEnd(sub: Pick<SubscriptionRow, 'start_date' | 'frequency' | 'periods_paid'>): string | null {
  return periodEnd(sub.start_date, sub.frequency, sub.periods_paid + 1) ?? null;
}

/** PAST_DUE: the last day access is kept (card: the last retry; transfer: its lapse). */
export function graceEndDate(sub: Pick<SubscriptionRow, 'past_due_since' | 'next_retry_at' | 'retries'>): string {
  const since = sub.past_due_since ?? 0;
  const awaitingTransfer = sub.next_retry_at === null && sub.retries === 0;
  return isoDay(since + daysMs(awaitingTransfer ? PENDING_LAPSE_DAYS : GRACE_DAYS));
}

export function moneyOf(amountMinor: number, currency: string): EventMoney {
  return { amountMinor, currency: currency.trim() };
}

type PaymentFailed = Extract<BillingEvent, { type: 'payment.failed' }>;

/** The payment-failed event; `nextRetry` (epoch ms) absent on the last try. */
function paymentFailed(input: Omit<PaymentFailed, 'type' | 'nextRetry'> & { nextRetry?: number }): PaymentFailed {
  const { nextRetry, requiresAction, ...rest } = input;
  return {
    type: 'payment.failed',
    ...rest,
    ...(nextRetry !== undefined ? { nextRetry: isoDay(nextRetry) } : {}),
    ...(requiresAction ? { requiresAction: true } : {}),
  };
}

function event(tx: Db, sub: SubscriptionRow, body: BillingEvent, now: number): Promise<string> {
  return recordEvent(tx, { guid: sub.guid, serviceName: sub.service_name }, body, now);
}

/** A renewal_charges row as the lifecycle reads it. */
export interface ChargeRow {
  id: string;
  subscription_id: string;
  period_end: string;
  attempt: number;
  idempotency_key: string;
  provider: string;
  status: 'PENDING' | 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED' | 'UNKNOWN' | 'REFUNDED';
  kind: 'renewal' | 'visitor' | 'transfer';
  amount_minor: number;
  currency: string;
  provider_reference: string | null;
  client_secret: string | null;
  error_code: string | null;
  created_at: number;
}

export const CHARGE_COLUMNS = `id, subscription_id, period_end::text AS period_end, attempt, idempotency_key, provider, status,
  kind, amount_minor, currency, provider_reference, client_secret, error_code, created_at`;

export function chargeOf(row: Record<string, unknown>): ChargeRow {
  return {
    ...(row as unknown as ChargeRow),
    attempt: Number(row.attempt),
    amount_minor: Number(row.amount_minor),
    currency: String(row.currency).trim(),
    created_at: toMillis(row.created_at),
  };
}

/** A charge outcome as the lifecycle applies it; `unknown`: the provider's answer was lost. */
export type SettleOutcome = ChargeOutcome | { status: 'unknown' };

/**
 * Applies a provider's answer to an open charge and its subscription, inside `tx`. Only a charge
 * still open (PENDING, UNKNOWN, REQUIRES_ACTION) changes: an answer that comes twice (the call's
 * own, then its webhook) is applied once. Returns whether anything changed.
 */
export async function settleCharge(tx: Db, chargeId: string, outcome: SettleOutcome, now: number): Promise<boolean> {
  const rows = await tx.query(`SELECT ${CHARGE_COLUMNS} FROM renewal_charges WHERE id = $1 FOR UPDATE`, [chargeId]);
  if (!rows[0]) return false;
  const charge = chargeOf(rows[0]);
  if (charge.status !== 'PENDING' && charge.status !== 'UNKNOWN' && charge.status !== 'REQUIRES_ACTION') return false;
  if (outcome.status === 'unknown') {
    await tx.query(
      `UPDATE renewal_charges SET status = 'UNKNOWN', updated_at = $2 WHERE id = $1 AND status = 'PENDING'`,
      [charge.id, now],
    );
    return false;
  }
  const sub = await loadSubscription(tx, charge.subscription_id, true);
  if (outcome.status === 'succeeded') {
    // A test-card or bank-transfer "success" still awaiting an operator is not money.
    if (outcome.awaitingConfirmation) return false;
    await tx.query(
      `UPDATE renewal_charges SET status = 'SUCCEEDED', provider_reference = $2, client_secret = NULL, error_code = NULL,
              updated_at = $3 WHERE id = $1`,
      [charge.id, outcome.reference, now],
    );
    if (sub) await renewed(tx, sub, charge, outcome.reference, outcome.saved, now);
    return true;
  }
  if (outcome.status === 'requires_action') {
    await tx.query(
      `UPDATE renewal_charges SET status = 'REQUIRES_ACTION', provider_reference = $2, client_secret = $3, updated_at = $4
        WHERE id = $1`,
      [charge.id, outcome.reference, outcome.clientSecret, now],
    );
    // The visitor is paying right now (the frame runs the challenge): nothing failed yet.
    if (charge.kind === 'visitor') return true;
  } else {
    await tx.query(
      `UPDATE renewal_charges SET status = 'FAILED', error_code = $2, client_secret = NULL, updated_at = $3 WHERE id = $1`,
      [charge.id, outcome.code, now],
    );
    // The visitor sees the refusal in the frame; the subscription's own retries go on.
    if (charge.kind === 'visitor') return true;
  }
  if (sub) {
    const code = outcome.status === 'failed' ? outcome.code : 'payment_requires_action';
    await renewalFailed(tx, sub, charge, code, outcome.status === 'requires_action', now);
  }
  return true;
}

/**
 * A renewal charge whose challenge will not be answered any more (refused, or replaced by the next
 * retry): FAILED, without the retry bookkeeping its first refusal already did.
 */
export async function closeChallenge(db: Db, chargeId: string, code: string, now: number): Promise<void> {
  await db.query(
    `UPDATE renewal_charges SET status = 'FAILED', error_code = $2, client_secret = NULL, updated_at = $3
      WHERE id = $1 AND status = 'REQUIRES_ACTION'`,
    [chargeId, code, now],
  );
}

/** The charge for the period ending `charge.period_end` was paid: that period begins. */
async function renewed(
  tx: Db,
  sub: SubscriptionRow,
  charge: ChargeRow,
  reference: string,
  saved: SavedPaymentMethod | undefined,
  now: number,
): Promise<void> {
  const amount = moneyOf(charge.amount_minor, charge.currency);
  await event(
    tx,
    sub,
    { type: 'payment.succeeded', subscriptionId: sub.id, amount, reference, periodEnd: charge.period_end },
    now,
  );
  // Conditional on the period: a second application of the same charge changes nothing. A late
  // success on a subscription that ended meanwhile is money taken without a period: the receipt
  // above records it for the operator to refund.
  const updated = await tx.query<{ id: string }>(
    `UPDATE subscriptions
        SET status = 'ACTIVE', periods_paid = periods_paid + 1, end_date = $2::date, past_due_since = NULL,
            retries = 0, next_retry_at = NULL,
            payment_method = COALESCE($3::jsonb, payment_method),
            payment_provider = CASE WHEN $3::jsonb IS NULL THEN payment_provider ELSE $4 END
      WHERE id = $1 AND status IN ('ACTIVE', 'PAST_DUE') AND end_date < $2::date
      RETURNING id`,
    [sub.id, charge.period_end, saved ? JSON.stringify(saved) : null, charge.provider],
  );
  if (!updated.length) return;
  await tx.query(`UPDATE purchases SET status = 'ACTIVE' WHERE id = $1 AND status <> 'ACTIVE'`, [sub.purchase_id]);
  await event(
    tx,
    sub,
    {
      type: 'subscription.renewed',
      subscriptionId: sub.id,
      periodStart: sub.end_date ?? sub.start_date,
      periodEnd: charge.period_end,
      amount,
    },
    now,
  );
}

/**
 * A renewal (or one of its retries) was refused: PAST_DUE with the next retry scheduled, or
 * EXPIRED after the last one. `requiresAction`: the bank wants the visitor (3-D Secure).
 */
async function renewalFailed(
  tx: Db,
  sub: SubscriptionRow,
  charge: ChargeRow,
  code: string,
  requiresAction: boolean,
  now: number,
): Promise<void> {
  const amount = moneyOf(charge.amount_minor, charge.currency);
  if (sub.status === 'ACTIVE') {
    const nextRetry = now + daysMs(RETRY_DAYS[0]);
    const updated = await tx.query(
      `UPDATE subscriptions SET status = 'PAST_DUE', past_due_since = $2, retries = 0, next_retry_at = $3
        WHERE id = $1 AND status = 'ACTIVE' RETURNING id`,
      [sub.id, now, nextRetry],
    );
    if (!updated.length) return;
    await tx.query(`UPDATE purchases SET status = 'PAST_DUE' WHERE id = $1`, [sub.purchase_id]);
    const graceEnd = isoDay(now + daysMs(GRACE_DAYS));
    await event(
      tx,
      sub,
      paymentFailed({ subscriptionId: sub.id, amount, code, graceEndDate: graceEnd, nextRetry, requiresAction }),
      now,
    );
    await event(tx, sub, { type: 'subscription.past_due', subscriptionId: sub.id, graceEndDate: graceEnd }, now);
    return;
  }
  if (sub.status !== 'PAST_DUE') return;
  const retries = sub.retries + 1;
  const since = sub.past_due_since ?? now;
  const graceEnd = isoDay(since + daysMs(GRACE_DAYS));
  const nextDays = RETRY_DAYS[retries];
  if (nextDays !== undefined) {
    const nextRetry = since + daysMs(nextDays);
    const updated = await tx.query(
      `UPDATE subscriptions SET retries = $2, next_retry_at = $3 WHERE id = $1 AND status = 'PAST_DUE' AND retries = $4
        RETURNING id`,
      [sub.id, retries, nextRetry, sub.retries],
    );
    if (!updated.length) return;
    await event(
      tx,
      sub,
      paymentFailed({ subscriptionId: sub.id, amount, code, graceEndDate: graceEnd, nextRetry, requiresAction }),
      now,
    );
    return;
  }
  const expired = await expire(tx, sub, ['PAST_DUE'], 'payment_failed', now, { retries });
  if (!expired) return;
  await event(
    tx,
    sub,
    paymentFailed({ subscriptionId: sub.id, amount, code, graceEndDate: graceEnd, requiresAction }),
    now,
  );
}

export type ExpiryReason = Extract<BillingEvent, { type: 'subscription.expired' }>['reason'];

/**
 * Ends a subscription (EXPIRED) if it is still in one of `from`: its plan can be bought again at
 * once. Returns whether it changed.
 */
export async function expire(
  tx: Db,
  sub: SubscriptionRow,
  from: readonly SubscriptionStatus[],
  reason: ExpiryReason,
  now: number,
  extra: { retries?: number } = {},
): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE subscriptions SET status = 'EXPIRED', expired_at = $3, next_retry_at = NULL,
            retries = COALESCE($4, retries)
      WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [sub.id, [...from], now, extra.retries ?? null],
  );
  if (!updated.length) return false;
  await tx.query(`UPDATE purchases SET status = 'EXPIRED' WHERE id = $1`, [sub.purchase_id]);
  await event(tx, sub, { type: 'subscription.expired', subscriptionId: sub.id, reason }, now);
  return true;
}

/**
 * The first payment of an order that awaited its money (a direct debit submitted, not yet
 * collected): collected → ACTIVE and the order PAID, with its receipt; failed → EXPIRED and the
 * order cancelled (the plan may be bought again).
 */
export async function firstPaymentSettled(
  tx: Db,
  payment: { id: string; order_id: string; guid: string; service_name: string | null },
  succeeded: boolean,
  reference: string,
  now: number,
): Promise<void> {
  if (succeeded) {
    const changed = await tx.query(
      `UPDATE purchases SET status = 'ACTIVE' WHERE payment_id = $1 AND status = 'ACTIVE_PENDING' RETURNING id`,
      [payment.id],
    );
    if (!changed.length) return;
    await tx.query(
      `UPDATE subscriptions SET status = CASE WHEN status = 'ACTIVE_PENDING' THEN 'ACTIVE' ELSE status END,
              awaiting_payment = false
        WHERE awaiting_payment AND purchase_id IN (SELECT id FROM purchases WHERE payment_id = $1)`,
      [payment.id],
    );
    const orders = await tx.query<{ total_minor: unknown; currency: string }>(
      `UPDATE orders SET status = 'PAID' WHERE id = $1 RETURNING total_minor, currency`,
      [payment.order_id],
    );
    const order = orders[0];
    if (order)
      await recordEvent(
        tx,
        { guid: payment.guid, serviceName: payment.service_name },
        {
          type: 'payment.succeeded',
          orderId: payment.order_id,
          amount: { amountMinor: Number(order.total_minor), currency: order.currency.trim() },
          reference,
        },
        now,
      );
    return;
  }
  for (const sub of await subscriptionsOfPayment(tx, payment.id))
    await expire(tx, sub, ['ACTIVE_PENDING', 'CANCELLED'], 'payment_failed', now);
  await tx.query(`UPDATE purchases SET status = 'EXPIRED' WHERE payment_id = $1 AND status = 'ACTIVE_PENDING'`, [
    payment.id,
  ]);
  await tx.query(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1 AND status = 'CREATED'`, [payment.order_id]);
}
