/**
 * Stripe (provider name STRIPE) through its official SDK (`stripe`) and the PaymentIntents API
 * (https://docs.stripe.com/api/payment_intents): the frame's Stripe Elements create a
 * PaymentMethod (`pm_…`), the server creates and confirms a PaymentIntent for the order's amount
 * with it. `requires_action` (3-D Secure) goes back to the frame with the client secret; after the
 * challenge the frame submits again and the intent is read back. Amounts are the currency's minor
 * units, which is what Stripe expects (zero-decimal currencies such as JPY are whole units).
 *
 * Renewals: a Customer and the PaymentMethod saved on it (`setup_future_usage: 'off_session'` on
 * the first, on-session payment), charged off session at each renewal (`off_session: true,
 * confirm: true`) — not Stripe Billing. The server owns one subscription lifecycle for every
 * provider (periods, grace, retries, expiry, mails); with Billing, Stripe would own the schedule,
 * retries and dunning of Stripe subscriptions only, and the two would have to be kept in step.
 *
 * Exactly once (https://docs.stripe.com/api/idempotent_requests): every creating call carries an
 * Idempotency-Key and a body derived only from that key's own stable data (the order or the
 * renewal, never a per-attempt id), so a retry sends exactly the same request and Stripe replays
 * its first answer. What cannot tell whether money moved — a lost answer, a 5xx, a 409, Stripe's
 * `idempotency_error` (the key met other parameters) — throws ProviderUnavailable (unknown), never
 * a refusal: a refusal would give the next attempt a new key, and a second charge.
 */
import Stripe from 'stripe';
import {
  ProviderUnavailable,
  WebhookRefused,
  type CardProvider,
  type ChargeOutcome,
  type HostedCheckout,
  type ProviderEvent,
  type WebhookReader,
} from './types';

export interface StripeOptions {
  /** https://api.stripe.com, or a stand-in. */
  apiUrl: string;
  secretKey: string;
  publishableKey?: string | undefined;
  /** The webhook endpoint's signing secret (whsec_…); without it no webhooks are read. */
  webhookSecret?: string | undefined;
  /** The app clock (epoch ms): the test clock in demos and tests. */
  now?: (() => number) | undefined;
  /** How long one call may take before its answer counts as lost (default 20 s, see STALE_ATTEMPT_MS). */
  timeoutMs?: number | undefined;
  /** How long a search miss stays "not indexed yet" rather than "none" (default SEARCH_SETTLED_MS). */
  searchSettledMs?: number | undefined;
}

/**
 * Search is "usually searchable in less than a minute; during outages propagation can be up to an
 * hour behind" (https://docs.stripe.com/search#data-freshness). A renewal charge missing from
 * search is therefore unknown for an hour, and only then surely absent.
 */
export const SEARCH_SETTLED_MS = 60 * 60_000;

type Intent = Stripe.PaymentIntent;

/** Refuses with the provider's code; `failed` is only ever answered when Stripe surely took no money. */
function refused(code: string | null | undefined, message?: string | null): ChargeOutcome {
  return { status: 'failed', code: code || 'payment_fail', ...(message ? { message } : {}) };
}

function outcome(intent: Intent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded': {
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      // Kept for renewals: the PaymentMethod is now the customer's (setup_future_usage).
      const saved =
        intent.setup_future_usage === 'off_session' && customer && method
          ? { saved: { provider: 'STRIPE' as const, customer, paymentMethod: method } }
          : {};
      return { status: 'succeeded', reference: intent.id, ...saved };
    }
    case 'requires_action':
      if (!intent.client_secret) throw new ProviderUnavailable('Stripe: requires_action without a client secret');
      return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret };
    case 'processing':
      // Card payments settle in seconds; until then nothing is known.
      throw new ProviderUnavailable(`Stripe: ${intent.id} is still processing`);
    default:
      // requires_payment_method after a decline or a failed challenge, canceled …: the card did not pay.
      return refused(intent.last_payment_error?.code, intent.last_payment_error?.message);
  }
}

/** A Stripe error as an outcome: a refusal only when Stripe surely took no money, else unknown. */
function fromError(error: unknown): ChargeOutcome {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error instanceof Stripe.errors.StripeCardError) {
    // Off session, a card that needs 3-D Secure: the intent waits for the visitor (a mailed link),
    // who confirms it on session with the same card (requires_payment_method) or answers its
    // challenge (requires_action).
    const intent = error.payment_intent;
    if (
      error.code === 'authentication_required' &&
      (intent?.status === 'requires_action' || intent?.status === 'requires_payment_method') &&
      intent.client_secret
    ) {
      return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret };
    }
    return refused(error.code, error.message);
  }
  if (
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error.statusCode === undefined ||
    error.statusCode === 409 ||
    error.statusCode >= 500
  ) {
    throw new ProviderUnavailable(`Stripe: ${error.rawType ?? error.type}: ${error.message}`);
  }
  // Invalid request, authentication, permission: refused before anything was charged.
  return refused(error.code, error.message);
}

