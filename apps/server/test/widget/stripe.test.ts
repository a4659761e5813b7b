/**
 * The Stripe adapter against a stand-in of Stripe's API, directly and through the server
 * (FOYER_CARD_PROVIDER=stripe): success, decline, 3-D Secure passed and failed, an outage, and a
 * slow provider with concurrent submissions (one intent).
 */
import { paymentPageSchema, paymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { stripeProvider } from '../../src/widget/providers/stripe';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';

let stripe: StripeStandIn;
let server: PreparedServer;
const ENV = ['FOYER_CARD_PROVIDER', 'STRIPE_API_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const;

beforeAll(async () => {
  // Search without Stripe's indexing lag here: these tests are about what a lookup finds
  // (providers-stripe.test.ts covers the lag).
  stripe = await startStripeStandIn({ searchLagMs: 0 });
  Object.assign(process.env, {
    FOYER_CARD_PROVIDER: 'stripe',
    STRIPE_API_URL: stripe.apiUrl,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  });
  try {
    server = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
  } finally {
    for (const name of ENV) delete process.env[name];
  }
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const input = (token: string, key: string) => ({
  paymentId: `pay-${key}`,
  idempotencyKey: key,
  orderId: 'order-1',
  amountMinor: 1200,
  currency: 'JPY',
  token,
  description: 'Order order-1',
});

describe('stripeProvider', () => {
  it('creates and confirms a PaymentIntent in minor units with the idempotency key', async () => {
    const provider = stripeProvider({ apiUrl: stripe.apiUrl, secretKey: stripe.secretKey });
    const outcome = await provider.charge(input('pm_card_visa', 'k-1'));
    expect(outcome).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) });
    const intent = stripe.intents.at(-1)!;
    expect(intent).toMatchObject({ amount: 1200, currency: 'jpy', metadata: { order_id: 'order-1' } });
    const replay = await provider.charge(input('pm_card_visa', 'k-1'));
    expect(replay).toEqual(outcome);
    expect(stripe.intents.filter((candidate) => candidate.id === intent.id)).toHaveLength(1);
  });

  it('maps a decline to its code, 3-D Secure to requires_action, a wrong key to payment_fail', async () => {
    const provider = stripeProvider({ apiUrl: stripe.apiUrl, secretKey: stripe.secretKey });
    expect(await provider.charge(input('pm_card_chargeDeclined', 'k-2'))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
    const challenge = await provider.charge(input('pm_card_threeDSecure2Required', 'k-3'));
    expect(challenge).toMatchObject({ status: 'requires_action', clientSecret: expect.stringContaining('_secret_') });
    const wrongKey = stripeProvider({ apiUrl: stripe.apiUrl, secretKey: 'sk_wrong' });
    expect(await wrongKey.charge(input('pm_card_visa', 'k-4'))).toMatchObject({
      status: 'failed',
      code: 'payment_fail',
    });
  });

  it('looks an order’s payment up by search: the succeeded intent, else the attempt’s own, else null', async () => {
    const provider = stripeProvider({ apiUrl: stripe.apiUrl, secretKey: stripe.secretKey });
    const attempt = (key: string) => ({ orderId: 'order-lookup', idempotencyKey: key });
    const charge = (token: string, key: string) => provider.charge({ ...input(token, key), orderId: 'order-lookup' });
    expect(await provider.lookup(attempt('order-lookup:0'))).toBeNull();
    await charge('pm_card_chargeDeclined', 'order-lookup:0');
    expect(await provider.lookup(attempt('order-lookup:0'))).toMatchObject({ status: 'failed', code: 'card_declined' });
    expect(await provider.lookup(attempt('order-lookup:1'))).toBeNull();
    const paid = await charge('pm_card_visa', 'order-lookup:1');
    expect(await provider.lookup(attempt('order-lookup:5'))).toEqual(paid);
    const unreachable = stripeProvider({ apiUrl: 'http://127.0.0.1:9', secretKey: stripe.secretKey });
    await expect(unreachable.lookup(attempt('order-lookup:1'))).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });

  it('throws ProviderUnavailable when Stripe cannot be reached', async () => {
    const provider = stripeProvider({ apiUrl: 'http://127.0.0.1:9', secretKey: stripe.secretKey });
    await expect(provider.charge(input('pm_card_visa', 'k-5'))).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });
});

describe('card payments through the server with FOYER_CARD_PROVIDER=stripe', () => {
  it('names STRIPE with its publishable key and charges the server-priced total', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-usd' }]);
    const page = paymentPageSchema.parse(
      (await call(server, 'GET', `/widget/payment/${order.id}`, { session })).json(),
    );
    expect(page).toMatchObject({ providerName: 'STRIPE', publishableKey: 'pk_test_standin' });
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paymentResultSchema.parse(paid.json())).toMatchObject({ status: 'SUCCEEDED', providerName: 'STRIPE' });
    expect(stripe.intents.at(-1)).toMatchObject({ amount: 1099, currency: 'usd', metadata: { order_id: order.id } });
  });

  it('answers card_declined, then lets another card pay the same order', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const declined = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'pm_card_chargeDeclined' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'card_declined', message: 'Your card was declined' });
    const sameAgain = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'pm_card_chargeDeclined' },
    });
    expect(sameAgain.json().code).toBe('card_declined');
    const other = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'pm_card_visa' },
    });
    expect(paymentResultSchema.parse(other.json()).status).toBe('SUCCEEDED');
  });

  it('runs 3-D Secure: REQUIRES_ACTION with the client secret, then success after the challenge', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    const submit = () =>
      call(server, 'POST', `/widget/payment/${order.id}`, {
        session,
        payload: { token: 'pm_card_threeDSecure2Required' },
      });
    const first = paymentResultSchema.parse((await submit()).json());
    expect(first.status).toBe('REQUIRES_ACTION');
    expect(first.clientSecret).toMatch(/_secret_/);
    expect(first.purchases).toEqual([]);
    const intent = stripe.intents.at(-1)!;
    stripe.completeChallenge(intent.id, true);
    const second = paymentResultSchema.parse((await submit()).json());
    expect(second).toMatchObject({ paymentId: first.paymentId, status: 'SUCCEEDED' });
    expect(second.purchases).toHaveLength(1);
    expect(second.clientSecret).toBeUndefined();
  });

  it('answers the provider code when the 3-D Secure challenge fails', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-weekly-usd' }]);
    const submit = () =>
      call(server, 'POST', `/widget/payment/${order.id}`, {
        session,
        payload: { token: 'pm_card_threeDSecure2Required' },
      });
    expect(paymentResultSchema.parse((await submit()).json()).status).toBe('REQUIRES_ACTION');
    stripe.completeChallenge(stripe.intents.at(-1)!.id, false);
    const failed = await submit();
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'payment_fail', args: ['payment_intent_authentication_failure'] });
  });

  it('answers provider_unavailable during an outage and lets the same card pay afterwards', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    stripe.down = true;
    try {
      const down = await call(server, 'POST', `/widget/payment/${order.id}`, {
        session,
        payload: { token: 'pm_card_visa' },
      });
      expect(down.statusCode).toBe(502);
      expect(down.json().code).toBe('provider_unavailable');
    } finally {
      stripe.down = false;
    }
    const retry = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'pm_card_visa' },
    });
    expect(paymentResultSchema.parse(retry.json()).status).toBe('SUCCEEDED');
  });

  it('creates one intent for concurrent submissions while the provider is slow', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const before = stripe.intents.length;
    stripe.delayMs = 300;
    try {
      const responses = await Promise.all(
        ['k1', 'k2', 'k3'].map((key) =>
          call(server, 'POST', `/widget/payment/${order.id}`, {
            session,
            payload: { token: 'pm_card_visa' },
            headers: { 'idempotency-key': key },
          }),
        ),
      );
      const ids = responses.map((response) => paymentResultSchema.parse(response.json()).paymentId);
      expect(new Set(ids).size).toBe(1);
    } finally {
      stripe.delayMs = 0;
    }
    expect(stripe.intents.length - before).toBe(1);
  });
});
