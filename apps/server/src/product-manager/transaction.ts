/**
 * `POST /transaction?channel=web&op=P_SUB` (purchase spec §4 "Version 1 checkout", §7) and the
 * hosted payment page's result. The transaction re-validates the basket (validateV1Order), prices
 * it from the catalogue into a version 2 order (widget/orders.ts: plans already subscribed,
 * dates, addresses and currencies are refused there), and opens one payment attempt awaiting the
 * hosted page (REQUIRES_ACTION, provider HOSTED_PAGE). The page's signed result is recorded once:
 * PAID creates the purchases and subscriptions the account area lists (widget/payments.ts
 * fulfil), CANCELLED leaves the order open for another try.
 */
import { randomUUID } from 'node:crypto';
import {
  startDeliveryDateOf,
  type AddressGroupInput,
  validateV1Order,
  type PaymentType,
  type V1Basket,
  type V1PaymentMethod,
  type V1PaymentResult,
} from '@foyer/api';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { isUniqueViolation } from '../identity/accounts';
import { findProducts } from '../widget/catalogue';
import { createOrder, loadOrder } from '../widget/orders';
import { fulfil } from '../widget/payments';
import { minStartDeliveryDate } from './delivery';
import { lapseTransactions, makeOpenOrder } from './orders';
import { signPayload, type TransactionPayload } from './signing';

/** The provider name of the hosted page's payment attempts. */
export const HOSTED_PAGE_PROVIDER = 'HOSTED_PAGE';
/** How long the hosted page accepts a transaction's payload. */
export const TRANSACTION_TTL_MS = 60 * 60_000;

/** The order's payment type behind each v1 method code: card authorisation, direct debit (receipt), invoice. */
const PAYMENT_TYPE_OF: Record<V1PaymentMethod, PaymentType> = {
  CAU: 'CARD',
  REC: 'DIRECT_DEBIT',
  FAC: 'BANK_TRANSFER',
};

export interface TransactionRequest {
  guid: string;
  serviceName: string | null;
  basket: V1Basket;
  /** The checked page to come back to. */
  returnUrl: string;
}

export interface OpenedTransaction {
  id: string;
  orderId: string;
  payload: string;
  quantity: number;
}

type AddressKey = 'deliveryAddress' | 'billingAddress';

/**
 * The order's address of one kind (purchase spec §3 product metadata): the lines' own, else the
 * basket's. The order is delivered and billed to one address each, so lines naming different
 * ones are refused.
 */
function orderAddress(basket: V1Basket, key: AddressKey): AddressGroupInput | undefined {
  const named = basket.products.flatMap((line) => line.productMetaData?.[key] ?? []);
  const distinct = new Set(named.map((address) => JSON.stringify(address)));
  if (distinct.size > 1) throw new ApiError('v1_order_invalid', [`products.productMetaData.${key}`]);
  return named[0] ?? basket.productMetaData?.[key];
}

/** Delivered products may not start before the day GET /spi/…/startDeliveryDate names. */
async function checkDeliveryDates(db: Db, basket: V1Basket, now: number): Promise<void> {
  const products = await findProducts(
    db,
    basket.products.map((line) => line.productId),
  );
  basket.products.forEach((line, index) => {
    const product = products.get(line.productId);
    if (!product?.requiresDeliveryAddress) return;
    const date = startDeliveryDateOf(basket, index);
    const earliest = minStartDeliveryDate(product, now);
    if (date === undefined) throw new ApiError('v1_order_invalid', [`startDeliveryDate.${line.productId}`]);
    if (date < earliest) throw new ApiError('start_date_out_of_range', [date]);
  });
}

