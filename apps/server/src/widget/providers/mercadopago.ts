/**
 * Mercado Pago (provider name MERCADO) through its official SDK (`mercadopago`) and the Payments
 * API (https://www.mercadopago.com/developers/en/reference/payments/_payments/post): the frame's
 * card fields create a card token, the server creates a payment with the order's amount, the card
 * type detected from the BIN and the payer. Mercado Pago takes `transaction_amount` in major
 * units: it is the number of the exact decimal string of the minor units (fromMinorUnits), never
 * computed in floats. approved succeeds; in_process / pending succeed unsettled (ACTIVE_PENDING);
 * rejected fails with its status_detail (cc_rejected_bad_filled_security_code …).
 *
 * Renewals follow Mercado Pago's saved-card flow
 * (https://www.mercadopago.com/developers/en/docs/checkout-api/customer-management): after an
 * approved first payment of a recurring plan the card is saved on a customer of the payer's
 * e-mail (Customer, CustomerCard); each renewal makes a card token from the saved card
 * (CardToken with card_id) and a payment with it for the customer (payer type `customer`).
 *
 * Every creating call carries an X-Idempotency-Key derived from the attempt's (or renewal's) key,
 * and a body derived from that key's stable data only, so a retry is the same request.
 */
import { fromMinorUnits } from '@foyer/api';
import {
  CardToken,
  Customer,
  CustomerCard,
  MPAuthenticationError,
  MPBadRequestError,
  MPForbiddenError,
  MPNotFoundError,
  MPPaymentError,
  MPValidationError,
  MercadoPagoConfig,
  Payment,
  PaymentRefund,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  ProviderUnavailable,
  WebhookRefused,
  type CardProvider,
  type ChargeOutcome,
  type HostedCheckout,
  type ProviderEvent,
  type SavedPaymentMethod,
  type WebhookReader,
} from './types';

export interface MercadoPagoOptions {
  /** https://api.mercadopago.com, or a stand-in. */
  apiUrl: string;
  accessToken: string;
  publicKey?: string | undefined;
  /** The secret signature of the application's webhooks; without it no webhooks are read. */
  webhookSecret?: string | undefined;
  /** The app clock (epoch ms): the test clock in demos and tests. */
  now?: (() => number) | undefined;
  /** How long one call may take before its answer counts as lost (default 20 s, see STALE_ATTEMPT_MS). */
  timeoutMs?: number | undefined;
}

/**
 * Mercado Pago does not document how soon a new payment appears in search; a renewal missing
 * from it stays unknown this long (as Stripe's worst case) before it is surely absent.
 */
export const MERCADO_SEARCH_SETTLED_MS = 60 * 60_000;
/** A webhook signed longer ago than this is refused (a replayed capture). */
const WEBHOOK_TOLERANCE_S = 300;

interface PaymentLike {
  id?: number | string | undefined;
  status?: string | undefined;
  status_detail?: string | undefined;
  metadata?: unknown;
  external_reference?: string | undefined;
}

function outcome(payment: PaymentLike): ChargeOutcome {
  const id = payment.id;
  if (typeof id !== 'number' && typeof id !== 'string') throw new ProviderUnavailable('Mercado Pago answered no id');
  const reference = String(id);
  if (payment.status === 'approved') return { status: 'succeeded', reference };
  if (payment.status === 'in_process' || payment.status === 'pending')
    return { status: 'succeeded', reference, settled: false };
  return { status: 'failed', code: payment.status_detail || 'payment_fail' };
}

/** A refusal (4xx) as an outcome; anything else leaves the payment unknown. */
function fromError(error: unknown): ChargeOutcome {
  if (
    error instanceof MPBadRequestError ||
    error instanceof MPValidationError ||
    error instanceof MPPaymentError ||
    error instanceof MPAuthenticationError ||
    error instanceof MPForbiddenError ||
    error instanceof MPNotFoundError
  ) {
    const cause = error.causes[0] as { code?: unknown } | undefined;
    return {
      status: 'failed',
      code: cause?.code !== undefined ? `mercado_${String(cause.code)}` : 'payment_fail',
      ...(error.message ? { message: error.message } : {}),
    };
  }
  // Connection, timeout, 5xx, 429, idempotency conflicts, malformed answers: we cannot tell.
  throw new ProviderUnavailable(`Mercado Pago: ${error instanceof Error ? error.message : String(error)}`);
}

function metadataOf(payment: PaymentLike): Record<string, unknown> {
  return (payment.metadata ?? {}) as Record<string, unknown>;
}

