/**
 * The lifecycle's work items, each safe to run twice or on two instances at once (jobs.ts): a
 * renewal or retry charges the saved payment method off session, a reminder is recorded once per
 * period, pending purchases lapse, ended subscriptions expire, and open charges whose answer was
 * lost are asked about at the provider (reconciliation). Money moves at most once: the charge row
 * is written before the provider is asked, under the subscription's row lock and only when no
 * charge of it is open; the provider sees `renew:<subscription>:<period end>:<attempt>` and
 * replays a repeated request.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { findProducts } from '../widget/catalogue';
import { isoDay } from '../widget/dates';
import {
  ProviderUnavailable,
  type CardProvider,
  type PaymentProviders,
  type RenewalChargeInput,
} from '../widget/providers/types';
import { recordEvent } from './events';
import {
  CHARGE_COLUMNS,
  chargeOf,
  closeChallenge,
  expire,
  firstPaymentSettled,
  loadSubscription,
  moneyOf,
  nextPeriodEnd,
  settleCharge,
  type ChargeRow,
  type SettleOutcome,
  type SubscriptionRow,
} from './lifecycle';
import {
  CHALLENGE_HOLD_MS,
  COLLECTION_CHECK_MS,
  daysMs,
  PENDING_LAPSE_DAYS,
  RECONCILE_AFTER_MS,
  REMINDED_FREQUENCIES,
  REMINDER_DAYS,
} from './policy';
import { adoptScheduledPrice, scheduledPrice } from './price-changes';
import { transferReference, type TransferAccount } from './transfer';

/** What the lifecycle's work needs from the server. */
export interface BillingContext {
  db: Db;
  /** The app clock (the test clock when on). */
  now: () => number;
  providers: PaymentProviders;
  transfer?: TransferAccount | undefined;
}

type RenewalCharger = Pick<CardProvider, 'chargeSaved' | 'lookupRenewal'>;

/** The adapter that charges a subscription saved with `provider` (subscriptions.payment_provider). */
export function renewalCharger(providers: PaymentProviders, provider: string | null): RenewalCharger | null {
  if (provider === 'GOCARDLESS') return providers.directDebit;
  if (provider && providers.card?.name === provider) return providers.card;
  return null;
}

/** What the provider says, or `unknown` when its answer is lost (never "failed"). */
async function asked(run: () => Promise<SettleOutcome>): Promise<SettleOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { status: 'unknown' };
    throw error;
  }
}

/**
 * The price of the period starting at `sub`'s period end: the subscription's (or a price change
 * whose notice has ended by then, price-changes.ts), else (subscriptions older than issue 25) the
 * plan's full price.
 */
export async function priceOf(db: Db, sub: SubscriptionRow): Promise<{ amountMinor: number; currency: string } | null> {
  const own = sub.end_date ? scheduledPrice(sub, sub.end_date) : sub.price_minor;
  if (own !== null && sub.currency) return { amountMinor: own, currency: sub.currency };
  const product = (await findProducts(db, [sub.product_name])).get(sub.product_name);
  const plan = product?.plans.find((candidate) => candidate.id === sub.plan_id);
  return plan ? { amountMinor: plan.finalPriceMinor, currency: plan.currency } : null;
}

function renewalInput(sub: SubscriptionRow, charge: ChargeRow): RenewalChargeInput | null {
  if (!sub.payment_method) return null;
  return {
    idempotencyKey: charge.idempotency_key,
    subscriptionId: sub.id,
    amountMinor: charge.amount_minor,
    currency: charge.currency,
    description: `Renewal of ${sub.plan_id} until ${charge.period_end}`,
    saved: sub.payment_method,
  };
}

/** Writes the next charge of `sub` (attempt n+1 for its period), inside `tx`. */
export async function insertCharge(
  tx: Db,
  sub: SubscriptionRow,
  kind: ChargeRow['kind'],
  price: { amountMinor: number; currency: string },
  provider: string,
  now: number,
  clientKey?: string,
): Promise<ChargeRow | null> {
  const periodEnd = nextPeriodEnd(sub);
  if (!periodEnd) return null;
  const last = await tx.query<{ n: unknown }>(
    'SELECT COALESCE(MAX(attempt), 0) AS n FROM renewal_charges WHERE subscription_id = $1 AND period_end = $2::date',
    [sub.id, periodEnd],
  );
  const attempt = Number(last[0]?.n ?? 0) + 1;
  const id = randomUUID();
  const rows = await tx.query(
    `INSERT INTO renewal_charges (id, subscription_id, period_end, attempt, idempotency_key, provider, status, kind,
                                  amount_minor, currency, provider_reference, client_key, created_at, updated_at)
     VALUES ($1, $2, $3::date, $4, $5, $6, 'PENDING', $7, $8, $9, $10, $11, $12, $12)
     ON CONFLICT DO NOTHING RETURNING ${CHARGE_COLUMNS}`,
    [
      id,
      sub.id,
      periodEnd,
      attempt,
      `renew:${sub.id}:${periodEnd}:${attempt}`,
      provider,
      kind,
      price.amountMinor,
      price.currency,
      kind === 'transfer' ? transferReference(id) : null,
      clientKey ?? null,
      now,
    ],
  );
  return rows[0] ? chargeOf(rows[0]) : null;
}

