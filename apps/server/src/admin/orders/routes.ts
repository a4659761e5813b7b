/**
 * The admin API's orders, payments, refunds and subscriptions (issue 28): lists and details for
 * `orders:read` / `subscriptions:read`; confirming or rejecting a bank transfer or cash payment
 * (`orders:write`, the same step as the operator's bearer-token call); refunds
 * (`payments:refund`, refund.ts); cancelling and resuming subscriptions (`subscriptions:write`).
 * Every write is audited in its own transaction.
 */
import {
  ADMIN_API_PREFIX,
  cancelSubscriptionSchema,
  orderListQuerySchema,
  refundSchema,
  rejectPaymentSchema,
  subscriptionListQuerySchema,
} from '@foyer/api/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { expire, subscriptionsOfPayment } from '../../billing/lifecycle';
import { ownerPolicyFromEnv } from '../../billing/policy';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { confirmManualPayment } from '../../widget/manual-confirmation';
import { recordAudit } from '../audit';
import { decodeCursor, type CursorKey } from '../cursor';
import { auditContext, permitted } from '../principal';
import { parseBody, parseQuery } from '../validation';
import { canRefundWith, refundPayment } from './refund';
import { findOrderSummary, listOrders, orderDetail } from './store';
import { cancelByOperator, findSubscription, listSubscriptions, resumeByOperator } from './subscriptions';

/** A cursor this list made, or 400 naming `cursor` (never a silent first page). */
function cursorOf(cursor: string | undefined): CursorKey | null {
  if (cursor === undefined) return null;
  const key = decodeCursor(cursor);
  if (!key) throw new ApiError('VALIDATION_FAILED', ['cursor']);
  return key;
}

