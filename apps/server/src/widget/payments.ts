/**
 * Taking the payment of an order, at most once. Each attempt is a `payments` row written BEFORE
 * the provider is asked. Two keys:
 *  - `idempotency_key` (the client's Idempotency-Key header, else a hash of the token, scoped to
 *    the order) lets a retried or double-clicked submission find its attempt and its answer;
 *  - `provider_key`, what the provider sees, belongs to the order's attempt and is chosen by the
 *    server (`<order>:<n>`, n = refusals so far): an attempt that ended without the provider's
 *    answer hands it on to the next one, so a retry with any client key reaches the same
 *    provider payment, and the provider replays instead of charging again.
 * A partial unique index allows one live (not FAILED) attempt per order. A PENDING attempt of
 * another process (a server that stopped mid-call) is looked up at the provider at once: its
 * payment is recorded as the provider has it; only an attempt the provider never saw is released,
 * and only once it is older than any provider call can be. Success marks the order PAID and
 * creates its purchases (and subscriptions for recurring plans) in one transaction.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isKnownErrorCode, type PaymentResult } from '@foyer/api';
import { recordEvent, type BillingEvent } from '../billing/events';
import { transferReference, type TransferAccount } from '../billing/transfer';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { findService } from '../identity/store';
import { findProducts, money } from './catalogue';
import { isoDay } from './dates';
import type { StoredOrder } from './orders';
import {
  ProviderUnavailable,
  type CardProvider,
  type ChargeInput,
  type ChargeOutcome,
  type SavedPaymentMethod,
} from './providers/types';

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;
/** How often a PENDING attempt of another process is looked up at the provider while waiting. */
const LOOKUP_EVERY_MS = 500;
/**
 * A PENDING attempt this old, that the provider has no payment for, was abandoned: the provider
 * call times out after 20 s, so only a server that stopped before (or while) asking leaves one.
 */
export const STALE_ATTEMPT_MS = 25_000;
/** A challenge (3-D Secure) left unanswered this long no longer holds the plan for its order. */
const CHALLENGE_HOLD_MS = 30 * 60_000;
/** Names the advisory lock that serialises the payment attempts of one account (see takePayment). */
const ACCOUNT_LOCK = 7_406_002;

type PaymentStatus = 'PENDING' | 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED';

interface PaymentRow {
  id: string;
  order_id: string;
  idempotency_key: string;
  provider_key: string | null;
  owner: string | null;
  provider: string;
  status: PaymentStatus;
  amount_minor: unknown;
  currency: string;
  provider_reference: string | null;
  client_secret: string | null;
  error_code: string | null;
  created_at: unknown;
}

const COLUMNS =
  'id, order_id, idempotency_key, provider_key, owner, provider, status, amount_minor, currency, provider_reference, client_secret, error_code, created_at';

/**
 * The process that asks providers for its attempts. `running` holds the attempts whose provider
 * call is under way here; a PENDING attempt outside it belongs to another (maybe stopped) process.
 */
export interface AttemptOwner {
  readonly id: string;
  readonly running: Set<string>;
}

export function attemptOwner(): AttemptOwner {
  return { id: randomUUID(), running: new Set() };
}

/** Attempts failed this way never got the provider's answer: the next attempt keeps their provider key. */
const UNANSWERED = 'provider_unavailable';

export function idempotencyKey(orderId: string, token: string, clientKey: string | undefined): string {
  const key = clientKey?.trim() || createHash('sha256').update(token, 'utf8').digest('hex');
  // Scoped to the order: one client's key can never meet another order's attempt.
  return `${orderId}:${key.slice(0, 200)}`;
}

function providerKeyOf(row: PaymentRow): string {
  return row.provider_key ?? row.idempotency_key;
}

async function readAttempt(db: Db, id: string): Promise<PaymentRow | null> {
  const rows = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

async function findAttempt(db: Db, key: string, orderId: string): Promise<PaymentRow | null> {
  const byKey = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE idempotency_key = $1`, [key]);
  if (byKey[0]) return byKey[0];
  const live = await db.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE order_id = $1 AND status <> 'FAILED'`,
    [orderId],
  );
  return live[0] ?? null;
}

/**
 * Frees an abandoned attempt's client key and order slot (FAILED, provider_unavailable): the
 * provider has no payment for it, and the next attempt keeps its provider key all the same.
 */
