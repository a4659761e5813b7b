/**
 * Bank transfer and cash orders (the manual provider) are recorded when the visitor confirms in
 * the widget, with purchases awaiting payment (ACTIVE_PENDING, the order still CREATED). When the
 * money arrives an operator confirms the order: it becomes PAID, its purchases and subscriptions
 * ACTIVE: only then do they entitle to the product and to inviting beneficiaries (until then they
 * grant nothing, account/entitlements.ts). Confirming twice answers the paid order again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Order } from '@foyer/api';
import { recordEvent } from '../billing/events';
import { transferReference } from '../billing/transfer';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { loadOrder } from './orders';

/** Compares digests so the time taken does not tell how much of the token was right. */
export function operatorTokenMatches(expected: string, authorization: string | undefined): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return given.length > 0 && timingSafeEqual(digest(expected), digest(given));
}

export async function confirmManualPayment(db: Db, orderId: string, now: number): Promise<Order> {
  const stored = await loadOrder(db, orderId);
  if (!stored) throw new ApiError('order_not_created');
  if (stored.order.status === 'PAID') return stored.order;
  await db.transaction(async (tx) => {
    const payments = await tx.query<{ id: string }>(
      `SELECT id FROM payments WHERE order_id = $1 AND provider = 'MANUAL' AND status = 'SUCCEEDED'`,
      [orderId],
    );
    const payment = payments[0];
    if (!payment || (stored.order.paymentType !== 'BANK_TRANSFER' && stored.order.paymentType !== 'CASH')) {
      throw new ApiError('payment_not_awaiting_confirmation');
    }
    const updated = await tx.query(
      `UPDATE orders SET status = 'PAID' WHERE id = $1 AND status = 'CREATED' RETURNING id`,
      [orderId],
    );
    // A concurrent confirmation got there first.
    if (!updated.length) return;
    // The money arrived: the subscriptions entitle from now on (entitlements.ts), also one the
    // owner cancelled meanwhile, which then runs to its cancellation date.
    await tx.query(
      `UPDATE subscriptions SET status = CASE WHEN status = 'ACTIVE_PENDING' THEN 'ACTIVE' ELSE status END,
              awaiting_payment = false
        WHERE (status = 'ACTIVE_PENDING' OR awaiting_payment)
          AND purchase_id IN (SELECT id FROM purchases WHERE payment_id = $1)`,
      [payment.id],
    );
    await tx.query(`UPDATE purchases SET status = 'ACTIVE' WHERE payment_id = $1 AND status = 'ACTIVE_PENDING'`, [
      payment.id,
    ]);
    // The receipt of the money that arrived.
    await recordEvent(
      tx,
      { guid: stored.guid, serviceName: stored.serviceName },
      {
        type: 'payment.succeeded',
        orderId,
        amount: { amountMinor: stored.totalMinor, currency: stored.currency },
        reference: transferReference(orderId),
      },
      now,
    );
  });
  const confirmed = await loadOrder(db, orderId);
  if (!confirmed) throw new ApiError('order_not_created');
  return confirmed.order;
}