export async function openTransaction(db: Db, key: Buffer, input: TransactionRequest, now: number) {
  const { basket, guid } = input;
  const problems = validateV1Order(basket, now);
  if (problems.length) throw new ApiError('v1_order_invalid', [problems.map((problem) => problem.field).join(', ')]);
  if (basket.accountId !== guid) throw new ApiError('FORBIDDEN');
  await checkDeliveryDates(db, basket, now);
  // One database transaction, under the account's open-order lock (makeOpenOrder takes it):
  // the open order, its priced order and its payment page change together, so concurrent
  // checkouts of one account (two tabs) leave exactly one open order and one payable page, the
  // later one; the earlier page lapses.
  const opened = await db.transaction(async (tx) => {
    // The visitor checks out the basket they see: a differing open order (another tab's basket,
    // synced at a later login) is deleted and replaced by it, as the login's sync does (purchase
    // spec §4). Refusing it would leave this tab's checkout failing until the basket is emptied.
    await makeOpenOrder(tx, guid, basket, now, 'replace');

    const method = basket.paymentType!.split('-')[1] as V1PaymentMethod;
    const deliveryAddress = orderAddress(basket, 'deliveryAddress');
    const billingAddress = orderAddress(basket, 'billingAddress');
    const startDate = basket.startDate === undefined ? undefined : new Date(Math.max(basket.startDate, now));
    // Priced from the catalogue; the client's prices, names and descriptions are not read.
    const order = await createOrder(
      tx,
      {
        guid,
        serviceName: input.serviceName,
        order: {
          paymentType: PAYMENT_TYPE_OF[method],
          orderItems: basket.products.map((line, index) => {
            const startDeliveryDate = startDeliveryDateOf(basket, index);
            return {
              product: line.productId,
              paymentPlan: line.planId,
              ...(startDate ? { startDate: startDate.toISOString().slice(0, 10) } : {}),
              ...(startDeliveryDate ? { startDeliveryDate } : {}),
            };
          }),
          ...(deliveryAddress ? { deliveryAddressGroup: deliveryAddress } : {}),
          ...(billingAddress ? { billingAddressGroup: billingAddress } : {}),
        },
        allowedTypes: Object.values(PAYMENT_TYPE_OF),
      },
      now,
    );
    const stored = (await loadOrder(tx, order.id))!;
    const id = randomUUID();
    const payload: TransactionPayload = {
      t: id,
      o: basket._id,
      a: stored.totalMinor,
      c: stored.currency,
      e: now + TRANSACTION_TTL_MS,
    };
    // An earlier transaction of this order (the visitor went back and checked out again) lapses.
    await lapseTransactions(tx, basket._id, now);
    const paymentId = randomUUID();
    await tx.query(
      `INSERT INTO payments (id, order_id, idempotency_key, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'REQUIRES_ACTION', $5, $6, $7, $7)`,
      [paymentId, order.id, `v1:${id}`, HOSTED_PAGE_PROVIDER, stored.totalMinor, stored.currency, now],
    );
    await tx.query(
      `INSERT INTO v1_transactions (id, v1_order_id, order_id, payment_id, return_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, basket._id, order.id, paymentId, input.returnUrl, now],
    );
    await tx.query(`UPDATE v1_orders SET status = 'PAYMENT_PENDING', updated_at = $2 WHERE id = $1`, [basket._id, now]);
    return { id, stored, payload };
  });
  const { id, stored, payload } = opened;
  return {
    id,
    orderId: basket._id,
    payload: signPayload(key, payload),
    quantity: basket.products.length,
    totalMinor: stored.totalMinor,
    currency: stored.currency,
  };
}

interface TransactionRow {
  id: string;
  v1_order_id: string;
  order_id: string;
  payment_id: string;
  return_url: string;
  payment_status: string;
  error_code: string | null;
  result: string | null;
}

export interface RecordedResult {
  /** What the visitor is told: PAID, CANCELLED or REFUSED (superseded, or the plan was bought meanwhile). */
  result: V1PaymentResult | 'REFUSED';
  returnUrl: string;
  orderId: string;
}

async function readTransaction(db: Db, id: string): Promise<TransactionRow | null> {
  const rows = await db.query<TransactionRow>(
    `SELECT t.id, t.v1_order_id, t.order_id, t.payment_id, t.return_url, t.result, p.status AS payment_status, p.error_code
       FROM v1_transactions t JOIN payments p ON p.id = t.payment_id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface TransactionPage {
  /** Where transaction `id` sends the visitor back after paying. */
  returnUrl: string;
  /** Its order was replaced, deleted or checked out again (lapseTransactions): it can no longer pay. */
  lapsed: boolean;
}

/** What the hosted page needs of transaction `id` (null for an unknown transaction). */
export async function transactionPage(db: Db, id: string): Promise<TransactionPage | null> {
  const row = await readTransaction(db, id);
  return row && { returnUrl: row.return_url, lapsed: row.result === 'SUPERSEDED' };
}

/**
 * The transaction's outcome, read from its payment attempt (the one record of it). A Cancel
 * posted from a page that lapsed while it was open is what the visitor did, and nothing was
 * charged: CANCELLED, not REFUSED. Pay on such a page is REFUSED.
 */
function outcome(row: TransactionRow, posted: V1PaymentResult): RecordedResult {
  const cancelled =
    row.payment_status === 'FAILED' &&
    (row.error_code === 'cancelled' || (row.error_code === 'superseded' && posted === 'CANCELLED'));
  const result = row.payment_status === 'SUCCEEDED' ? 'PAID' : cancelled ? 'CANCELLED' : 'REFUSED';
  return { result, returnUrl: row.return_url, orderId: row.v1_order_id };
}

/**
 * Records the hosted page's (already verified) result of transaction `id`. The payment attempt
 * moves out of REQUIRES_ACTION once, so the first result wins: a replayed, concurrent or
 * contradicting second post changes nothing and is told the first outcome.
 */
export async function recordResult(
  db: Db,
  id: string,
  result: V1PaymentResult,
  now: number,
): Promise<RecordedResult | null> {
  const found = await readTransaction(db, id);
  if (!found) return null;
  if (result === 'CANCELLED') {
    const cancelled = await db.query(
      `UPDATE payments SET status = 'FAILED', error_code = 'cancelled', updated_at = $2
        WHERE id = $1 AND status = 'REQUIRES_ACTION' RETURNING id`,
      [found.payment_id, now],
    );
    if (cancelled.length) {
      await db.query(
        `UPDATE v1_orders SET status = 'OPEN', updated_at = $2 WHERE id = $1 AND status = 'PAYMENT_PENDING'`,
        [found.v1_order_id, now],
      );
    }
  } else if (found.payment_status === 'REQUIRES_ACTION') {
    const order = await loadOrder(db, found.order_id);
    if (!order) throw new ApiError('order_not_created');
    try {
      // Marks the attempt SUCCEEDED and creates the purchases and subscriptions in one
      // transaction, only if the attempt was still awaiting the page (a concurrent post does nothing).
      await fulfil(db, { id: found.payment_id }, { reference: `hosted:${found.id}` }, order, now);
    } catch (error) {
      // The plan was bought in another order meanwhile (the subscriptions' unique index).
      if (!isUniqueViolation(error)) throw error;
      await db.query(
        `UPDATE payments SET status = 'FAILED', error_code = 'plan_already_subscribed', updated_at = $2
          WHERE id = $1 AND status = 'REQUIRES_ACTION'`,
        [found.payment_id, now],
      );
    }
  }
  const after = (await readTransaction(db, id))!;
  const recorded = outcome(after, result);
  if (recorded.result === 'PAID')
    await db.query(`UPDATE v1_orders SET status = 'PAID', updated_at = $2 WHERE id = $1 AND status <> 'PAID'`, [
      after.v1_order_id,
      now,
    ]);
  await db.query(`UPDATE v1_transactions SET result = $2, answered_at = $3 WHERE id = $1 AND result IS NULL`, [
    id,
    recorded.result,
    now,
  ]);
  return recorded;
}
