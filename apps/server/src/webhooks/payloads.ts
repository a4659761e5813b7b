/**
 * Which outbox events (billing/events.ts) become webhooks, under which type, and their body
 * (@foyer/api webhooks.ts). `order.confirmed` is delivered as `order.created`: an order is only
 * worth telling of once accepted (paid, or awaiting its transfer) — the unpaid orders a checkout
 * leaves behind are never told. `subscription.renewal_reminder` is a mail, not a webhook.
 */
import { WEBHOOK_PAYLOAD_VERSION, type WebhookBody, type WebhookEventType } from '@foyer/api';
import type { BillingEvent, BillingEventType } from '../billing/events';

const WEBHOOK_TYPE: Partial<Record<BillingEventType, WebhookEventType>> = {
  'account.created': 'account.created',
  'account.updated': 'account.updated',
  'account.deleted': 'account.deleted',
  'order.confirmed': 'order.created',
  'payment.succeeded': 'payment.succeeded',
  'payment.failed': 'payment.failed',
  'payment.refunded': 'payment.refunded',
  'subscription.created': 'subscription.created',
  'subscription.renewed': 'subscription.renewed',
  'subscription.past_due': 'subscription.past_due',
  'subscription.price_changed': 'subscription.price_changed',
  'subscription.cancelled': 'subscription.cancelled',
  'subscription.expired': 'subscription.expired',
  'grant.accepted': 'grant.accepted',
};

/** The webhook type of an outbox event type, or null when it is not delivered. */
export function webhookType(type: string): WebhookEventType | null {
  return WEBHOOK_TYPE[type as BillingEventType] ?? null;
}

/** The outbox row's webhook body; the event's own fields (all documented, none secret) become `data`. */
export function webhookBody(
  event: BillingEvent,
  subject: { serviceName: string; accountId: string },
  createdAt: number,
): WebhookBody | null {
  const type = webhookType(event.type);
  if (!type) return null;
  const { type: _ignored, ...fields } = event;
  return {
    type,
    timestamp: new Date(createdAt).toISOString(),
    data: {
      version: WEBHOOK_PAYLOAD_VERSION,
      serviceName: subject.serviceName,
      accountId: subject.accountId,
      ...fields,
    },
  } as WebhookBody;
}