async function release(db: Db, row: PaymentRow, now: number): Promise<void> {
  await db.query(
    `UPDATE payments SET status = 'FAILED', error_code = '${UNANSWERED}', updated_at = $2,
            idempotency_key = idempotency_key || ':abandoned:' || id
      WHERE id = $1 AND status = 'PENDING'`,
    [row.id, now],
  );
}

export function refusal(code: string | null): ApiError {
  if (!code) return new ApiError('payment_fail');
  // The provider's app error code when the catalogue knows it, else payment_fail naming it.
  return isKnownErrorCode(code) ? new ApiError(code) : new ApiError('payment_fail', [code]);
}

/**
 * Refuses, before any charge, an attempt for a recurring plan the account holds already or is
 * paying for in another order right now (five unpaid orders for one plan paid at once: one
 * goes through). The subscriptions' unique index is the last line; this keeps money out of it.
 */
async function refuseHeldPlans(tx: Db, order: StoredOrder, now: number): Promise<void> {
  const plans = order.order.items.filter((item) => item.frequency.id !== 'NONE').map((item) => item.plan);
  if (!plans.length) return;
  const held = await tx.query<{ plan_id: string }>(
    `SELECT plan_id FROM subscriptions
      WHERE guid = $1 AND plan_id = ANY($2::text[]) AND status IN ('ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE')`,
    [order.guid, plans],
  );
  const first = held[0];
  if (first) {
    const item = order.order.items.find((candidate) => candidate.plan === first.plan_id);
    throw new ApiError('plan_already_subscribed', [item?.planDisplayName ?? first.plan_id]);
  }
  const paying = await tx.query<{ plan_id: string }>(
    `SELECT i.plan_id FROM payments p
       JOIN orders o ON o.id = p.order_id
       JOIN order_items i ON i.order_id = p.order_id
      WHERE o.guid = $1 AND p.order_id <> $2 AND i.plan_id = ANY($3::text[])
        AND (p.status = 'PENDING' OR (p.status = 'REQUIRES_ACTION' AND p.created_at > $4))
      LIMIT 1`,
    [order.guid, order.order.id, plans, now - CHALLENGE_HOLD_MS],
  );
  if (paying.length) throw new ApiError('payment_in_progress');
}

/** What fulfil needs beyond the order: the owner's transfer account for the confirmation. */
export interface FulfilOptions {
  transfer?: TransferAccount | undefined;
}

/** The renewal price of each recurring plan of an order: the plan's full price (a trial pays period 1 only). */
async function renewalPrices(db: Db, order: StoredOrder): Promise<Map<string, number>> {
  const products = await findProducts(
    db,
    order.order.items.map((item) => item.product),
  );
  const prices = new Map<string, number>();
  for (const item of order.order.items) {
    const plan = products.get(item.product)?.plans.find((candidate) => candidate.id === item.plan);
    prices.set(item.plan, plan?.finalPriceMinor ?? item.price.amount);
  }
  return prices;
}

/** The last day a purchase awaiting payment entitles, when its service grants access meanwhile. */
async function pendingAccessUntil(db: Db, order: StoredOrder, now: number): Promise<string | null> {
  const service = order.serviceName ? await findService(db, order.serviceName) : null;
  const days = service?.settings.pendingAccessDays ?? 0;
  return days > 0 ? isoDay(now + days * 86_400_000) : null;
}

/**
 * Records a succeeded attempt: the attempt SUCCEEDED, the order PAID, its purchases and
 * subscriptions (with how and what to charge at renewal), and the order's billing events
 * (order.confirmed, and the receipt when money moved), in one transaction and only once (the
 * version 1 hosted page's result uses it too).
 */