/**
 * An open charge (asked, answer not yet known) blocks any new one: never two charges at once.
 * `challengesSince`: a visitor's 3-D Secure challenge younger than this is open too (the retries
 * wait for it rather than charge the saved card beside it).
 */
export async function hasOpenCharge(db: Db, subscriptionId: string, challengesSince?: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM renewal_charges
      WHERE subscription_id = $1
        AND (status IN ('PENDING', 'UNKNOWN')
             OR (kind = 'visitor' AND status = 'REQUIRES_ACTION' AND created_at > $2))
      LIMIT 1`,
    [subscriptionId, challengesSince ?? Number.MAX_SAFE_INTEGER],
  );
  return rows.length > 0;
}

/**
 * Renews `subscriptionId` if it is due: ACTIVE at or past its period end, or PAST_DUE with a retry
 * due. Bank-transfer and cash subscriptions (no saved method) get a renewal notice and await the
 * operator (PAST_DUE meanwhile, lapsing after PENDING_LAPSE_DAYS).
 */
export async function renewDue(ctx: BillingContext, subscriptionId: string): Promise<void> {
  const now = ctx.now();
  const current = await loadSubscription(ctx.db, subscriptionId);
  const retryDue = current?.status === 'PAST_DUE' && current.next_retry_at !== null && current.next_retry_at <= now;
  if (retryDue && !(await abandonChallenges(ctx, subscriptionId))) return;
  const started = await ctx.db.transaction(async (tx) => {
    const loaded = await loadSubscription(tx, subscriptionId, true);
    if (!loaded?.end_date || loaded.frequency === 'NONE') return null;
    const due =
      (loaded.status === 'ACTIVE' && loaded.end_date <= isoDay(now)) ||
      (loaded.status === 'PAST_DUE' && loaded.next_retry_at !== null && loaded.next_retry_at <= now);
    if (!due || (await hasOpenCharge(tx, loaded.id, now - CHALLENGE_HOLD_MS))) return null;
    const sub = await adoptScheduledPrice(tx, loaded);
    const price = await priceOf(tx, sub);
    if (!price) {
      await expire(tx, sub, ['ACTIVE', 'PAST_DUE'], 'payment_failed', now);
      return null;
    }
    const byTransfer = sub.payment_provider === 'MANUAL' && !sub.payment_method;
    if (byTransfer) {
      if (sub.status !== 'ACTIVE') return null;
      const charge = await insertCharge(tx, sub, 'transfer', price, 'MANUAL', now);
      if (!charge) return null;
      await transferRenewalDue(tx, ctx, sub, charge, now);
      return null;
    }
    const charge = await insertCharge(tx, sub, 'renewal', price, sub.payment_provider ?? 'NONE', now);
    return charge ? { sub, charge } : null;
  });
  if (!started) return;
  const { sub, charge } = started;
  const charger = renewalCharger(ctx.providers, sub.payment_provider);
  const input = renewalInput(sub, charge);
  const outcome: SettleOutcome =
    charger && input
      ? await asked(() => charger.chargeSaved(input))
      : // Nothing to charge (a mandate cancelled, a subscription from before saved methods): the
        // visitor pays with a new card from the payment-failed mail.
        { status: 'failed', code: 'payment_method_missing' };
  await ctx.db.transaction((tx) => settleCharge(tx, charge.id, outcome, ctx.now()));
}

/**
 * Before a retry charges the period again, an earlier renewal charge still waiting for the
 * visitor's bank (an off-session 3-D Secure, offered on the payment page) is closed at the
 * provider, so that the visitor cannot pay it beside the retry. Paid meanwhile, it settles the
 * period instead. Answers whether the retry may go on (false also when the provider cannot tell).
 */
async function abandonChallenges(ctx: BillingContext, subscriptionId: string): Promise<boolean> {
  const rows = await ctx.db.query(
    `SELECT ${CHARGE_COLUMNS} FROM renewal_charges
      WHERE subscription_id = $1 AND kind = 'renewal' AND status = 'REQUIRES_ACTION'`,
    [subscriptionId],
  );
  for (const charge of rows.map(chargeOf)) {
    const card = ctx.providers.card?.name === charge.provider ? ctx.providers.card : null;
    const reference = charge.provider_reference;
    const outcome: SettleOutcome =
      card?.abandon && reference
        ? await asked(() => card.abandon!(reference))
        : { status: 'failed', code: 'authentication_abandoned' };
    if (outcome.status === 'unknown' || outcome.status === 'requires_action') return false;
    if (outcome.status === 'succeeded') {
      await ctx.db.transaction((tx) => settleCharge(tx, charge.id, outcome, ctx.now()));
      return false;
    }
    await closeChallenge(ctx.db, charge.id, outcome.code, ctx.now());
  }
  return true;
}

/** A bank-transfer renewal: PAST_DUE awaiting the money, and a notice with the amount and reference. */
async function transferRenewalDue(
  tx: Db,
  ctx: BillingContext,
  sub: SubscriptionRow,
  charge: ChargeRow,
  now: number,
): Promise<void> {
  const updated = await tx.query(
    `UPDATE subscriptions SET status = 'PAST_DUE', past_due_since = $2, retries = 0, next_retry_at = NULL
      WHERE id = $1 AND status = 'ACTIVE' RETURNING id`,
    [sub.id, now],
  );
  if (!updated.length) return;
  await tx.query(`UPDATE purchases SET status = 'PAST_DUE' WHERE id = $1`, [sub.purchase_id]);
  await recordEvent(
    tx,
    { guid: sub.guid, serviceName: sub.service_name },
    {
      type: 'subscription.renewal_reminder',
      subscriptionId: sub.id,
      renewsOn: sub.end_date ?? isoDay(now),
      amount: moneyOf(charge.amount_minor, charge.currency),
      ...(ctx.transfer ? { transfer: { ...ctx.transfer, reference: charge.provider_reference ?? '' } } : {}),
    },
    now,
  );
}

/**
 * Asks the provider about a charge whose answer never came (PENDING or UNKNOWN for
 * RECONCILE_AFTER_MS). Its outcome settles it; "surely none" sends the same request again with the
 * same key (the provider replays should it have it after all); "cannot tell" leaves it for later.
 */
export async function reconcileCharge(ctx: BillingContext, chargeId: string): Promise<void> {
  const rows = await ctx.db.query(
    `SELECT ${CHARGE_COLUMNS} FROM renewal_charges
      WHERE id = $1 AND status IN ('PENDING', 'UNKNOWN') AND kind <> 'transfer' AND updated_at <= $2`,
    [chargeId, ctx.now() - RECONCILE_AFTER_MS],
  );
  if (!rows[0]) return;
  const charge = chargeOf(rows[0]);
  const charger = renewalCharger(ctx.providers, charge.provider);
  if (!charger) return;
  let known: SettleOutcome | null;
  try {
    known = await charger.lookupRenewal({
      idempotencyKey: charge.idempotency_key,
      subscriptionId: charge.subscription_id,
      createdAt: charge.created_at,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) return;
    throw error;
  }
  if (!known) {
    const sub = await loadSubscription(ctx.db, charge.subscription_id);
    const input = sub && charge.kind === 'renewal' ? renewalInput(sub, charge) : null;
    // A visitor's charge was made with their card token, which is not kept: it is over.
    known = input ? await asked(() => charger.chargeSaved(input)) : { status: 'failed', code: 'provider_unavailable' };
  }
  const outcome = known;
  await ctx.db.transaction((tx) => settleCharge(tx, charge.id, outcome, ctx.now()));
}

/** Records the renewal reminder of a yearly (or longer) plan once per period, REMINDER_DAYS ahead. */
export async function remindRenewal(ctx: BillingContext, subscriptionId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, subscriptionId, true);
    if (!sub?.end_date || sub.status !== 'ACTIVE' || !REMINDED_FREQUENCIES.includes(sub.frequency)) return;
    const today = isoDay(now);
    if (sub.end_date <= today || sub.end_date > isoDay(now + daysMs(REMINDER_DAYS))) return;
    const marked = await tx.query(
      `UPDATE subscriptions SET reminded_for = end_date
        WHERE id = $1 AND reminded_for IS DISTINCT FROM end_date RETURNING id`,
      [sub.id],
    );
    const price = await priceOf(tx, sub);
    if (!marked.length || !price) return;
    await recordEvent(
      tx,
      { guid: sub.guid, serviceName: sub.service_name },
      {
        type: 'subscription.renewal_reminder',
        subscriptionId: sub.id,
        renewsOn: sub.end_date,
        amount: moneyOf(price.amountMinor, price.currency),
      },
      now,
    );
  });
}

/** CANCELLED past its last day, or a transfer renewal not paid within PENDING_LAPSE_DAYS: EXPIRED. */
export async function expireEnded(ctx: BillingContext, subscriptionId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const sub = await loadSubscription(tx, subscriptionId, true);
    if (!sub) return;
    if (sub.status === 'CANCELLED' && sub.end_date !== null && sub.end_date < isoDay(now)) {
      await expire(tx, sub, ['CANCELLED'], 'cancelled', now);
    } else if (
      sub.status === 'PAST_DUE' &&
      sub.next_retry_at === null &&
      sub.past_due_since !== null &&
      sub.past_due_since <= now - daysMs(PENDING_LAPSE_DAYS)
    ) {
      await expire(tx, sub, ['PAST_DUE'], 'payment_failed', now);
    }
  });
}

/**
 * A purchase whose money has not arrived PENDING_LAPSE_DAYS after it was made lapses: EXPIRED, its
 * subscription too, its order cancelled (an operator's late confirmation then changes nothing).
 */
export async function lapsePending(ctx: BillingContext, purchaseId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const lapsed = await tx.query<{ payment_id: string }>(
      `UPDATE purchases SET status = 'EXPIRED'
        WHERE id = $1 AND status = 'ACTIVE_PENDING' AND created_at <= $2 RETURNING payment_id`,
      [purchaseId, now - daysMs(PENDING_LAPSE_DAYS)],
    );
    const paymentId = lapsed[0]?.payment_id;
    if (!paymentId) return;
    const subs = await tx.query<{ id: string }>('SELECT id FROM subscriptions WHERE purchase_id = $1', [purchaseId]);
    for (const { id } of subs) {
      const sub = await loadSubscription(tx, id, true);
      if (sub) await expire(tx, sub, ['ACTIVE_PENDING'], 'pending_lapsed', now);
    }
    await tx.query(
      `UPDATE orders SET status = 'CANCELLED'
        WHERE status = 'CREATED' AND id = (SELECT order_id FROM payments WHERE id = $1)
          AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.payment_id = $1 AND p.status = 'ACTIVE_PENDING')`,
      [paymentId],
    );
  });
}

/**
 * An operator confirms that a bank-transfer renewal's money arrived (by the reference the payer
 * wrote on it): the charge SUCCEEDED and the subscription ACTIVE with its next period. Answers
 * false when no renewal awaits that reference.
 */
export async function confirmTransferRenewal(db: Db, reference: string, now: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM renewal_charges WHERE kind = 'transfer' AND provider_reference = $1 AND status = 'PENDING'`,
    [reference],
  );
  const charge = rows[0];
  if (!charge) return false;
  return db.transaction((tx) => settleCharge(tx, charge.id, { status: 'succeeded', reference }, now));
}

