/**
 * Refunds from the console (issue 28), money moved exactly once: the refund row (with its
 * idempotency key) is written before the provider is asked; the answer settles it. A lost answer
 * leaves it UNKNOWN and the next refund of that payment asks again with the same key and amount —
 * the provider answers the first refund instead of making a second — before anything new. A
 * payment given back whole then goes through the same step as the provider's own refund event
 * (billing/webhooks.ts refundedWhole), which runs once whichever comes first.
 */
import { randomUUID } from 'node:crypto';
import type { Payment } from '@foyer/api/admin';
import type { OwnerPolicy } from '../../billing/policy';
import { refundedWhole } from '../../billing/webhooks';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { ProviderUnavailable, type PaymentProviders, type Refunder } from '../../widget/providers/types';
import { recordAudit, type AuditWrite } from '../audit';
import { findPayment, type CanRefund, type StoredPayment } from './store';

/** The provider that took the payment (a card, or a GoCardless direct debit), when its refunds are built. */
export function refunderOf(
  providers: PaymentProviders | undefined,
  provider: string,
  paymentType: string,
): Refunder | null {
  const card = providers?.card;
  if (paymentType === 'CARD' && card?.name === provider && card.refund) return { refund: card.refund.bind(card) };
  const debit = providers?.directDebit;
  if (paymentType === 'DIRECT_DEBIT' && debit?.name === provider && debit.refund)
    return { refund: debit.refund.bind(debit) };
  return null;
}

export const canRefundWith =
  (providers: PaymentProviders | undefined): CanRefund =>
  (provider, paymentType) =>
    refunderOf(providers, provider, paymentType) !== null;

interface RefundRow {
  id: string;
  amount_minor: string | number;
  currency: string;
  idempotency_key: string;
}

export interface RefundContext {
  db: Db;
  providers: PaymentProviders | undefined;
  policy: OwnerPolicy;
  now: () => number;
}

/**
 * Refunds `amountMinor` (default: all that is left) of payment `paymentId`. Answers the payment
 * as it is afterwards.
 */
export async function refundPayment(
  ctx: RefundContext,
  input: { paymentId: string; amountMinor?: number | undefined; reason?: string | undefined },
  audit: Pick<AuditWrite, 'actor' | 'address' | 'userAgent'>,
): Promise<Payment> {
  const canRefund = canRefundWith(ctx.providers);
  const found = await findPayment(ctx.db, input.paymentId, canRefund);
  if (!found) throw new ApiError('NOT_FOUND');
  // An earlier refund whose answer was lost is asked again first (same key, same amount).
  const [unknown] = await ctx.db.query<RefundRow>(
    `SELECT id, amount_minor, currency, idempotency_key FROM refunds WHERE payment_id = $1 AND status = 'UNKNOWN'
      ORDER BY created_at LIMIT 1`,
    [input.paymentId],
  );
  if (unknown) {
    await ask(ctx, found, unknown);
    const after = await findPayment(ctx.db, input.paymentId, canRefund);
    return after!.payment;
  }
  const refunder = refunderOf(ctx.providers, found.payment.provider, found.paymentType);
  if (!refunder)
    throw new ApiError('REFUND_NOT_POSSIBLE', [
      found.paymentType === 'CARD'
        ? `refunds through ${found.payment.provider} are not available here.`
        : 'bank transfers, cash and direct debits are paid back outside Foyer.',
    ]);
  const row = await ctx.db.transaction(async (tx) => {
    // One refund of a payment at a time: the amount left is read and taken under this lock.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`refund\n${input.paymentId}`]);
    const current = await findPayment(tx, input.paymentId, canRefund);
    if (!current || !current.payment.refundable)
      throw new ApiError('REFUND_NOT_POSSIBLE', ['it was not paid, or it has been refunded already.']);
    const left = current.payment.amountMinor - current.payment.refundedMinor;
    const amount = input.amountMinor ?? left;
    if (amount < 1 || amount > left) throw new ApiError('REFUND_AMOUNT_INVALID', [String(left)]);
    const id = randomUUID();
    const now = ctx.now();
    const [made] = await tx.query<RefundRow>(
      `INSERT INTO refunds (id, payment_id, payment_kind, provider, amount_minor, currency, status, idempotency_key,
                            reason, actor, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $9, $10, $10)
       RETURNING id, amount_minor, currency, idempotency_key`,
      [
        id,
        input.paymentId,
        current.payment.kind,
        current.payment.provider,
        amount,
        current.payment.currency,
        `refund:${id}`,
        input.reason ?? null,
        audit.actor,
        now,
      ],
    );
    await recordAudit(
      tx,
      {
        ...audit,
        action: 'payment.refund',
        target: `payment:${input.paymentId}`,
        before: { refundedMinor: current.payment.refundedMinor },
        after: {
          refundedMinor: current.payment.refundedMinor + amount,
          amountMinor: amount,
          reason: input.reason ?? null,
        },
      },
      now,
    );
    return made!;
  });
  await ask(ctx, found, row);
  const after = await findPayment(ctx.db, input.paymentId, canRefund);
  return after!.payment;
}