/** Mercado Pago's payment statuses in the server's terms (https://www.mercadopago.com/developers/en/reference/payments/_payments_id/get). */
function eventOf(payment: PaymentLike): ProviderEvent | null {
  if (payment.id === undefined) return null;
  const reference = String(payment.id);
  const id = `payment:${reference}:${payment.status ?? ''}`;
  switch (payment.status) {
    case 'approved':
      return { id, type: 'payment.succeeded', reference };
    case 'rejected':
    case 'cancelled':
      return { id, type: 'payment.failed', reference, code: payment.status_detail };
    case 'refunded':
      return { id, type: 'payment.refunded', reference };
    case 'charged_back':
    case 'in_mediation':
      return { id, type: 'payment.disputed', reference };
    default:
      return null;
  }
}

type PreferenceUpdate = Parameters<Preference['update']>[0];

export function mercadoPagoProvider(options: MercadoPagoOptions): CardProvider {
  // The SDK has one base URL for the whole process (no per-client host): this server talks to one
  // Mercado Pago, live or a stand-in.
  (AppConfig as { BASE_URL: string }).BASE_URL = options.apiUrl.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const timeout = options.timeoutMs ?? 20_000;
  // A fresh config per call: the SDK merges each call's requestOptions (its idempotency key
  // included) into the config it was given, so a shared one would hand a key to the next call.
  const config = () => new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout, maxRetries: 0 } });
  const keyed = (idempotencyKey: string) => ({ idempotencyKey, timeout, maxRetries: 0 });

  const ask = async (run: () => Promise<PaymentLike>): Promise<ChargeOutcome> => {
    let payment: PaymentLike;
    try {
      payment = await run();
    } catch (error) {
      return fromError(error);
    }
    return outcome(payment);
  };

  const search = async (query: Record<string, string>): Promise<PaymentLike[]> => {
    try {
      const found = await new Payment(config()).search({ options: { ...query, sort: 'date_created' } });
      return (found.results ?? []) as PaymentLike[];
    } catch (error) {
      throw new ProviderUnavailable(`Mercado Pago search: ${String(error)}`);
    }
  };

  /**
   * Keeps the card of an approved first payment: the payer's customer (found by e-mail, else
   * created) and the card saved on it from the payment's token. A card that cannot be saved does
   * not undo the payment: the answer then has no `saved`, and the renewal asks the visitor.
   */
  const saveCard = async (key: string, token: string, email: string, paymentMethodId?: string) => {
    try {
      const found = await new Customer(config()).search({ options: { email } });
      const customerId =
        found.results?.[0]?.id ??
        (await new Customer(config()).create({ body: { email }, requestOptions: keyed(`${key}:customer`) })).id;
      if (!customerId) return undefined;
      const card = await new CustomerCard(config()).create({
        customerId,
        body: { token },
        requestOptions: keyed(`${key}:card`),
      });
      if (!card.id) return undefined;
      const saved: SavedPaymentMethod = {
        provider: 'MERCADOPAGO',
        customer: customerId,
        cardId: card.id,
        ...(paymentMethodId ? { paymentMethodId } : {}),
      };
      return saved;
    } catch {
      return undefined;
    }
  };

  const webhooks: WebhookReader | undefined = options.webhookSecret
    ? {
        async read(rawBody, headers) {
          let notification: { type?: unknown; data?: { id?: unknown } };
          try {
            notification = JSON.parse(rawBody) as typeof notification;
          } catch {
            throw new WebhookRefused('Mercado Pago webhook: not JSON');
          }
          const dataId = notification.data?.id;
          try {
            // x-signature: ts and v1 = HMAC-SHA256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;".
            WebhookSignatureValidator.validate({
              xSignature: headers['x-signature'],
              xRequestId: headers['x-request-id'],
              // Mercado Pago signs an alphanumeric data.id in lower case.
              dataId: dataId === undefined || dataId === null ? undefined : String(dataId).toLowerCase(),
              secret: options.webhookSecret!,
              toleranceSeconds: WEBHOOK_TOLERANCE_S,
              now,
            });
          } catch {
            throw new WebhookRefused('Mercado Pago webhook: the signature does not verify');
          }
          if (notification.type !== 'payment' || dataId === undefined || dataId === null) return [];
          // The notification names the payment only: its state is read from Mercado Pago.
          let payment: PaymentLike;
          try {
            payment = await new Payment(config()).get({ id: String(dataId) });
          } catch (error) {
            throw new ProviderUnavailable(`Mercado Pago payment ${String(dataId)}: ${String(error)}`);
          }
          const event = eventOf(payment);
          if (!event) return [];
          // A payment made on a Checkout Pro page (version 1): its preference's external reference
          // is the attempt's key, by which the server finds the transaction to settle. (A payment
          // made in the frame carries its order id there, as its metadata does: nothing more to tell.)
          const { external_reference: external } = payment;
          if (payment.status === 'approved' && external && external !== metadataOf(payment).order_id)
            return [event, { id: `${event.id}:checkout`, type: 'checkout.completed', reference: external }];
          return [event];
        },
      }
    : undefined;

  /**
   * Version 1's card payments on Checkout Pro (https://www.mercadopago.com/developers/en/docs/checkout-pro):
   * the card is typed on Mercado Pago's page, never on ours. One preference per transaction (the
   * same key answers the same one); its `external_reference` is the attempt's key, by which the
   * payment made on the page is found, since Mercado Pago's return alone proves nothing. Checkout
   * Pro keeps no card for later: a recurring plan's renewal asks the visitor (the payment-failed
   * mail leads to Update payment, which takes a card in the frame).
   */
  const hostedCheckout: HostedCheckout = {
    async start(input) {
      let preference: { id?: string | undefined; init_point?: string | undefined };
      try {
        preference = await new Preference(config()).create({
          body: {
            items: [
              {
                id: input.orderId,
                title: input.description,
                quantity: 1,
                unit_price: Number(fromMinorUnits(input.amountMinor, input.currency)),
                currency_id: input.currency,
              },
            ],
            external_reference: input.idempotencyKey,
            back_urls: { success: input.successUrl, pending: input.successUrl, failure: input.cancelUrl },
            auto_return: 'approved',
            metadata: { order_id: input.orderId, attempt_key: input.idempotencyKey },
          },
          requestOptions: keyed(input.idempotencyKey),
        });
      } catch (error) {
        throw new ProviderUnavailable(`Mercado Pago Checkout Pro: ${String(error)}`);
      }
      if (!preference.id || !preference.init_point)
        throw new ProviderUnavailable('Mercado Pago Checkout Pro answered without a page');
      return { url: preference.init_point, reference: preference.id };
    },
    async result(reference) {
      let preference: { external_reference?: string | undefined; expires?: boolean | undefined };
      let expiresAt: string | undefined;
      try {
        const found = await new Preference(config()).get({ preferenceId: reference });
        preference = found;
        expiresAt = found.expiration_date_to;
      } catch (error) {
        throw new ProviderUnavailable(`Mercado Pago Checkout Pro: ${String(error)}`);
      }
      if (!preference.external_reference) throw new ProviderUnavailable('Mercado Pago preference without reference');
      const payments = await search({ external_reference: preference.external_reference });
      const approved = payments.find((payment) => payment.status === 'approved');
      if (approved) return outcome(approved);
      // Closed (cancelled, or run out) with nothing approved: it can no longer be paid.
      if (preference.expires && expiresAt && Date.parse(expiresAt) <= now())
        return { status: 'failed', code: 'expired', message: 'The payment page expired.' };
      // Still open, or a payment in review: nothing is taken yet.
      return { status: 'requires_action', reference, clientSecret: '' };
    },
    async cancel(reference) {
      try {
        // Closes the page now (https://www.mercadopago.com/developers/en/reference/preferences/_checkout_preferences_id/put).
        await new Preference(config()).update({
          id: reference,
          // The PUT changes the fields it is sent; the SDK's type asks for the items nonetheless.
          updatePreferenceRequest: {
            expires: true,
            expiration_date_to: new Date(now()).toISOString(),
          } as PreferenceUpdate['updatePreferenceRequest'],
        });
      } catch (error) {
        throw new ProviderUnavailable(`Mercado Pago Checkout Pro: ${String(error)}`);
      }
      // Paid just before it closed: that payment counts.
      const after = await hostedCheckout.result(reference);
      return after.status === 'succeeded' ? after : { status: 'failed', code: 'cancelled' };
    },
  };

  return {
    name: 'MERCADO',
    publishableKey: options.publicKey,
    webhooks,
    hostedCheckout,

    async charge(input) {
      const outcomeOf = await ask(() =>
        new Payment(config()).create({
          body: {
            // The exact decimal string as a number (e.g. "95.250" -> 95.25).
            transaction_amount: Number(fromMinorUnits(input.amountMinor, input.currency)),
            token: input.token,
            description: input.description,
            installments: 1,
            ...(input.paymentMethodId ? { payment_method_id: input.paymentMethodId } : {}),
            external_reference: input.orderId,
            payer: {
              ...(input.payerEmail ? { email: input.payerEmail } : {}),
              ...(input.payerIdentification ? { identification: input.payerIdentification } : {}),
            },
            // `attempt_key` is what `lookup` matches when the answer to this call was lost.
            metadata: { order_id: input.orderId, currency: input.currency, attempt_key: input.idempotencyKey },
          },
          requestOptions: keyed(input.idempotencyKey),
        }),
      );
      // Only an approved payment's card is kept: one still in review may yet be rejected.
      if (outcomeOf.status !== 'succeeded' || outcomeOf.settled === false) return outcomeOf;
      if (!input.saveForRenewals || !input.payerEmail) return outcomeOf;
      const saved = await saveCard(input.idempotencyKey, input.token, input.payerEmail, input.paymentMethodId);
      return saved ? { ...outcomeOf, saved } : outcomeOf;
    },

    async confirm(reference) {
      return ask(() => new Payment(config()).get({ id: reference }));
    },

    async lookup(attempt) {
      // https://www.mercadopago.com/developers/en/reference/payments/_payments_search/get
      const payments = await search({ external_reference: attempt.orderId });
      const live = (payment: PaymentLike) =>
        payment.status === 'approved' || payment.status === 'in_process' || payment.status === 'pending';
      const found =
        payments.find((payment) => payment.status === 'approved') ??
        payments.find(live) ??
        payments.find((payment) => metadataOf(payment).attempt_key === attempt.idempotencyKey);
      return found ? outcome(found) : null;
    },

    async chargeSaved(input) {
      const saved = input.saved;
      if (saved.provider !== 'MERCADOPAGO')
        throw new Error(`Mercado Pago cannot charge a ${saved.provider} payment method`);
      let token: string | undefined;
      try {
        // Its key derived from the renewal's: a retry gets the same token, so the payment below is the same request.
        const created = await new CardToken(config()).create({
          body: { card_id: saved.cardId, customer_id: saved.customer },
          requestOptions: keyed(`${input.idempotencyKey}:token`),
        });
        token = created.id;
      } catch (error) {
        return fromError(error);
      }
      if (!token) throw new ProviderUnavailable('Mercado Pago answered no card token');
      const cardToken = token;
      return ask(() =>
        new Payment(config()).create({
          body: {
            transaction_amount: Number(fromMinorUnits(input.amountMinor, input.currency)),
            token: cardToken,
            description: input.description,
            installments: 1,
            ...(saved.paymentMethodId ? { payment_method_id: saved.paymentMethodId } : {}),
            external_reference: input.subscriptionId,
            payer: { type: 'customer', id: saved.customer, ...(input.payerEmail ? { email: input.payerEmail } : {}) },
            metadata: { subscription_id: input.subscriptionId, renewal_key: input.idempotencyKey },
          },
          requestOptions: keyed(input.idempotencyKey),
        }),
      );
    },

    async lookupRenewal(input) {
      const payments = await search({ external_reference: input.subscriptionId });
      const found = payments.find((payment) => metadataOf(payment).renewal_key === input.idempotencyKey);
      if (found) return outcome(found);
      if (now() - input.createdAt < MERCADO_SEARCH_SETTLED_MS) {
        throw new ProviderUnavailable(`Mercado Pago search: ${input.idempotencyKey} not found yet`);
      }
      return null;
    },

    async refund(input) {
      try {
        // In major units, from the exact decimal of the minor ones, like the charge.
        const refund = await new PaymentRefund(config()).create({
          payment_id: input.reference,
          body: { amount: Number(fromMinorUnits(input.amountMinor, input.currency)) },
          requestOptions: keyed(input.idempotencyKey),
        });
        if (refund.status === 'approved') return { status: 'succeeded', reference: String(refund.id) };
        if (refund.status === 'rejected' || refund.status === 'cancelled')
          return { status: 'failed', code: `mercado_refund_${refund.status}` };
        return { status: 'pending', reference: String(refund.id) };
      } catch (error) {
        const outcome = fromError(error);
        // fromError throws when Mercado Pago may have refunded (the same key asks again later).
        return outcome.status === 'failed'
          ? { status: 'failed', code: outcome.code, message: outcome.message }
          : { status: 'failed', code: 'refund_refused' };
      }
    },
  };
}