/**
 * Asks the direct-debit provider about a first payment still awaiting collection (its webhook may
 * never come): collected → ACTIVE, failed → EXPIRED (firstPaymentSettled). Asked at most once per
 * COLLECTION_CHECK_MS per payment, so the provider is not polled every minute.
 */
export async function checkCollection(ctx: BillingContext, paymentId: string): Promise<void> {
  const directDebit = ctx.providers.directDebit;
  if (!directDebit) return;
  const now = ctx.now();
  const rows = await ctx.db.query<{
    id: string;
    order_id: string;
    provider_key: string;
    guid: string;
    service_name: string | null;
    mandate_id: string | null;
  }>(
    `UPDATE payments pay SET updated_at = $2
       FROM orders o
      WHERE pay.id = $1 AND o.id = pay.order_id AND pay.provider = 'GOCARDLESS' AND pay.status = 'SUCCEEDED'
        AND pay.updated_at <= $3
      RETURNING pay.id, pay.order_id, COALESCE(pay.provider_key, pay.idempotency_key) AS provider_key, o.guid,
                o.service_name,
                (SELECT f.mandate_id FROM direct_debit_flows f
                  WHERE f.order_id = pay.order_id AND f.mandate_id IS NOT NULL LIMIT 1) AS mandate_id`,
    [paymentId, now, now - COLLECTION_CHECK_MS],
  );
  const payment = rows[0];
  if (!payment?.mandate_id) return;
  let known;
  try {
    known = await directDebit.lookupPayment({
      orderId: payment.order_id,
      idempotencyKey: payment.provider_key,
      mandateId: payment.mandate_id,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) return;
    throw error;
  }
  const outcome = known;
  if (!outcome || (outcome.status === 'succeeded' && outcome.settled === false) || outcome.status === 'requires_action')
    return;
  await ctx.db.transaction((tx) =>
    firstPaymentSettled(tx, payment, outcome.status === 'succeeded', payment.id, ctx.now()),
  );
}