/** Asks the provider for refund `row` and records its answer. */
async function ask(ctx: RefundContext, found: StoredPayment, row: RefundRow): Promise<void> {
  const refunder = refunderOf(ctx.providers, found.payment.provider, found.paymentType);
  if (!refunder || !found.reference) throw new ApiError('REFUND_NOT_POSSIBLE', ['its provider cannot be asked.']);
  const [before] = await ctx.db.query<{ given: string | number }>(
    `SELECT COALESCE(sum(amount_minor), 0) AS given FROM refunds WHERE payment_id = $1 AND status = 'SUCCEEDED' AND id <> $2`,
    [found.payment.id, row.id],
  );
  let outcome;
  try {
    outcome = await refunder.refund({
      idempotencyKey: row.idempotency_key,
      reference: found.reference,
      amountMinor: Number(row.amount_minor),
      currency: row.currency.trim(),
      refundedBeforeMinor: Number(before?.given ?? 0),
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await ctx.db.query(`UPDATE refunds SET status = 'UNKNOWN', updated_at = $2 WHERE id = $1`, [row.id, ctx.now()]);
    throw new ApiError('REFUND_NOT_POSSIBLE', [
      'the provider did not answer. Nothing is lost: refunding this payment again asks it about this refund first.',
    ]);
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (outcome.status === 'failed') {
      await tx.query(`UPDATE refunds SET status = 'FAILED', error_code = $2, updated_at = $3 WHERE id = $1`, [
        row.id,
        outcome.code,
        now,
      ]);
      return;
    }
    await tx.query(`UPDATE refunds SET status = 'SUCCEEDED', provider_reference = $2, updated_at = $3 WHERE id = $1`, [
      row.id,
      outcome.reference,
      now,
    ]);
    const [left] = await tx.query<{ left: string | number }>(
      `SELECT $2::bigint - COALESCE(sum(amount_minor), 0) AS left FROM refunds WHERE payment_id = $1 AND status = 'SUCCEEDED'`,
      [found.payment.id, found.payment.amountMinor],
    );
    if (Number(left?.left ?? 1) > 0) return;
    const paidFor =
      found.subscriptionId && found.payment.kind === 'renewal'
        ? { charge: { id: found.payment.id, subscription_id: found.subscriptionId }, payment: null }
        : {
            charge: null,
            payment: {
              id: found.payment.id,
              order_id: found.orderId,
              guid: found.guid,
              service_name: found.serviceName,
            },
          };
    await refundedWhole(tx, paidFor, found.reference!, ctx.policy, now);
  });
  if (outcome.status === 'failed') throw new ApiError('REFUND_NOT_POSSIBLE', [outcome.message ?? outcome.code]);
}
