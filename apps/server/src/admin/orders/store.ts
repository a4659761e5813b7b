/**
 * The console's reads of orders and their payments (issue 28): the list (filters, keyset pages,
 * newest first) and one order with its items, payments — the first payment and the renewal
 * charges of its subscriptions —, refunds, provider events and business events.
 */
import type { OrderDetail, OrderSummary, Payment } from '@foyer/api/admin';
import { toMillis, type Db } from '../../db';
import { type CursorKey, pageOf } from '../cursor';

/** Bank transfer and cash: paid outside Foyer, confirmed by an operator. */
export const MANUAL_PAYMENT_TYPES = ['BANK_TRANSFER', 'CASH'];

interface OrderRow {
  id: string;
  guid: string;
  email: string | null;
  service_name: string | null;
  status: OrderSummary['status'];
  payment_type: string;
  provider: string | null;
  currency: string;
  total_minor: string | number;
  awaiting: boolean;
  created_at: string | number;
}

const ORDER_SELECT = `
  SELECT o.id, o.guid, p.attributes->>'email' AS email, o.service_name, o.status, o.payment_type, o.currency,
         o.total_minor, o.created_at,
         (SELECT pay.provider FROM payments pay WHERE pay.order_id = o.id ORDER BY pay.created_at DESC LIMIT 1) AS provider,
         (o.status = 'CREATED' AND o.payment_type IN ('BANK_TRANSFER', 'CASH') AND EXISTS (
            SELECT 1 FROM payments pay WHERE pay.order_id = o.id AND pay.provider = 'MANUAL' AND pay.status = 'SUCCEEDED')) AS awaiting
    FROM orders o JOIN user_profiles p ON p.guid = o.guid`;

const toSummary = (row: OrderRow): OrderSummary => ({
  id: row.id,
  guid: row.guid,
  email: row.email,
  service: row.service_name,
  status: row.status,
  paymentType: row.payment_type,
  provider: row.provider,
  currency: row.currency.trim(),
  totalMinor: Number(row.total_minor),
  awaitingConfirmation: row.awaiting,
  createdAt: toMillis(row.created_at),
});

export interface OrderFilter {
  status?: string | undefined;
  awaiting?: boolean | undefined;
  provider?: string | undefined;
  paymentType?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  q?: string | undefined;
  limit: number;
  after: CursorKey | null;
}

export async function listOrders(db: Db, filter: OrderFilter): Promise<{ items: OrderSummary[]; next: string | null }> {
  const q = filter.q?.trim() || null;
  const rows = await db.query<OrderRow>(
    `SELECT * FROM (${ORDER_SELECT}) o
      WHERE ($1::text IS NULL OR o.status = $1)
        AND ($2::boolean IS NULL OR o.awaiting = $2)
        AND ($3::text IS NULL OR o.provider = $3)
        AND ($4::text IS NULL OR o.payment_type = $4)
        AND ($5::bigint IS NULL OR o.created_at >= $5) AND ($6::bigint IS NULL OR o.created_at <= $6)
        AND ($7::text IS NULL OR o.id = $7 OR o.guid = $7 OR lower(o.email) = lower($7))
        AND ($8::bigint IS NULL OR (o.created_at, o.id) < ($8::bigint, $9::text))
      ORDER BY o.created_at DESC, o.id DESC LIMIT $10`,
    [
      filter.status ?? null,
      filter.awaiting ?? null,
      filter.provider ?? null,
      filter.paymentType ?? null,
      filter.from ?? null,
      filter.to ?? null,
      q,
      filter.after?.[0] ?? null,
      filter.after?.[1] ?? null,
      filter.limit + 1,
    ],
  );
  return pageOf(rows, filter.limit, (row) => [toMillis(row.created_at), row.id], toSummary);
}

export async function findOrderSummary(db: Db, id: string): Promise<OrderSummary | null> {
  const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return row ? toSummary(row) : null;
}

interface PaymentRow {
  id: string;
  kind: Payment['kind'];
  order_id: string;
  provider: string;
  status: string;
  amount_minor: string | number;
  currency: string;
  provider_reference: string | null;
  error_code: string | null;
  created_at: string | number;
  refunded_minor: string | number;
  refunded_at: string | number | null;
  guid: string;
  service_name: string | null;
  payment_type: string;
  subscription_id: string | null;
}

