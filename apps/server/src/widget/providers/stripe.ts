/**
 * Stripe (provider name STRIPE) through the PaymentIntents API
 * (https://docs.stripe.com/api/payment_intents): the frame's Stripe Elements create a
 * PaymentMethod (`pm_…`), the server creates and confirms a PaymentIntent for the order's amount
 * with it. `requires_action` (3-D Secure) goes back to the frame with the client secret; after the
 * challenge the frame submits again and the intent is read back. Amounts are the currency's minor
 * units, which is what Stripe expects (zero-decimal currencies such as JPY are whole units).
 */
import { providerRequest, type ProviderResponse } from './http';
import { ProviderUnavailable, type CardProvider, type ChargeOutcome } from './types';

export interface StripeOptions {
  /** https://api.stripe.com, or a stand-in. */
  apiUrl: string;
  secretKey: string;
  publishableKey?: string | undefined;
}

function outcome(response: ProviderResponse): ChargeOutcome {
  const { body } = response;
  // Another request with this idempotency key is still running at Stripe: no answer yet.
  if (response.status === 409) throw new ProviderUnavailable('Stripe: idempotency key in use');
  if (response.status >= 400) {
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
    return {
      status: 'failed',
      code: typeof error.code === 'string' ? error.code : 'payment_fail',
      ...(typeof error.message === 'string' ? { message: error.message } : {}),
    };
  }
  const id = body.id;
  if (typeof id !== 'string') throw new ProviderUnavailable('Stripe answered without a PaymentIntent id');
  switch (body.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: id };
    case 'requires_action':
      if (typeof body.client_secret !== 'string') throw new ProviderUnavailable('requires_action without secret');
      return { status: 'requires_action', reference: id, clientSecret: body.client_secret };
    default: {
      // requires_payment_method after a failed challenge, canceled …: the card did not pay.
      const last = (body.last_payment_error ?? {}) as { code?: unknown; message?: unknown };
      return {
        status: 'failed',
        code: typeof last.code === 'string' ? last.code : 'payment_fail',
        ...(typeof last.message === 'string' ? { message: last.message } : {}),
      };
    }
  }
}

export function stripeProvider(options: StripeOptions): CardProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${options.secretKey}`,
    'content-type': 'application/x-www-form-urlencoded',
    ...extra,
  });
  return {
    name: 'STRIPE',
    publishableKey: options.publishableKey,

    // Issue 25 contract commit: implemented by the recurring-billing change that follows.
    async chargeSaved() {
      throw new ProviderUnavailable('Stripe: renewals not implemented yet');
    },
    async lookupRenewal() {
      throw new ProviderUnavailable('Stripe: renewals not implemented yet');
    },
    async charge(input) {
      const form = new URLSearchParams({
        amount: String(input.amountMinor),
        currency: input.currency.toLowerCase(),
        payment_method: input.token,
        confirm: 'true',
        'payment_method_types[]': 'card',
        description: input.description,
        'metadata[order_id]': input.orderId,
        'metadata[payment_id]': input.paymentId,
        // What `lookup` searches for when the answer to this call was lost.
        'metadata[attempt_key]': input.idempotencyKey,
      });
      const response = await providerRequest(`${base}/v1/payment_intents`, {
        method: 'POST',
        // Stripe replays the first answer for a repeated key: a retry after a timeout cannot charge twice.
        headers: headers({ 'idempotency-key': input.idempotencyKey }),
        body: form.toString(),
      });
      return outcome(response);
    },
    async confirm(reference) {
      const response = await providerRequest(`${base}/v1/payment_intents/${encodeURIComponent(reference)}`, {
        method: 'GET',
        headers: headers(),
      });
      return outcome(response);
    },
    async lookup(attempt) {
      // Search (https://docs.stripe.com/api/payment_intents/search) by the metadata `charge` set.
      const query = `metadata['order_id']:'${attempt.orderId.replace(/'/g, "\\'")}'`;
      const response = await providerRequest(
        `${base}/v1/payment_intents/search?${new URLSearchParams({ query, limit: '100' }).toString()}`,
        { method: 'GET', headers: headers() },
      );
      if (response.status >= 400 || !Array.isArray(response.body.data)) {
        throw new ProviderUnavailable(`Stripe search answered ${response.status}`);
      }
      const intents = response.body.data as Record<string, unknown>[];
      const metadataOf = (intent: Record<string, unknown>) => (intent.metadata ?? {}) as Record<string, unknown>;
      const found =
        intents.find((intent) => intent.status === 'succeeded') ??
        intents.find((intent) => metadataOf(intent).attempt_key === attempt.idempotencyKey);
      return found ? outcome({ status: 200, body: found }) : null;
    },
  };
}