export async function orderRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const canRefund = () => canRefundWith(deps.paymentProviders);
  const policy = () => deps.ownerPolicy ?? ownerPolicyFromEnv();

  api.get(`${ADMIN_API_PREFIX}/orders`, async (request, reply) => {
    if (!permitted(request, reply, 'orders:read')) return reply;
    const query = parseQuery(orderListQuerySchema, request, reply);
    if (!query) return reply;
    return listOrders(deps.db, {
      ...query,
      awaiting: query.awaiting === undefined ? undefined : query.awaiting === 'true',
      limit: query.limit ?? 25,
      after: cursorOf(query.cursor),
    });
  });

  api.get<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/orders/:id`, async (request, reply) => {
    if (!permitted(request, reply, 'orders:read')) return reply;
    const detail = await orderDetail(deps.db, request.params.id, canRefund());
    if (!detail) throw new ApiError('NOT_FOUND');
    return detail;
  });

  /** The order if it waits for a bank transfer or cash, else the reason it cannot be confirmed or rejected. */
  const awaitingOrder = async (id: string) => {
    const order = await findOrderSummary(deps.db, id);
    if (!order) throw new ApiError('NOT_FOUND');
    if (!order.awaitingConfirmation) throw new ApiError('ORDER_NOT_AWAITING_PAYMENT');
    return order;
  };

  api.post<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/orders/:id/confirm-payment`, async (request, reply) => {
    if (!permitted(request, reply, 'orders:write')) return reply;
    const { id } = request.params;
    await awaitingOrder(id);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await confirmManualPayment(tx, id, now);
      await recordAudit(
        tx,
        {
          ...auditContext(request),
          action: 'order.confirm_payment',
          target: `order:${id}`,
          before: { status: 'CREATED' },
          after: { status: 'PAID' },
        },
        now,
      );
    });
    return orderDetail(deps.db, id, canRefund());
  });

  api.post<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/orders/:id/reject-payment`, async (request, reply) => {
    if (!permitted(request, reply, 'orders:write')) return reply;
    const body = parseBody(rejectPaymentSchema, request, reply);
    if (!body) return reply;
    const { id } = request.params;
    await awaitingOrder(id);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const cancelled = await tx.query(
        `UPDATE orders SET status = 'CANCELLED' WHERE id = $1 AND status = 'CREATED' RETURNING id`,
        [id],
      );
      if (!cancelled.length) throw new ApiError('ORDER_NOT_AWAITING_PAYMENT');
      // The money never came: what it would have paid for ends, and can be bought again.
      const payments = await tx.query<{ id: string }>(
        `UPDATE payments SET status = 'FAILED', error_code = 'payment_rejected', updated_at = $2
          WHERE order_id = $1 AND provider = 'MANUAL' AND status = 'SUCCEEDED' RETURNING id`,
        [id, now],
      );
      for (const payment of payments) {
        for (const sub of await subscriptionsOfPayment(tx, payment.id))
          await expire(tx, sub, ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED'], 'payment_failed', now);
        await tx.query(
          `UPDATE purchases SET status = 'EXPIRED' WHERE payment_id = $1 AND status IN ('ACTIVE', 'ACTIVE_PENDING')`,
          [payment.id],
        );
      }
      await recordAudit(
        tx,
        {
          ...auditContext(request),
          action: 'order.reject_payment',
          target: `order:${id}`,
          before: { status: 'CREATED' },
          after: { status: 'CANCELLED', reason: body.reason ?? null },
        },
        now,
      );
    });
    return orderDetail(deps.db, id, canRefund());
  });

  api.post<{ Params: { id: string } }>(
    `${ADMIN_API_PREFIX}/payments/:id/refund`,
    async (request, reply: FastifyReply) => {
      if (!permitted(request, reply, 'payments:refund')) return reply;
      const body = parseBody(refundSchema, request, reply);
      if (!body) return reply;
      const { actor, address, userAgent } = auditContext(request);
      return refundPayment(
        { db: deps.db, providers: deps.paymentProviders, policy: policy(), now: deps.now },
        { paymentId: request.params.id, amountMinor: body.amountMinor, reason: body.reason },
        { actor, address, userAgent },
      );
    },
  );

  api.get(`${ADMIN_API_PREFIX}/subscriptions`, async (request, reply) => {
    if (!permitted(request, reply, 'subscriptions:read')) return reply;
    const query = parseQuery(subscriptionListQuerySchema, request, reply);
    if (!query) return reply;
    return listSubscriptions(deps.db, { ...query, limit: query.limit ?? 25, after: cursorOf(query.cursor) });
  });

  /** Cancels or resumes subscription `id`, audited; answers it as it is afterwards. */
  const changeSubscription = async (
    request: FastifyRequest,
    id: string,
    action: 'subscription.cancel' | 'subscription.resume',
    when: 'now' | 'period_end' = 'now',
  ) => {
    const now = deps.now();
    const change = await deps.db.transaction(async (tx) => {
      const changed =
        action === 'subscription.cancel'
          ? await cancelByOperator(tx, id, when, now)
          : await resumeByOperator(tx, id, now);
      if (changed)
        await recordAudit(
          tx,
          {
            ...auditContext(request),
            action,
            target: `subscription:${id}`,
            before: { status: changed.before },
            after: { status: changed.after, ...(action === 'subscription.cancel' ? { when } : {}) },
          },
          now,
        );
      return changed;
    });
    if (!change) throw new ApiError('NOT_FOUND');
    return findSubscription(deps.db, id);
  };

  api.post<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/subscriptions/:id/cancel`, async (request, reply) => {
    if (!permitted(request, reply, 'subscriptions:write')) return reply;
    const body = parseBody(cancelSubscriptionSchema, request, reply);
    if (!body) return reply;
    return changeSubscription(request, request.params.id, 'subscription.cancel', body.when);
  });

  api.post<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/subscriptions/:id/resume`, async (request, reply) => {
    if (!permitted(request, reply, 'subscriptions:write')) return reply;
    return changeSubscription(request, request.params.id, 'subscription.resume');
  });
}
