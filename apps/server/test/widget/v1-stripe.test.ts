/**
 * Version 1 takes real card payments (issue 25): with Stripe as the card provider, the hosted
 * payment page sends the visitor to Stripe Checkout; the way back records what Stripe says
 * (never the return alone), once, and keeps the card for the renewals.
 */
import { randomUUID } from 'node:crypto';
import {
  purchasesSchema,
  V1_PAYMENT_OUTCOME_PARAM,
  v1PaymentFormFields,
  v1TransactionSchema,
  type V1Basket,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk, testClock, testServer } from '../helpers';
import { call, seededPerson } from './helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
const SITE = 'http://localhost:8080/shop-v1.html';
const META = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };
const EMAILS = [
  'v1-stripe-a@foyer.test',
  'v1-stripe-b@foyer.test',
  'v1-stripe-c@foyer.test',
  'v1-stripe-d@foyer.test',
  'v1-stripe-e@foyer.test',
];
let stripe: StripeStandIn;
let server: PreparedServer;

beforeAll(async () => {
  stripe = await startStripeStandIn({ searchLagMs: 0, now: clock.now });
  server = await testServer({
    now: clock.now,
    devClock: true,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, ...EMAILS.map((email) => seededPerson(email))] },
    paymentProviders: providersFromEnv(
      {
        FOYER_CARD_PROVIDER: 'stripe',
        STRIPE_API_URL: stripe.apiUrl,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      },
      { now: clock.now },
    ),
  });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