export async function fulfil(
  db: Db,
  payment: Pick<PaymentRow, 'id'>,
  outcome: { reference: string; settled?: boolean; awaitingConfirmation?: boolean; saved?: SavedPaymentMethod },
  order: StoredOrder,
  now: number,
  options: FulfilOptions = {},
) {
  const status = outcome.settled === false ? 'ACTIVE_PENDING' : 'ACTIVE';
  const prices = await renewalPrices(db, order);
  const pendingUntil = status === 'ACTIVE_PENDING' ? await pendingAccessUntil(db, order, now) : null;
  await db.transaction(async (tx) => {
    const updated = await tx.query<{ provider: string; amount_minor: unknown; currency: string }>(
      `UPDATE payments SET status = 'SUCCEEDED', provider_reference = $2, client_secret = NULL, updated_at = $3
        WHERE id = $1 AND status IN ('PENDING', 'REQUIRES_ACTION') RETURNING provider, amount_minor, currency`,
      [payment.id, outcome.reference, now],
    );
    // Someone else recorded this success already (a concurrent confirm): nothing more to create.
    const paid = updated[0];
    if (!paid) return;
    // A bank transfer or cash order is paid when an operator confirms it (confirmManualPayment).
    if (!outcome.awaitingConfirmation)
      await tx.query(`UPDATE orders SET status = 'PAID' WHERE id = $1`, [order.order.id]);
    const created: BillingEvent[] = [];
    for (const item of order.order.items) {
      const purchaseId = randomUUID();
      await tx.query(
        `INSERT INTO purchases (id, guid, order_item_id, payment_id, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [purchaseId, order.guid, item.id, payment.id, status, now],
      );
      // One-off plans are bought, not subscribed to: they can be bought again.
      if (item.frequency.id === 'NONE') continue;
      const subscriptionId = randomUUID();
      created.push({
        type: 'subscription.created',
        subscriptionId,
        orderId: order.order.id,
        productName: item.product,
        planId: item.plan,
        status,
        startDate: item.startDate,
        endDate: item.endDate ?? null,
      });
      await tx.query(
        `INSERT INTO subscriptions (id, purchase_id, guid, product_name, plan_id, frequency, status, start_date, end_date,
                                    awaiting_payment, payment_provider, payment_method, price_minor, currency,
                                    periods_paid, pending_access_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15)`,
        [
          subscriptionId,
          purchaseId,
          order.guid,
          item.product,
          item.plan,
          item.frequency.id,
          status,
          item.startDate,
          item.endDate ?? null,
          // Entitles to nothing until the money arrives (account/entitlements.ts), even once cancelled.
          status === 'ACTIVE_PENDING',
          paid.provider,
          // How to charge the renewals; none for a bank transfer or cash order (a notice instead).
          outcome.saved ? JSON.stringify(outcome.saved) : null,
          prices.get(item.plan) ?? item.price.amount,
          order.currency,
          pendingUntil,
        ],
      );
    }
    const subject = { guid: order.guid, serviceName: order.serviceName };
    const total = { amountMinor: order.totalMinor, currency: order.currency };
    const byTransfer = order.order.paymentType === 'BANK_TRANSFER' || order.order.paymentType === 'CASH';
    await recordEvent(
      tx,
      subject,
      {
        type: 'order.confirmed',
        orderId: order.order.id,
        total,
        paymentType: order.order.paymentType,
        ...(byTransfer && options.transfer
          ? { transfer: { ...options.transfer, reference: transferReference(order.order.id) } }
          : {}),
      },
      now,
    );
    for (const event of created) await recordEvent(tx, subject, event, now);
    // The receipt, once the money is taken (a direct debit's when it is collected, a transfer's when confirmed).
    if (status === 'ACTIVE' && !outcome.awaitingConfirmation)
      await recordEvent(
        tx,
        subject,
        { type: 'payment.succeeded', orderId: order.order.id, amount: total, reference: outcome.reference },
        now,
      );
  });
}

async function record(
  db: Db,
  payment: PaymentRow,
  outcome: ChargeOutcome,
  order: StoredOrder,
  now: number,
  options: FulfilOptions = {},
): Promise<void> {
  if (outcome.status === 'succeeded') return fulfil(db, payment, outcome, order, now, options);
  if (outcome.status === 'requires_action') {
    await db.query(
      `UPDATE payments SET status = 'REQUIRES_ACTION', provider_reference = $2, client_secret = $3, updated_at = $4
        WHERE id = $1 AND status IN ('PENDING', 'REQUIRES_ACTION')`,
      [payment.id, outcome.reference, outcome.clientSecret, now],
    );
    return;
  }
  // An unreachable provider frees the key so the same token may be tried again (the provider
  // gets the same idempotency key and replays its first answer should the charge have happened).
  await db.query(
    `UPDATE payments SET status = 'FAILED', error_code = $2, client_secret = NULL, updated_at = $3,
            idempotency_key = CASE WHEN $2 = 'provider_unavailable' THEN idempotency_key || ':unavailable:' || id
                                   ELSE idempotency_key END
      WHERE id = $1 AND status IN ('PENDING', 'REQUIRES_ACTION')`,
    [payment.id, outcome.code, now],
  );
}

/** An unreachable provider is a failed attempt the visitor may retry (with the same token too). */
async function ask(run: () => Promise<ChargeOutcome>): Promise<ChargeOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { status: 'failed', code: UNANSWERED };
    throw error;
  }
}

/** The provider's view of an attempt: its outcome, null when it has no payment, 'unknown' when unreachable. */
async function lookUp(provider: CardProvider, row: PaymentRow): Promise<ChargeOutcome | null | 'unknown'> {
  try {
    return await provider.lookup({ orderId: row.order_id, idempotencyKey: providerKeyOf(row) });
  } catch (error) {
    if (error instanceof ProviderUnavailable) return 'unknown';
    throw error;
  }
}

export async function paymentResult(db: Db, paymentId: string): Promise<PaymentResult> {
  const rows = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [paymentId]);
  const row = rows[0];
  if (!row || (row.status !== 'SUCCEEDED' && row.status !== 'REQUIRES_ACTION')) throw new ApiError('payment_fail');
  const purchases = await db.query<{
    id: string;
    order_item_id: string;
    status: string;
    subscription_id: string | null;
  }>(
    `SELECT p.id, p.order_item_id, p.status, s.id AS subscription_id
       FROM purchases p LEFT JOIN subscriptions s ON s.purchase_id = p.id
      WHERE p.payment_id = $1 ORDER BY p.order_item_id`,
    [paymentId],
  );
  const result: PaymentResult = {
    paymentId: row.id,
    orderId: row.order_id,
    status: row.status,
    amount: money(Number(row.amount_minor), row.currency.trim()),
    providerName: row.provider as PaymentResult['providerName'],
    purchases: purchases.map((purchase) => ({
      id: purchase.id,
      orderItemId: purchase.order_item_id,
      status: purchase.status,
      ...(purchase.subscription_id ? { subscriptionId: purchase.subscription_id } : {}),
    })),
  };
  if (row.status === 'REQUIRES_ACTION' && row.client_secret) result.clientSecret = row.client_secret;
  return result;
}

export interface PaymentRequest {
  order: StoredOrder;
  provider: CardProvider;
  token: string;
  /** What the provider needs beyond the token (payer, card type, document). */
  details?: Pick<ChargeInput, 'payerEmail' | 'paymentMethodId' | 'payerIdentification'>;
  clientKey: string | undefined;
  owner: AttemptOwner;
  now: () => number;
  /** The owner's transfer account, for the order confirmation of transfer and cash orders. */
  transfer?: TransferAccount | undefined;
}

/** Whether the order holds a recurring plan: its payment method is kept for the renewals. */
function renews(order: StoredOrder): boolean {
  return order.order.items.some((item) => item.frequency.id !== 'NONE');
}

/**
 * A success as recorded: a direct debit's renewals are collected on the mandate that paid the
 * first period (the mandate id is the token) when the adapter did not say so itself.
 */
function withSaved(outcome: ChargeOutcome, request: PaymentRequest): ChargeOutcome {
  if (outcome.status !== 'succeeded' || outcome.saved || !renews(request.order)) return outcome;
  if (request.provider.name !== 'GOCARDLESS') return outcome;
  return { ...outcome, saved: { provider: 'GOCARDLESS', mandateId: request.token } };
}

/** record() for this request: its saved method and transfer account. */
function recordFor(db: Db, request: PaymentRequest, payment: PaymentRow, outcome: ChargeOutcome): Promise<void> {
  return record(db, payment, withSaved(outcome, request), request.order, request.now(), { transfer: request.transfer });
}

/** The stored answer of an attempt: its result, or the refusal it ended with. */
async function answer(db: Db, row: PaymentRow): Promise<PaymentResult> {
  const current = (await readAttempt(db, row.id)) ?? row;
  if (current.status === 'FAILED') throw refusal(current.error_code);
  return paymentResult(db, current.id);
}

/**
 * Writes the new attempt (or finds none was written: another attempt is live), under a per-account
 * lock so that the held-plan check and the insert are one step for concurrent payments.
 */
async function insertAttempt(db: Db, request: PaymentRequest, key: string, now: number): Promise<PaymentRow | null> {
  const { order, provider } = request;
  const orderId = order.order.id;
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext($1))`, [order.guid]);
    // Locks the order against its expiry (expireUnpaidOrders) while the attempt is written.
    const status = await tx.query<{ status: string }>('SELECT status FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    if (status[0]?.status === 'CANCELLED') throw new ApiError('order_expired');
    const live = await tx.query(`SELECT 1 FROM payments WHERE order_id = $1 AND status <> 'FAILED'`, [orderId]);
    if (live.length) return null;
    await refuseHeldPlans(tx, order, now);
    const refused = await tx.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM payments WHERE order_id = $1 AND status = 'FAILED' AND error_code <> '${UNANSWERED}'`,
      [orderId],
    );
    const inserted = await tx.query<PaymentRow>(
      `INSERT INTO payments (id, order_id, idempotency_key, provider_key, owner, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $9, $9)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        orderId,
        key,
        `${orderId}:${Number(refused[0]?.n ?? 0)}`,
        request.owner.id,
        provider.name,
        order.totalMinor,
        order.currency,
        now,
      ],
    );
    return inserted[0] ?? null;
  });
}

