/**
 * The webhooks a Foyer server sends to a site's backend (issue 26): Standard Webhooks headers
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and this JSON body. One definition for
 * the server that builds them and for anyone who reads them (docs/your-backend.md, "Webhooks").
 *
 * Version 1 (WEBHOOK_PAYLOAD_VERSION): fields may be added to `data` within a version, never
 * removed or changed. Payloads never carry passwords, card data or session ids.
 */

export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_EVENT_TYPES = [
  'account.created',
  'account.updated',
  'account.deleted',
  'order.created',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'subscription.created',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.price_changed',
  'subscription.cancelled',
  'subscription.expired',
  'grant.accepted',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Money in minor units of an ISO 4217 currency (1999 EUR = 19.99 €). */
export interface WebhookMoney {
  amountMinor: number;
  currency: string;
}

/** Where a bank transfer or cash order's money is to be sent (the site owner's account). */
export interface WebhookTransfer {
  beneficiary: string;
  account: string;
  bic?: string;
  reference: string;
}

/** What every event's `data` carries. */
export interface WebhookSubject {
  /** Payload version (WEBHOOK_PAYLOAD_VERSION). */
  version: number;
  serviceName: string;
  /** The account's guid (a visitor token's `sub`). */
  accountId: string;
}

/** `data` of each event type; dates are ISO days (`2030-02-15`). */
export interface WebhookData {
  'account.created': WebhookSubject & { attributes: Record<string, string> };
  'account.updated': WebhookSubject & { attributes: Record<string, string>; changed: string[] };
  'account.deleted': WebhookSubject;
  'order.created': WebhookSubject & {
    orderId: string;
    total: WebhookMoney;
    paymentType: string;
    transfer?: WebhookTransfer;
  };
  'payment.succeeded': WebhookSubject & {
    orderId?: string;
    subscriptionId?: string;
    amount: WebhookMoney;
    /** The payment provider's reference of the charge. */
    reference: string;
    periodStart?: string;
    periodEnd?: string;
  };
  'payment.failed': WebhookSubject & {
    subscriptionId: string;
    amount: WebhookMoney;
    code: string;
    graceEndDate: string;
    nextRetry?: string;
    requiresAction?: boolean;
  };
  'payment.refunded': WebhookSubject & { subscriptionId?: string; orderId?: string; reference: string };
  'subscription.created': WebhookSubject & {
    subscriptionId: string;
    orderId: string;
    productName: string;
    planId: string;
    /** ACTIVE, or ACTIVE_PENDING while a transfer, cash or direct debit payment is awaited. */
    status: string;
    startDate: string;
    endDate: string | null;
  };
  'subscription.renewed': WebhookSubject & {
    subscriptionId: string;
    periodStart: string;
    periodEnd: string;
    amount: WebhookMoney;
  };
  'subscription.past_due': WebhookSubject & { subscriptionId: string; graceEndDate: string };
  /** The plan's price changed: renewals of periods starting on or after `effectiveFrom` cost `to`. */
  'subscription.price_changed': WebhookSubject & {
    subscriptionId: string;
    from: WebhookMoney;
    to: WebhookMoney;
    effectiveFrom: string;
  };
  'subscription.cancelled': WebhookSubject & { subscriptionId: string; endDate: string };
  'subscription.expired': WebhookSubject & {
    subscriptionId: string;
    reason: 'cancelled' | 'payment_failed' | 'refunded' | 'disputed' | 'pending_lapsed';
  };
  'grant.accepted': WebhookSubject & { grantId: string; subscriptionId: string; ownerAccountId: string };
}

/** The body of a webhook: `timestamp` is when the event happened (ISO 8601). */
export type WebhookBody = {
  [Type in WebhookEventType]: { type: Type; timestamp: string; data: WebhookData[Type] };
}[WebhookEventType];