async function checkout(email: string) {
  const { mainSession, guid } = await loginOk(server, email, 'right-password-1');
  const basket: V1Basket = {
    _id: randomUUID(),
    accountId: guid,
    paymentType: 'online-CAU',
    startDate: clock.now(),
    products: [
      {
        productId: 'demo-digital',
        name: 'Digital access',
        description: 'Monthly',
        price: 9.99,
        planId: 'digital-monthly-eur',
        currency: 'EUR',
        quantity: 1,
        productMetaData: META,
      },
    ],
    productMetaData: META,
  };
  const created = await call(server, 'POST', '/transaction', {
    session: mainSession.sessionId,
    query: { channel: 'web', op: 'P_SUB', returnUrl: SITE },
    payload: basket,
    headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const transaction = v1TransactionSchema.parse(created.json());
  // The order's mails are written in the visitor's language, as in version 2.
  const [order] = await server.db.query<{ locale: string | null }>(
    'SELECT locale FROM orders WHERE guid = $1 ORDER BY created_at DESC LIMIT 1',
    [guid],
  );
  expect(order?.locale).toBe('es-ES');
  // The checkout button's form, posted to the hosted page: off to Stripe Checkout at once.
  const page = await server.app.inject({
    method: 'POST',
    url: new URL(transaction.paymentUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(v1PaymentFormFields(transaction)).toString(),
  });
  expect(page.statusCode, page.body).toBe(303);
  const session = stripe.checkoutSessions.at(-1)!;
  expect(page.headers.location).toBe(session.url);
  // The first period at the plan's trial price; the card kept for the renewals.
  expect(session).toMatchObject({ amount_total: 100, currency: 'eur', setup_future_usage: 'off_session' });
  return { session, sessionId: mainSession.sessionId };
}

/** Moves the server's test clock and runs what became due (the sweep). */
async function advance(duration: string): Promise<void> {
  const response = await server.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance: duration } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Stripe sends the visitor back to one of the URLs the server gave it. */
const comeBack = async (url: string) => {
  const back = new URL(url);
  const response = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM);
};

describe('version 1 on Stripe Checkout', () => {
  it("pays once on Stripe's page, records what Stripe says, and keeps the card for the renewals", async () => {
    const { session, sessionId } = await checkout(EMAILS[0]!);
    stripe.payCheckout(session.id, 'pm_card_visa');
    const [first, again] = [await comeBack(session.success_url), await comeBack(session.success_url)];
    expect([first, again]).toEqual(['PAID', 'PAID']);
    expect(stripe.intents).toHaveLength(1);
    const purchases = purchasesSchema.parse(
      (await call(server, 'GET', '/widget/account/purchases/', { session: sessionId })).json(),
    );
    const held = purchases.filter((purchase) => purchase.orderItem.paymentPlan?._id === 'digital-monthly-eur');
    expect(held.map((purchase) => purchase.subscription?.status)).toEqual(['ACTIVE']);
    const [stored] = await server.db.query<{ payment_provider: string; payment_method: { provider: string } }>(
      'SELECT payment_provider, payment_method FROM subscriptions WHERE id = $1',
      [held[0]!.subscription!.id],
    );
    expect(stored).toMatchObject({ payment_provider: 'STRIPE', payment_method: { provider: 'STRIPE' } });
  });

  it('a return without payment takes nothing and a later payment still counts; Cancel closes the Stripe page', async () => {
    const { session } = await checkout(EMAILS[1]!);
    // Back before paying (the return alone proves nothing): not taken.
    expect(await comeBack(session.success_url)).toBe('REFUSED');
    expect(stripe.intents).toHaveLength(1);
    // Paid on Stripe's page after all: recorded when the visitor comes back, not lost.
    stripe.payCheckout(session.id, 'pm_card_visa');
    expect(await comeBack(session.success_url)).toBe('PAID');
    expect(stripe.intents).toHaveLength(2);
    // Cancelled on Stripe's page: the session is closed, it can no longer be paid.
    const second = await checkout(EMAILS[2]!);
    expect(await comeBack(second.session.cancel_url)).toBe('CANCELLED');
    expect(second.session.status).toBe('expired');
    expect(() => stripe.payCheckout(second.session.id, 'pm_card_visa')).toThrow();
    expect(stripe.intents).toHaveLength(2);
  });

  it('records a payment whose visitor never came back, once, when the sweep asks Stripe', async () => {
    const { session, sessionId } = await checkout(EMAILS[3]!);
    stripe.payCheckout(session.id, 'pm_card_visa');
    const held = async () =>
      purchasesSchema
        .parse((await call(server, 'GET', '/widget/account/purchases/', { session: sessionId })).json())
        .filter((purchase) => purchase.orderItem.paymentPlan?._id === 'digital-monthly-eur')
        .map((purchase) => purchase.subscription?.status);
    // The tab was closed on Stripe's page: nothing came back. Ten minutes on, the sweep asks.
    await advance('PT9M');
    expect(await held()).not.toContain('ACTIVE');
    await advance('PT2M');
    expect(await held()).toEqual(['ACTIVE']);
    // The visitor's return, late, finds it paid; Stripe was charged once.
    expect(await comeBack(session.success_url)).toBe('PAID');
    await advance('PT30M');
    expect(stripe.intents).toHaveLength(3);
    expect(await held()).toEqual(['ACTIVE']);
  });

  it('records a paid checkout at once from Stripe’s checkout.session.completed, once however often it comes', async () => {
    const { session, sessionId } = await checkout(EMAILS[4]!);
    stripe.payCheckout(session.id, 'pm_card_visa');
    const held = async () =>
      purchasesSchema
        .parse((await call(server, 'GET', '/widget/account/purchases/', { session: sessionId })).json())
        .filter((purchase) => purchase.orderItem.paymentPlan?._id === 'digital-monthly-eur')
        .map((purchase) => purchase.subscription?.status);
    expect(await held()).not.toContain('ACTIVE');
    // Stripe tells the server; no clock moves, nobody comes back.
    const delivery = stripe.webhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    for (const body of [delivery.body, delivery.body]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: delivery.headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await held()).toEqual(['ACTIVE']);
    const [payments] = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM payments WHERE provider_reference = $1 OR provider_reference = $2`,
      [session.id, session.payment_intent],
    );
    expect(Number(payments?.n)).toBe(1);
    // The visitor's late return finds it paid.
    expect(await comeBack(session.success_url)).toBe('PAID');
    // An unsigned one is refused and changes nothing.
    const forged = await server.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { ...delivery.headers, 'stripe-signature': 't=1,v1=00' },
      payload: delivery.body,
    });
    expect(forged.statusCode).toBe(400);
  });
});
