/**
 * Provider events in (POST /webhooks/:provider, routes.ts). The adapter's reader verifies the
 * delivery with the provider's own signature scheme and reads it into ProviderEvents; each event
 * is stored in `provider_events` (provider, event id) and applied only when newly stored, in the
 * same transaction as its effect: a redelivery or a replay changes nothing.
 *
 *   payment.succeeded / payment.failed  settle a renewal charge (by provider reference) through the
 *                                        lifecycle, or the first payment of a purchase awaiting its
 *                                        money (a direct debit): ACTIVE, or EXPIRED
 *   payment.refunded                    a payment given back whole (Stripe's charge.refunded, GoCardless's
 *                                        refunds paid once the payment's amount_refunded is all of it):
 *                                        FOYER_ON_REFUND=expire (default) ends the subscription
 *   payment.disputed                    FOYER_ON_DISPUTE=suspend (default) ends the access
 *   mandate.cancelled                   the mandate is forgotten: the next renewal fails (PAST_DUE)
 *                                        and the visitor pays with a new method
 *   checkout.completed                  stored only here: the route then settles version 1's hosted
 *                                        checkout from what the provider says of it (routes.ts)
 */
import type { Db } from '../db';
import type { PaymentProviders, ProviderEvent, WebhookReader } from '../widget/providers/types';
import { recordEvent } from './events';
import {
  expire,
  firstPaymentSettled,
  loadSubscription,
  settleCharge,
  subscriptionsOfPayment,
  type ExpiryReason,
} from './lifecycle';
import type { OwnerPolicy } from './policy';

/** The webhook paths and the provider names the payments and charges record. */
export const WEBHOOK_PROVIDERS = { stripe: 'STRIPE', mercadopago: 'MERCADO', gocardless: 'GOCARDLESS' } as const;
export type WebhookProvider = keyof typeof WEBHOOK_PROVIDERS;

export function isWebhookProvider(name: string): name is WebhookProvider {
  return Object.hasOwn(WEBHOOK_PROVIDERS, name);
}

/** The configured adapter's reader for a webhook path, or null (that provider is not in use here). */
export function webhookReaderOf(
  providers: PaymentProviders,
  path: WebhookProvider,
  overrides: Partial<Record<WebhookProvider, WebhookReader>> = {},
): WebhookReader | null {
  const override = overrides[path];
  if (override) return override;
  const name = WEBHOOK_PROVIDERS[path];
  if (name === 'GOCARDLESS') return providers.directDebit?.webhooks ?? null;
  return providers.card?.name === name ? (providers.card.webhooks ?? null) : null;
}

const LIVE = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED'] as const;