/** Asks the provider for a new attempt: after an unanswered one, first whether that one paid. */
async function charge(db: Db, request: PaymentRequest, attempt: PaymentRow): Promise<void> {
  const { order, provider } = request;
  const orderId = order.order.id;
  const unanswered = await db.query(
    `SELECT 1 FROM payments WHERE order_id = $1 AND status = 'FAILED' AND error_code = '${UNANSWERED}' LIMIT 1`,
    [orderId],
  );
  if (unanswered.length) {
    const known = await lookUp(provider, attempt);
    // The provider cannot tell whether the earlier call paid: do not risk a second charge.
    if (known === 'unknown') return recordFor(db, request, attempt, { status: 'failed', code: UNANSWERED });
    if (known) return recordFor(db, request, attempt, known);
  }
  // Amount and currency come from the stored order, which the server priced.
  const outcome = await ask(() =>
    provider.charge({
      paymentId: attempt.id,
      idempotencyKey: providerKeyOf(attempt),
      orderId,
      amountMinor: order.totalMinor,
      currency: order.currency,
      token: request.token,
      description: `Order ${orderId}`,
      ...(renews(order) ? { saveForRenewals: true } : {}),
      ...request.details,
    }),
  );
  await recordFor(db, request, attempt, outcome);
}

/**
 * Waits for a PENDING attempt to settle. One running here is awaited; one of another process is
 * looked up at the provider (a stopped server's payment is recorded as soon as the provider has
 * it) and released once stale if the provider never saw it. Returns null when released.
 */
