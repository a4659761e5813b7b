/**
 * The business events of accounts, orders, payments and subscriptions (the `billing_events`
 * outbox). Each is written in the transaction that makes it true, so none is lost and none is told
 * of a change that rolled back. The mail worker (billing/mails.ts) mails the visitor from some of
 * them; the webhooks (webhooks/) deliver them to the site's backend (webhooks/payloads.ts says
 * which and how).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/** Money as stored: minor units of an ISO 4217 currency. */
export interface EventMoney {
  amountMinor: number;
  currency: string;
}

export type BillingEvent =
  /** An account was created (registration, the purchase flow, a social login); one per service it joined. */
  | { type: 'account.created'; attributes: Record<string, string> }
  /** The profile changed: `changed` names the attributes (or `roles`) whose values differ. */
  | { type: 'account.updated'; attributes: Record<string, string>; changed: string[] }
  /** An operator erased the account (admin/accounts/erase.ts); one per service it belonged to. */
  | { type: 'account.deleted' }
  /** A subscription row was written for a paid (or awaiting payment) order line. */
  | {
      type: 'subscription.created';
      subscriptionId: string;
      orderId: string;
      productName: string;
      planId: string;
      status: string;
      startDate: string;
      endDate: string | null;
    }
  /** The recipient (the event's account) accepted an invitation to another account's subscription. */
  | { type: 'grant.accepted'; grantId: string; subscriptionId: string; ownerAccountId: string }
  /** An order was placed and accepted (paid, or awaiting a transfer: then `transfer` says where to send it). */
  | {
      type: 'order.confirmed';
      orderId: string;
      total: EventMoney;
      paymentType: string;
      transfer?: { beneficiary: string; account: string; bic?: string | undefined; reference: string } | undefined;
    }
  /** Money was taken (the first payment of an order, a renewal, a retry): the receipt. */
  | {
      type: 'payment.succeeded';
      orderId?: string | undefined;
      subscriptionId?: string | undefined;
      amount: EventMoney;
      reference: string;
      /** The period paid for (days); the receipt shows it. */
      periodStart?: string | undefined;
      periodEnd?: string | undefined;
    }
  /** A renewal (or its retry) was refused: PAST_DUE; `nextRetry` is the day of the next try, absent on the last. */
  | {
      type: 'payment.failed';
      subscriptionId: string;
      amount: EventMoney;
      code: string;
      graceEndDate: string;
      nextRetry?: string | undefined;
      requiresAction?: boolean | undefined;
    }
  | { type: 'payment.refunded'; subscriptionId?: string | undefined; orderId?: string | undefined; reference: string }
  | { type: 'subscription.renewed'; subscriptionId: string; periodStart: string; periodEnd: string; amount: EventMoney }
  | { type: 'subscription.past_due'; subscriptionId: string; graceEndDate: string }
  /** The plan's price changed: renewals of periods starting on or after `effectiveFrom` cost `to`. */
  | {
      type: 'subscription.price_changed';
      subscriptionId: string;
      from: EventMoney;
      to: EventMoney;
      effectiveFrom: string;
    }
  | { type: 'subscription.cancelled'; subscriptionId: string; endDate: string }
  | {
      type: 'subscription.expired';
      subscriptionId: string;
      reason: 'cancelled' | 'payment_failed' | 'refunded' | 'disputed' | 'pending_lapsed';
    }
  /**
   * A yearly (or longer) plan renews soon: mailed once per period. Also the renewal notice of a
   * bank-transfer or cash subscription at its period end: then `transfer` says where to send the
   * amount and with which reference (core helper, issue 25).
   */
  | {
      type: 'subscription.renewal_reminder';
      subscriptionId: string;
      renewsOn: string;
      amount: EventMoney;
      transfer?: { beneficiary: string; account: string; bic?: string | undefined; reference: string } | undefined;
    };

export type BillingEventType = BillingEvent['type'];

/**
 * Payments recorded by this process, by outcome (/metrics, metrics.ts). Counted when the event is
 * written: a transaction rolled back afterwards (rare: a conflict) still counts its payment.
 */
export const recordedPayments = { succeeded: 0, failed: 0 };

/** Writes an event into the outbox, inside the caller's transaction. */
export async function recordEvent(
  tx: Db,
  subject: { guid: string; serviceName?: string | null | undefined },
  event: BillingEvent,
  now: number,
): Promise<string> {
  const id = randomUUID();
  const subscriptionId = 'subscriptionId' in event ? (event.subscriptionId ?? null) : null;
  const orderId = 'orderId' in event ? (event.orderId ?? null) : null;
  await tx.query(
    `INSERT INTO billing_events (id, type, guid, service_name, subscription_id, order_id, data, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, event.type, subject.guid, subject.serviceName ?? null, subscriptionId, orderId, JSON.stringify(event), now],
  );
  // Once committed, the job queue fans it out to the webhooks and mails it (billing/jobs.ts).
  tx.announce('outbox');
  if (event.type === 'payment.succeeded') recordedPayments.succeeded += 1;
  if (event.type === 'payment.failed') recordedPayments.failed += 1;
  return id;
}