/** Applies each event not seen before; answers how many were new. */
export async function applyProviderEvents(
  db: Db,
  path: WebhookProvider,
  events: readonly ProviderEvent[],
  policy: OwnerPolicy,
  now: number,
): Promise<number> {
  const provider = WEBHOOK_PROVIDERS[path];
  let applied = 0;
  for (const event of events) {
    const fresh = await db.transaction(async (tx) => {
      const stored = await tx.query(
        `INSERT INTO provider_events (provider, event_id, type, reference, received_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [provider, event.id, event.type, event.reference, now],
      );
      if (!stored.length) return false;
      await applyEvent(tx, provider, event, policy, now);
      return true;
    });
    if (fresh) applied += 1;
  }
  return applied;
}

async function applyEvent(tx: Db, provider: string, event: ProviderEvent, policy: OwnerPolicy, now: number) {
  if (event.type === 'checkout.completed') return;
  if (event.type === 'mandate.cancelled') {
    await tx.query(
      `UPDATE subscriptions SET payment_method = NULL
        WHERE payment_provider = 'GOCARDLESS' AND payment_method->>'mandateId' = $1`,
      [event.reference],
    );
    return;
  }
  const charges = await tx.query<{ id: string; subscription_id: string }>(
    'SELECT id, subscription_id FROM renewal_charges WHERE provider = $1 AND provider_reference = $2',
    [provider, event.reference],
  );
  const payments = charges.length
    ? []
    : await tx.query<{ id: string; order_id: string; guid: string; service_name: string | null }>(
        `SELECT p.id, p.order_id, o.guid, o.service_name FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.provider = $1 AND p.provider_reference = $2 AND p.status = 'SUCCEEDED'`,
        [provider, event.reference],
      );
  const charge = charges[0];
  const payment = payments[0];
  if (event.type === 'payment.succeeded' || event.type === 'payment.failed') {
    const outcome =
      event.type === 'payment.succeeded'
        ? ({ status: 'succeeded', reference: event.reference } as const)
        : ({ status: 'failed', code: event.code ?? 'payment_fail' } as const);
    if (charge) await settleCharge(tx, charge.id, outcome, now);
    else if (payment) await firstPaymentSettled(tx, payment, event.type === 'payment.succeeded', event.reference, now);
    return;
  }
  if (charge || payment) await refundedOrDisputed(tx, event, charge ?? null, payment ?? null, policy, now);
}

/** What a refund or a dispute is about: a renewal charge, or the first payment of an order. */
export type PaidFor =
  | { charge: { id: string; subscription_id: string }; payment: null }
  | { charge: null; payment: { id: string; order_id: string; guid: string; service_name: string | null } };

/**
 * A refund or a dispute of a renewal charge or of a first payment: a refund goes through
 * `refundedWhole`; a dispute ends the access when the owner's policy says so (FOYER_ON_DISPUTE).
 */
async function refundedOrDisputed(
  tx: Db,
  event: ProviderEvent,
  charge: { id: string; subscription_id: string } | null,
  payment: { id: string; order_id: string; guid: string; service_name: string | null } | null,
  policy: OwnerPolicy,
  now: number,
): Promise<void> {
  const paidFor: PaidFor = charge ? { charge, payment: null } : { charge: null, payment: payment! };
  if (event.type === 'payment.refunded') {
    await refundedWhole(tx, paidFor, event.reference, policy, now);
    return;
  }
  if (policy.onDispute === 'suspend') await endWhatItPaidFor(tx, paidFor, 'disputed', now);
}

/**
 * A payment given back whole — by the provider's refund event or the console's refund (issue 28),
 * whichever comes first; the other finds it done and changes nothing: the refund is recorded (the
 * site's `payment.refunded`), then FOYER_ON_REFUND says whether what it paid for ends. Answers
 * whether it was applied now.
 */
export async function refundedWhole(
  tx: Db,
  paidFor: PaidFor,
  reference: string,
  policy: OwnerPolicy,
  now: number,
): Promise<boolean> {
  const first = paidFor.charge
    ? await tx.query(
        `UPDATE renewal_charges SET status = 'REFUNDED', updated_at = $2 WHERE id = $1 AND status <> 'REFUNDED' RETURNING id`,
        [paidFor.charge.id, now],
      )
    : await tx.query(`UPDATE payments SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL RETURNING id`, [
        paidFor.payment.id,
        now,
      ]);
  if (!first.length) return false;
  const sub = paidFor.charge ? await loadSubscription(tx, paidFor.charge.subscription_id, true) : null;
  if (paidFor.charge && !sub) return true;
  const owner = sub
    ? { guid: sub.guid, serviceName: sub.service_name }
    : { guid: paidFor.payment!.guid, serviceName: paidFor.payment!.service_name };
  const about = sub ? { subscriptionId: sub.id } : { orderId: paidFor.payment!.order_id };
  await recordEvent(tx, owner, { type: 'payment.refunded', ...about, reference }, now);
  if (policy.onRefund === 'expire') await endWhatItPaidFor(tx, paidFor, 'refunded', now);
  return true;
}

/** Ends what a payment paid for: the subscription a renewal renewed, or everything the first payment bought. */
async function endWhatItPaidFor(tx: Db, paidFor: PaidFor, reason: ExpiryReason, now: number): Promise<void> {
  if (paidFor.charge) {
    const sub = await loadSubscription(tx, paidFor.charge.subscription_id, true);
    if (sub) await expire(tx, sub, LIVE, reason, now);
    return;
  }
  for (const ended of await subscriptionsOfPayment(tx, paidFor.payment.id)) await expire(tx, ended, LIVE, reason, now);
  // One-off purchases of the payment end too (the paywall reads their ACTIVE status).
  await tx.query(
    `UPDATE purchases SET status = 'EXPIRED' WHERE payment_id = $1 AND status IN ('ACTIVE', 'ACTIVE_PENDING')`,
    [paidFor.payment.id],
  );
}