async function settle(db: Db, request: PaymentRequest, row: PaymentRow): Promise<PaymentRow | null> {
  const { owner, provider } = request;
  let current = row;
  let nextLookup = 0;
  for (let waited = 0; current.status === 'PENDING'; waited += WAIT_STEP_MS) {
    const local = current.owner === owner.id && owner.running.has(current.id);
    if (!local && Date.now() >= nextLookup) {
      nextLookup = Date.now() + LOOKUP_EVERY_MS;
      const known = await lookUp(provider, current);
      if (known && known !== 'unknown') {
        await recordFor(db, request, current, known);
      } else if (known === null && request.now() - Number(current.created_at) >= STALE_ATTEMPT_MS) {
        await release(db, current, request.now());
        return null;
      }
    }
    if (waited >= WAIT_LIMIT_MS) throw new ApiError('payment_in_progress');
    const reread = await readAttempt(db, current.id);
    if (!reread) return null;
    current = reread;
    if (current.status === 'PENDING') await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  return current;
}

export async function takePayment(db: Db, request: PaymentRequest): Promise<PaymentResult> {
  const { order, provider, owner } = request;
  const orderId = order.order.id;
  const key = idempotencyKey(orderId, request.token, request.clientKey);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const fresh = await insertAttempt(db, request, key, request.now());
    if (fresh) {
      owner.running.add(fresh.id);
      try {
        await charge(db, request, fresh);
      } finally {
        owner.running.delete(fresh.id);
      }
      return answer(db, fresh);
    }
    const existing = await findAttempt(db, key, orderId);
    // The live attempt failed between our insert and this read: try to insert again.
    if (!existing) continue;
    const settled = existing.status === 'PENDING' ? await settle(db, request, existing) : existing;
    if (!settled) continue;
    if (settled.status === 'SUCCEEDED') return paymentResult(db, settled.id);
    if (settled.status === 'FAILED') {
      if (settled.idempotency_key === key) throw refusal(settled.error_code);
      continue;
    }
    // REQUIRES_ACTION: the visitor answered the challenge (or not yet); read the intent back.
    const outcome = await ask(() => provider.confirm(settled.provider_reference ?? ''));
    await recordFor(db, request, settled, outcome);
    return answer(db, settled);
  }
  throw new ApiError('payment_in_progress');
}