async function ask(run: () => Promise<Intent>): Promise<ChargeOutcome> {
  let intent: Intent;
  try {
    intent = await run();
  } catch (error) {
    return fromError(error);
  }
  return outcome(intent);
}

/** Search quotes values in single quotes; a quote or backslash inside is escaped. */
function quoted(value: string): string {
  return `'${value.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

/** Stripe's events in the server's terms (others are not ours to act on). */
function providerEvent(event: Stripe.Event): ProviderEvent | null {
  const id = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { id, type: 'payment.succeeded', reference: event.data.object.id };
    case 'payment_intent.payment_failed':
      return {
        id,
        type: 'payment.failed',
        reference: event.data.object.id,
        code: event.data.object.last_payment_error?.code ?? undefined,
      };
    case 'charge.refunded': {
      // Sent for every refund, partial ones too: only a charge refunded whole ends what it paid for.
      if (!event.data.object.refunded) return null;
      const intent = event.data.object.payment_intent;
      const reference = typeof intent === 'string' ? intent : intent?.id;
      return reference ? { id, type: 'payment.refunded', reference } : null;
    }
    // Version 1's hosted checkout paid (a card at once, or a delayed method later): recorded now,
    // whether or not the visitor comes back (https://docs.stripe.com/checkout/fulfillment).
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return event.data.object.payment_status === 'paid'
        ? { id, type: 'checkout.completed', reference: event.data.object.id }
        : null;
    case 'charge.dispute.created': {
      const intent = event.data.object.payment_intent;
      const reference = typeof intent === 'string' ? intent : intent?.id;
      return reference ? { id, type: 'payment.disputed', reference } : null;
    }
    default:
      return null;
  }
}

export function stripeProvider(options: StripeOptions): CardProvider {
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const now = options.now ?? Date.now;
  const settledAfter = options.searchSettledMs ?? SEARCH_SETTLED_MS;
  const stripe = new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // No retries inside the SDK: a lost answer is the server's to reconcile (lookup, then the same
    // request under the same key), and the call's duration stays within STALE_ATTEMPT_MS.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 20_000,
  });

  const search = async (clause: string): Promise<Intent[]> => {
    try {
      const found = await stripe.paymentIntents.search({ query: clause, limit: 100 });
      return found.data;
    } catch (error) {
      throw new ProviderUnavailable(`Stripe search: ${String(error)}`);
    }
  };

  const webhooks: WebhookReader | undefined = options.webhookSecret
    ? {
        async read(rawBody, headers) {
          let event: Stripe.Event;
          try {
            // The signature's age is measured on the app clock, which the stand-ins sign with.
            event = stripe.webhooks.constructEvent(
              rawBody,
              headers['stripe-signature'] ?? '',
              options.webhookSecret!,
              undefined,
              undefined,
              now(),
            );
          } catch (error) {
            throw new WebhookRefused(`Stripe webhook: ${error instanceof Error ? error.message : String(error)}`);
          }
          const read = providerEvent(event);
          return read ? [read] : [];
        },
      }
    : undefined;

  /**
   * Version 1's card payments on Stripe Checkout (https://docs.stripe.com/api/checkout/sessions):
   * the card is typed on Stripe's page, never on ours; a recurring plan's card is kept for the
   * renewals as with the PaymentIntents above (a customer and `setup_future_usage`).
   */
  const hostedCheckout: HostedCheckout = {
    async start(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountMinor,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.orderId,
            metadata: { order_id: input.orderId, attempt_key: input.idempotencyKey },
            ...(input.saveForRenewals
              ? {
                  customer_creation: 'always' as const,
                  payment_intent_data: { setup_future_usage: 'off_session' as const },
                }
              : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new ProviderUnavailable('Stripe Checkout answered without a page');
        return { url: session.url, reference: session.id };
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw error;
        throw new ProviderUnavailable(`Stripe Checkout: ${String(error)}`);
      }
    },
    async result(reference) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(reference, { expand: ['payment_intent'] });
      } catch (error) {
        throw new ProviderUnavailable(`Stripe Checkout: ${String(error)}`);
      }
      const intent = session.payment_intent;
      if (session.payment_status === 'paid' && intent && typeof intent !== 'string') return outcome(intent);
      if (session.status === 'expired') return refused('expired', 'The payment page expired.');
      return { status: 'requires_action', reference, clientSecret: '' };
    },
    async cancel(reference) {
      try {
        // An expired session can no longer be paid (https://docs.stripe.com/api/checkout/sessions/expire).
        await stripe.checkout.sessions.expire(reference);
        return refused('cancelled');
      } catch {
        // Refused: it is complete (paid meanwhile) or already expired; read which.
        return hostedCheckout.result(reference);
      }
    },
  };

  return {
    name: 'STRIPE',
    publishableKey: options.publishableKey,
    webhooks,
    hostedCheckout,

    async charge(input) {
      const key = input.idempotencyKey;
      let customer: string | undefined;
      if (input.saveForRenewals) {
        // Its own key derived from the attempt's: a retry finds the same customer.
        try {
          const created = await stripe.customers.create(
            { ...(input.payerEmail ? { email: input.payerEmail } : {}), metadata: { order_id: input.orderId } },
            { idempotencyKey: `${key}:customer` },
          );
          customer = created.id;
        } catch (error) {
          return fromError(error);
        }
      }
      // Only the order's stable data and the key: a retry of this attempt is the same request.
      return ask(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            payment_method: input.token,
            confirm: true,
            // Cards only: the frame's Elements make card PaymentMethods, and no redirect (return_url) is needed.
            allowed_payment_method_types: ['card'],
            description: input.description,
            // `attempt_key` is what `lookup` matches when the answer to this call was lost.
            metadata: { order_id: input.orderId, attempt_key: key },
            ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: key },
        ),
      );
    },

    async confirm(reference) {
      return ask(() => stripe.paymentIntents.retrieve(reference));
    },

    async abandon(reference) {
      try {
        // https://docs.stripe.com/api/payment_intents/cancel: refused once it succeeded or is processing.
        await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' });
        return refused('authentication_abandoned', 'The bank’s challenge was not answered in time.');
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
          throw new ProviderUnavailable(`Stripe cancel: ${error instanceof Error ? error.message : String(error)}`);
        // Not cancellable: read what it became (paid meanwhile, or already cancelled).
        const read = await ask(() => stripe.paymentIntents.retrieve(reference));
        if (read.status === 'requires_action')
          throw new ProviderUnavailable(`Stripe: ${reference} cannot be cancelled`);
        return read;
      }
    },

    async lookup(attempt) {
      // Search (https://docs.stripe.com/api/payment_intents/search) by the metadata `charge` set.
      // A miss may be the index lagging; the caller then sends the same request under the same
      // key, which Stripe replays should the first one have charged.
      const intents = await search(`metadata['order_id']:${quoted(attempt.orderId)}`);
      const found =
        intents.find((intent) => intent.status === 'succeeded') ??
        intents.find((intent) => intent.metadata.attempt_key === attempt.idempotencyKey);
      return found ? outcome(found) : null;
    },

    async chargeSaved(input) {
      const saved = input.saved;
      if (saved.provider !== 'STRIPE') throw new Error(`Stripe cannot charge a ${saved.provider} payment method`);
      // Derived from the renewal only (never the time or the attempt row): a retry is byte for byte the same.
      return ask(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: saved.customer,
            payment_method: saved.paymentMethod,
            off_session: true,
            confirm: true,
            allowed_payment_method_types: ['card'],
            description: input.description,
            metadata: { subscription_id: input.subscriptionId, renewal_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.reference,
            amount: input.amountMinor,
            metadata: { refund_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'succeeded') return { status: 'succeeded', reference: refund.id };
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { status: 'failed', code: refund.failure_reason ?? 'refund_failed' };
        return { status: 'pending', reference: refund.id };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.statusCode === 400 &&
          error.type !== 'idempotency_error'
        )
          return { status: 'failed', code: error.code ?? 'refund_refused', message: error.message };
        // Lost, in progress or ambiguous: the same key asks again later, and Stripe answers the first refund.
        throw new ProviderUnavailable(`Stripe refund: ${error.rawType ?? error.type}: ${error.message}`);
      }
    },

    async lookupRenewal(input) {
      const intents = await search(`metadata['renewal_key']:${quoted(input.idempotencyKey)}`);
      const found = intents.find((intent) => intent.status === 'succeeded') ?? intents[0];
      if (found) return outcome(found);
      // Not in the index yet is not "none": only once the index has surely caught up.
      if (now() - input.createdAt < settledAfter) {
        throw new ProviderUnavailable(`Stripe search: ${input.idempotencyKey} not found yet (search lags)`);
      }
      return null;
    },
  };
}
