/**
 * The payment providers of a server, from its environment. Each talks to its provider through the
 * provider's official Node SDK (stripe, mercadopago, gocardless-nodejs), pointed at *_API_URL.
 *   FOYER_CARD_PROVIDER   stripe | mercadopago — who takes CARD payments; unset: no CARD payments.
 *                         manual: demos and tests only, accepts any token as a paid card
 *   STRIPE_API_URL        default https://api.stripe.com (tests point it at a stand-in)
 *   STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY
 *   STRIPE_WEBHOOK_SECRET the webhook endpoint's signing secret (whsec_…) for POST /webhooks/stripe
 *   MERCADOPAGO_API_URL   default https://api.mercadopago.com
 *   MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY
 *   MERCADOPAGO_WEBHOOK_SECRET  the application's webhook secret signature (x-signature) for
 *                         POST /webhooks/mercadopago
 *   GOCARDLESS_ACCESS_TOKEN  enables DIRECT_DEBIT through GoCardless
 *   GOCARDLESS_API_URL    default https://api.gocardless.com
 *   GOCARDLESS_FLOW       billing_request (default) | redirect_flow (the legacy flow of the spec)
 *   GOCARDLESS_WEBHOOK_SECRET  the webhook endpoint's secret (Webhook-Signature) for
 *                         POST /webhooks/gocardless
 * Without a webhook secret the provider's `webhooks` reader is absent (its deliveries are refused)
 * and only reconciliation (lookupRenewal / lookup) learns what happened to its payments.
 *   FOYER_PAYMENT_TYPES   comma list of active types, default BANK_TRANSFER (+ CARD with a card provider,
 *                         + DIRECT_DEBIT with GoCardless)
 */
import { PAYMENT_TYPES, type PaymentType } from '@foyer/api';
import { goCardlessProvider } from './gocardless';
import { manualProvider } from './manual';
import { mercadoPagoProvider } from './mercadopago';
import { stripeProvider } from './stripe';
import type { CardProvider, DirectDebitProvider, PaymentProviders } from './types';

export type { PaymentProviders, CardProvider, DirectDebitProvider, ChargeOutcome, WebhookReader } from './types';

type Env = Record<string, string | undefined>;

function paymentTypes(raw: string | undefined, card: boolean, directDebit: boolean): PaymentType[] {
  if (!raw) {
    return [...(card ? ['CARD' as const] : []), 'BANK_TRANSFER', ...(directDebit ? ['DIRECT_DEBIT' as const] : [])];
  }
  const types = raw.split(',').map((type) => type.trim().toUpperCase());
  const unknown = types.filter((type) => !(PAYMENT_TYPES as readonly string[]).includes(type));
  if (unknown.length) throw new Error(`FOYER_PAYMENT_TYPES: unknown payment types ${unknown.join(', ')}`);
  return types as PaymentType[];
}

/**
 * `clock.now` is the app clock (AppDeps.now: the test clock under FOYER_DEV_CLOCK): webhook
 * signatures' age and Stripe's search lag are measured on it, as the stand-ins follow it too.
 */
export function providersFromEnv(env: Env = process.env, clock: { now?: () => number } = {}): PaymentProviders {
  const manual = manualProvider({ awaitsConfirmation: true });
  const kind = (env.FOYER_CARD_PROVIDER ?? '').trim().toLowerCase();
  // No card provider unless one is configured: a default would take any token as a paid card.
  let card: CardProvider | null = null;
  if (kind === 'manual') {
    card = manualProvider({ awaitsConfirmation: false });
  } else if (kind === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) throw new Error('FOYER_CARD_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    card = stripeProvider({
      apiUrl: env.STRIPE_API_URL ?? 'https://api.stripe.com',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      now: clock.now,
    });
  } else if (kind === 'mercadopago') {
    if (!env.MERCADOPAGO_ACCESS_TOKEN)
      throw new Error('FOYER_CARD_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN');
    card = mercadoPagoProvider({
      apiUrl: env.MERCADOPAGO_API_URL ?? 'https://api.mercadopago.com',
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
      publicKey: env.MERCADOPAGO_PUBLIC_KEY,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
      now: clock.now,
    });
  } else if (kind) {
    throw new Error(`FOYER_CARD_PROVIDER: unknown provider ${kind}`);
  }
  let directDebit: DirectDebitProvider | null = null;
  if (env.GOCARDLESS_ACCESS_TOKEN) {
    const flow = env.GOCARDLESS_FLOW ?? 'billing_request';
    if (flow !== 'billing_request' && flow !== 'redirect_flow')
      throw new Error(`GOCARDLESS_FLOW: unknown flow ${flow}`);
    directDebit = goCardlessProvider({
      apiUrl: env.GOCARDLESS_API_URL ?? 'https://api.gocardless.com',
      accessToken: env.GOCARDLESS_ACCESS_TOKEN,
      flow,
      webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET,
    });
  }
  const types = paymentTypes(env.FOYER_PAYMENT_TYPES, card !== null, directDebit !== null);
  if (types.includes('CARD') && !card) {
    throw new Error('FOYER_PAYMENT_TYPES lists CARD but FOYER_CARD_PROVIDER is not set');
  }
  if (types.includes('DIRECT_DEBIT') && !directDebit) {
    throw new Error('FOYER_PAYMENT_TYPES lists DIRECT_DEBIT but GOCARDLESS_ACCESS_TOKEN is not set');
  }
  return { card, manual, directDebit, paymentTypes: types };
}
