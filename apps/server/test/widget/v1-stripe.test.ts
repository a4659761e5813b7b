/**
 * Version 1 takes real card payments (issue 25): with Stripe as the card provider, the hosted
 * payment page sends the visitor to Stripe Checkout; the way back records what Stripe says
 * (never the return alone), once, and keeps the card for the renewals.
 */
import { purchasesSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { testClock, testServer } from '../helpers';
import { call, deliverWebhook, seededPerson } from './helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';
import { advanceClock, checkoutToHostedPage, comeBack as comeBackTo, heldMonthly } from './v1-hosted-checkout';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
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
  const { location, sessionId } = await checkoutToHostedPage(server, email);
  const session = stripe.checkoutSessions.at(-1)!;
  expect(location).toBe(session.url);
  // The first period at the plan's trial price; the card kept for the renewals.
  expect(session).toMatchObject({ amount_total: 100, currency: 'eur', setup_future_usage: 'off_session' });
  return { session, sessionId };
}

const comeBack = (url: string) => comeBackTo(server, url);
const advance = (duration: string) => advanceClock(server, duration);
const held = (sessionId: string) => heldMonthly(server, sessionId);

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
    // The tab was closed on Stripe's page: nothing came back. Ten minutes on, the sweep asks.
    await advance('PT9M');
    expect(await held(sessionId)).not.toContain('ACTIVE');
    await advance('PT2M');
    expect(await held(sessionId)).toEqual(['ACTIVE']);
    // The visitor's return, late, finds it paid; Stripe was charged once.
    expect(await comeBack(session.success_url)).toBe('PAID');
    await advance('PT30M');
    expect(stripe.intents).toHaveLength(3);
    expect(await held(sessionId)).toEqual(['ACTIVE']);
  });

  it('records a paid checkout at once from Stripe’s checkout.session.completed, once however often it comes', async () => {
    const { session, sessionId } = await checkout(EMAILS[4]!);
    stripe.payCheckout(session.id, 'pm_card_visa');
    expect(await held(sessionId)).not.toContain('ACTIVE');
    // Stripe tells the server; no clock moves, nobody comes back.
    const delivery = stripe.webhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    for (let again = 0; again < 2; again += 1) {
      const response = await deliverWebhook(server, 'stripe', delivery);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await held(sessionId)).toEqual(['ACTIVE']);
    const [payments] = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM payments WHERE provider_reference = $1 OR provider_reference = $2`,
      [session.id, session.payment_intent],
    );
    expect(Number(payments?.n)).toBe(1);
    // The visitor's late return finds it paid.
    expect(await comeBack(session.success_url)).toBe('PAID');
    // An unsigned one is refused and changes nothing.
    const forged = await deliverWebhook(server, 'stripe', {
      ...delivery,
      headers: { ...delivery.headers, 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.statusCode).toBe(400);
  });
});