/** First payments and renewal charges alike, with what was refunded of each (refunds not failed). */
const PAYMENT_SELECT = `
  SELECT * FROM (
    SELECT pay.id, 'order' AS kind, pay.order_id, pay.provider, pay.status, pay.amount_minor, pay.currency,
           pay.provider_reference, pay.error_code, pay.created_at, pay.refunded_at, o.guid, o.service_name, o.payment_type,
           NULL::text AS subscription_id
      FROM payments pay JOIN orders o ON o.id = pay.order_id
    UNION ALL
    SELECT c.id, 'renewal' AS kind, oi.order_id, c.provider, c.status, c.amount_minor, c.currency,
           c.provider_reference, c.error_code, c.created_at,
           CASE WHEN c.status = 'REFUNDED' THEN c.updated_at END AS refunded_at, s.guid, o.service_name, o.payment_type, s.id
      FROM renewal_charges c JOIN subscriptions s ON s.id = c.subscription_id
      JOIN purchases pu ON pu.id = s.purchase_id
      JOIN order_items oi ON oi.id = pu.order_item_id JOIN orders o ON o.id = oi.order_id
  ) x CROSS JOIN LATERAL (
    SELECT COALESCE(sum(r.amount_minor), 0) AS refunded_minor FROM refunds r
     WHERE r.payment_id = x.id AND r.status <> 'FAILED') r`;

/** Whether money taken by `provider` for an order paid by `paymentType` can be given back from here. */
export type CanRefund = (provider: string, paymentType: string) => boolean;

function toPayment(row: PaymentRow, canRefund: boolean): Payment {
  const amountMinor = Number(row.amount_minor);
  const refundedMinor = Number(row.refunded_minor);
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    status: row.status,
    amountMinor,
    currency: row.currency.trim(),
    refundedMinor,
    providerReference: row.provider_reference,
    errorCode: row.error_code,
    createdAt: toMillis(row.created_at),
    refundable: canRefund && row.status === 'SUCCEEDED' && row.refunded_at === null && refundedMinor < amountMinor,
  };
}

export interface StoredPayment {
  payment: Payment;
  /** The order's payment type (CARD, BANK_TRANSFER …). */
  paymentType: string;
  orderId: string;
  guid: string;
  serviceName: string | null;
  subscriptionId: string | null;
  reference: string | null;
}

export async function findPayment(db: Db, id: string, canRefund: CanRefund): Promise<StoredPayment | null> {
  const [row] = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE x.id = $1`, [id]);
  if (!row) return null;
  return {
    payment: toPayment(row, canRefund(row.provider, row.payment_type)),
    paymentType: row.payment_type,
    orderId: row.order_id,
    guid: row.guid,
    serviceName: row.service_name,
    subscriptionId: row.subscription_id,
    reference: row.provider_reference,
  };
}

export async function orderDetail(db: Db, id: string, canRefund: CanRefund): Promise<OrderDetail | null> {
  const summary = await findOrderSummary(db, id);
  if (!summary) return null;
  const items = await db.query<{
    product_name: string;
    plan_id: string;
    frequency: string;
    price_minor: string | number;
    currency: string;
  }>(
    'SELECT product_name, plan_id, frequency, price_minor, currency FROM order_items WHERE order_id = $1 ORDER BY position',
    [id],
  );
  const payments = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE x.order_id = $1 ORDER BY x.created_at, x.id`, [
    id,
  ]);
  const references = payments
    .map((payment) => payment.provider_reference)
    .filter((value): value is string => value !== null);
  const providerEvents = await db.query<{
    provider: string;
    event_id: string;
    type: string;
    received_at: string | number;
  }>(
    `SELECT provider, event_id, type, received_at FROM provider_events WHERE reference = ANY($1::text[])
      ORDER BY received_at DESC, event_id DESC`,
    [references],
  );
  const events = await db.query<{ id: string; type: string; created_at: string | number }>(
    `SELECT id, type, created_at FROM billing_events
      WHERE order_id = $1 OR subscription_id IN (
        SELECT s.id FROM subscriptions s JOIN purchases pu ON pu.id = s.purchase_id
          JOIN order_items oi ON oi.id = pu.order_item_id WHERE oi.order_id = $1)
      ORDER BY created_at DESC, id DESC`,
    [id],
  );
  return {
    ...summary,
    items: items.map((item) => ({
      productName: item.product_name,
      planId: item.plan_id,
      frequency: item.frequency,
      priceMinor: Number(item.price_minor),
      currency: item.currency.trim(),
    })),
    payments: payments.map((payment) => toPayment(payment, canRefund(payment.provider, payment.payment_type))),
    providerEvents: providerEvents.map((event) => ({
      provider: event.provider,
      eventId: event.event_id,
      type: event.type,
      receivedAt: toMillis(event.received_at),
    })),
    events: events.map((event) => ({ id: event.id, type: event.type, createdAt: toMillis(event.created_at) })),
  };
}
