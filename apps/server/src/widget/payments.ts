/**
 * Taking the payment of an order, at most once. Each attempt is a `payments` row written BEFORE
 * the provider is asked: its idempotency key (the client's Idempotency-Key header, else a hash of
 * the token) is unique, and a partial unique index allows one live (not FAILED) attempt per order.
 * A retried or double-clicked submission therefore finds the first attempt, waits for it, and
 * gets its answer; a different token after a refusal is a new attempt. Success marks the order
 * PAID and creates its purchases (and subscriptions for recurring plans) in one transaction.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isKnownErrorCode, type PaymentResult } from '@foyer/api';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { money } from './catalogue';
import type { StoredOrder } from './orders';
import { ProviderUnavailable, type CardProvider, type ChargeInput, type ChargeOutcome } from './providers/types';

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;
/**
 * A PENDING attempt this old was abandoned: the provider call times out after 20 s, so only a
 * server that stopped mid-payment leaves one. It is released like an unreachable provider.
 */
export const STALE_ATTEMPT_MS = 60_000;

type PaymentStatus = 'PENDING' | 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED';

interface PaymentRow {
  id: string;
  order_id: string;
  idempotency_key: string;
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
  'id, order_id, idempotency_key, provider, status, amount_minor, currency, provider_reference, client_secret, error_code, created_at';

/**
 * Frees an abandoned attempt's key and order slot (status FAILED, code provider_unavailable), so
 * the visitor's retry makes a new attempt. The retry sends the provider the same idempotency key
 * (the same token and Idempotency-Key header give the same key): had the lost call charged the
 * card, the provider replays that charge instead of making a second one.
 */
async function releaseIfStale(db: Db, row: PaymentRow, now: number): Promise<boolean> {
  if (row.status !== 'PENDING' || now - Number(row.created_at) < STALE_ATTEMPT_MS) return false;
  await db.query(
    `UPDATE payments SET status = 'FAILED', error_code = 'provider_unavailable', updated_at = $2,
            idempotency_key = idempotency_key || ':abandoned:' || id
      WHERE id = $1 AND status = 'PENDING'`,
    [row.id, now],
  );
  return true;
}

export function idempotencyKey(orderId: string, token: string, clientKey: string | undefined): string {
  const key = clientKey?.trim() || createHash('sha256').update(token, 'utf8').digest('hex');
  // Scoped to the order: one client's key can never meet another order's attempt.
  return `${orderId}:${key.slice(0, 200)}`;
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

async function waitWhilePending(db: Db, row: PaymentRow): Promise<PaymentRow> {
  let current = row;
  for (let waited = 0; current.status === 'PENDING' && waited < WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const rows = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [row.id]);
    current = rows[0] ?? current;
  }
  if (current.status === 'PENDING') throw new ApiError('payment_in_progress');
  return current;
}

function refusal(code: string | null): ApiError {
  if (!code) return new ApiError('payment_fail');
  // The provider's app error code when the catalogue knows it, else payment_fail naming it.
  return isKnownErrorCode(code) ? new ApiError(code) : new ApiError('payment_fail', [code]);
}

async function fulfil(
  db: Db,
  payment: PaymentRow,
  outcome: { reference: string; settled?: boolean },
  order: StoredOrder,
  now: number,
) {
  const status = outcome.settled === false ? 'ACTIVE_PENDING' : 'ACTIVE';
  await db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE payments SET status = 'SUCCEEDED', provider_reference = $2, client_secret = NULL, updated_at = $3
        WHERE id = $1 AND status IN ('PENDING', 'REQUIRES_ACTION') RETURNING id`,
      [payment.id, outcome.reference, now],
    );
    // Someone else recorded this success already (a concurrent confirm): nothing more to create.
    if (!updated.length) return;
    await tx.query(`UPDATE orders SET status = 'PAID' WHERE id = $1`, [order.order.id]);
    for (const item of order.order.items) {
      const purchaseId = randomUUID();
      await tx.query(
        `INSERT INTO purchases (id, guid, order_item_id, payment_id, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [purchaseId, order.guid, item.id, payment.id, status, now],
      );
      // One-off plans are bought, not subscribed to: they can be bought again.
      if (item.frequency.id === 'NONE') continue;
      await tx.query(
        `INSERT INTO subscriptions (id, purchase_id, guid, product_name, plan_id, frequency, status, start_date, end_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          randomUUID(),
          purchaseId,
          order.guid,
          item.product,
          item.plan,
          item.frequency.id,
          status,
          item.startDate,
          item.endDate ?? null,
        ],
      );
    }
  });
}

async function record(
  db: Db,
  payment: PaymentRow,
  outcome: ChargeOutcome,
  order: StoredOrder,
  now: number,
): Promise<void> {
  if (outcome.status === 'succeeded') return fulfil(db, payment, outcome, order, now);
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
  throw refusal(outcome.code);
}

/** An unreachable provider is a failed attempt the visitor may retry (with the same token too). */
async function ask(run: () => Promise<ChargeOutcome>): Promise<ChargeOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { status: 'failed', code: 'provider_unavailable' };
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
  now: () => number;
}

export async function takePayment(db: Db, request: PaymentRequest): Promise<PaymentResult> {
  const { order, provider } = request;
  const orderId = order.order.id;
  const key = idempotencyKey(orderId, request.token, request.clientKey);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = request.now();
    const inserted = await db.query<PaymentRow>(
      `INSERT INTO payments (id, order_id, idempotency_key, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $7)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [randomUUID(), orderId, key, provider.name, order.totalMinor, order.currency, now],
    );
    const fresh = inserted[0];
    if (fresh) {
      // Amount and currency come from the stored order, which the server priced.
      const outcome = await ask(() =>
        provider.charge({
          paymentId: fresh.id,
          idempotencyKey: key,
          orderId,
          amountMinor: order.totalMinor,
          currency: order.currency,
          token: request.token,
          description: `Order ${orderId}`,
          ...request.details,
        }),
      );
      await record(db, fresh, outcome, order, request.now());
      return paymentResult(db, fresh.id);
    }
    const existing = await findAttempt(db, key, orderId);
    // The live attempt failed between our insert and this read: try to insert again.
    if (!existing) continue;
    if (await releaseIfStale(db, existing, request.now())) continue;
    const settled = await waitWhilePending(db, existing);
    if (settled.status === 'SUCCEEDED') return paymentResult(db, settled.id);
    if (settled.status === 'FAILED') {
      if (settled.idempotency_key === key) throw refusal(settled.error_code);
      continue;
    }
    // REQUIRES_ACTION: the visitor answered the challenge (or not yet); read the intent back.
    const outcome = await ask(() => provider.confirm(settled.provider_reference ?? ''));
    await record(db, settled, outcome, order, request.now());
    return paymentResult(db, settled.id);
  }
  throw new ApiError('payment_in_progress');
}
