/**
 * Orders, payments, refunds and subscriptions in the admin API (issue 28), through real purchases
 * made with the widgets' own calls: the lists and their filters, confirming and rejecting a bank
 * transfer (the visitor's purchase active, or ended), refunds in part and whole — once, even when
 * the provider's answer is lost —, cancelling and resuming subscriptions, and the audit of each.
 */
import { orderDetailSchema, orderSummarySchema, pageOf, paymentSchema, subscriptionSchema } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type AdminScope } from '../../src/admin/keys';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { mercadoPagoProvider } from '../../src/widget/providers/mercadopago';
import { stripeProvider } from '../../src/widget/providers/stripe';
import { billingServer, buy, purchaseOf, sessionOf, START } from '../billing/helpers';
import { testClock, testServer } from '../helpers';
import { ADDRESS, call, demoSession, orderOk, payByDirectDebit, seededPerson } from '../widget/helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from '../widget/stand-ins/gocardless';
import { startMercadoStandIn, type MercadoStandIn } from '../widget/stand-ins/mercadopago';
import { startStripeStandIn, type StripeStandIn } from '../widget/stand-ins/stripe';

let server: PreparedServer;
let finance = '';
let support = '';

const ALL: AdminScope[] = [
  'orders:read',
  'orders:write',
  'payments:refund',
  'subscriptions:read',
  'subscriptions:write',
  'audit:read',
];

beforeAll(async () => {
  server = await billingServer();
  finance = (await createApiKey(server.db, { name: 'finance', scopes: ALL }, START)).key;
  support = (await createApiKey(server.db, { name: 'support', scopes: ['orders:read', 'subscriptions:read'] }, START))
    .key;
});
afterAll(() => server?.close());

function admin(method: 'GET' | 'POST', path: string, payload?: object, key = finance, on = server) {
  return on.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
}

const orders = pageOf(orderSummarySchema);
const subscriptions = pageOf(subscriptionSchema);

async function detail(id: string, on = server, key = finance) {
  const response = await admin('GET', `/orders/${id}`, undefined, key, on);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailSchema.parse(response.json());
}

describe('orders', () => {
  it("lists orders with filters, and confirms a bank transfer: the visitor's purchase becomes active", async () => {
    const { session, guid } = await sessionOf(server, 'transfers@foyer.test');
    const bought = await buy(server, session, 'digital-monthly-eur', 'transfer', 'BANK_TRANSFER');
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).not.toBe('ACTIVE');

    const waiting = orders.parse((await admin('GET', '/orders?awaiting=true')).json());
    expect(waiting.items.map((order) => order.id)).toContain(bought.orderId);
    expect(waiting.items.find((order) => order.id === bought.orderId)).toMatchObject({
      guid,
      email: 'transfers@foyer.test',
      status: 'CREATED',
      paymentType: 'BANK_TRANSFER',
      awaitingConfirmation: true,
    });
    expect(orders.parse((await admin('GET', `/orders?q=transfers@foyer.test`)).json()).items).toHaveLength(1);
    expect((await admin('GET', '/orders?status=LOST')).statusCode).toBe(400);
    expect((await admin('GET', '/orders?cursor=nonsense')).statusCode).toBe(400);

    expect((await admin('POST', `/orders/${bought.orderId}/confirm-payment`, undefined, support)).statusCode).toBe(403);
    const confirmed = await admin('POST', `/orders/${bought.orderId}/confirm-payment`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(orderDetailSchema.parse(confirmed.json())).toMatchObject({ status: 'PAID', awaitingConfirmation: false });
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).toBe('ACTIVE');
    expect((await admin('POST', `/orders/${bought.orderId}/confirm-payment`)).json()).toMatchObject({
      code: 'ORDER_NOT_AWAITING_PAYMENT',
    });
    // A transfer is paid back outside Foyer.
    const [payment] = (await detail(bought.orderId)).payments;
    expect(payment).toMatchObject({ provider: 'MANUAL', refundable: false });
    expect((await admin('POST', `/payments/${payment!.id}/refund`)).json()).toMatchObject({
      code: 'REFUND_NOT_POSSIBLE',
    });
  });

  it('rejects a transfer that never came: the order cancelled, the plan free to buy again', async () => {
    const { session } = await sessionOf(server, 'gives-up@foyer.test');
    const bought = await buy(server, session, 'digital-monthly-eur', 'transfer', 'BANK_TRANSFER');
    const rejected = await admin('POST', `/orders/${bought.orderId}/reject-payment`, {
      reason: 'No transfer after 14 days',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(orderDetailSchema.parse(rejected.json()).status).toBe('CANCELLED');
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).toBe('EXPIRED');
    await buy(server, session, 'digital-monthly-eur');
  });

  it('refunds a card payment in part, then the rest; the whole refund ends the subscription, once', async () => {
    const { session } = await sessionOf(server, 'refunds@foyer.test');
    const bought = await buy(server, session, 'digital-monthly-eur');
    const [payment] = (await detail(bought.orderId)).payments;
    expect(payment).toMatchObject({ kind: 'order', status: 'SUCCEEDED', refundedMinor: 0, refundable: true });

    expect((await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 1 }, support)).statusCode).toBe(403);
    const tooMuch = await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: payment!.amountMinor + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_AMOUNT_INVALID', args: [String(payment!.amountMinor)] });

    const part = paymentSchema.parse(
      (await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 50, reason: 'Goodwill' })).json(),
    );
    expect(part).toMatchObject({ refundedMinor: 50, refundable: true });
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).toBe('ACTIVE');

    const rest = paymentSchema.parse((await admin('POST', `/payments/${payment!.id}/refund`)).json());
    expect(rest).toMatchObject({ refundedMinor: payment!.amountMinor, refundable: false });
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).toBe('EXPIRED');
    const events = (await detail(bought.orderId)).events.map((event) => event.type);
    expect(events.filter((type) => type === 'payment.refunded')).toHaveLength(1);
    expect((await admin('POST', `/payments/${payment!.id}/refund`)).json()).toMatchObject({
      code: 'REFUND_NOT_POSSIBLE',
    });
  });

  it('cancels at the period end, resumes, and cancels now', async () => {
    const { session } = await sessionOf(server, 'cancels@foyer.test');
    const bought = await buy(server, session, 'digital-monthly-eur');
    const listed = subscriptions.parse((await admin('GET', '/subscriptions?q=cancels@foyer.test')).json());
    expect(listed.items[0]).toMatchObject({
      id: bought.subscriptionId,
      status: 'ACTIVE',
      nextChargeAt: expect.any(Number),
    });

    const later = await admin('POST', `/subscriptions/${bought.subscriptionId}/cancel`, { when: 'period_end' });
    expect(subscriptionSchema.parse(later.json())).toMatchObject({ status: 'CANCELLED', nextChargeAt: null });
    const resumed = await admin('POST', `/subscriptions/${bought.subscriptionId}/resume`);
    expect(subscriptionSchema.parse(resumed.json())).toMatchObject({
      status: 'ACTIVE',
      periodEnd: listed.items[0]!.periodEnd,
    });
    expect((await purchaseOf(server, session, bought.subscriptionId)).status).toBe('ACTIVE');

    const now = await admin('POST', `/subscriptions/${bought.subscriptionId}/cancel`, { when: 'now' });
    expect(subscriptionSchema.parse(now.json()).status).toBe('EXPIRED');
    expect((await admin('POST', `/subscriptions/${bought.subscriptionId}/resume`)).json()).toMatchObject({
      code: 'SUBSCRIPTION_NOT_RESUMABLE',
    });
    expect(
      (await admin('POST', `/subscriptions/${bought.subscriptionId}/cancel`, { when: 'someday' })).statusCode,
    ).toBe(400);

    const audit = (await admin('GET', '/audit?limit=200'))
      .json<{ entries: { action: string }[] }>()
      .entries.map((e) => e.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'order.confirm_payment',
        'order.reject_payment',
        'payment.refund',
        'subscription.cancel',
        'subscription.resume',
      ]),
    );
  });
});

describe('refunds through Stripe', () => {
  const clock = testClock(START);
  let stripe: StripeStandIn;
  let onStripe: PreparedServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ searchLagMs: 0, now: clock.now });
    const providers = providersFromEnv(
      { FOYER_CARD_PROVIDER: 'stripe', STRIPE_API_URL: stripe.apiUrl, STRIPE_SECRET_KEY: stripe.secretKey },
      { now: clock.now },
    );
    // A lost answer ends in this timeout.
    providers.card = stripeProvider({
      apiUrl: stripe.apiUrl,
      secretKey: stripe.secretKey,
      timeoutMs: 1_000,
      now: clock.now,
    });
    onStripe = await testServer({
      now: clock.now,
      loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
      seed: { ...seedConfig, accounts: [...seedConfig.accounts, seededPerson('stripe-refund@foyer.test')] },
      paymentProviders: providers,
    });
  });
  afterAll(async () => {
    await onStripe?.close();
    await stripe?.close();
  });

  it('asks again with the same key after a lost answer: the money goes back once', async () => {
    const key = (await createApiKey(onStripe.db, { name: 'finance', scopes: ALL }, START)).key;
    const { session } = await sessionOf(onStripe, 'stripe-refund@foyer.test');
    const bought = await buy(onStripe, session, 'digital-monthly-eur');
    const [payment] = (await detail(bought.orderId, onStripe, key)).payments;
    expect(payment).toMatchObject({ provider: 'STRIPE', refundable: true });

    stripe.loseRefundAnswers = 1;
    const lost = await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 30 }, key, onStripe);
    expect(lost.statusCode).toBe(409);
    expect(lost.json<{ message: string }>().message).toMatch(/did not answer/);
    expect(stripe.refunds).toHaveLength(1);

    // The operator tries again (asking for more this time): the lost refund is settled first, not made twice.
    const againResponse = await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 50 }, key, onStripe);
    expect(againResponse.statusCode, againResponse.body).toBe(200);
    const again = paymentSchema.parse(againResponse.json());
    expect(again.refundedMinor).toBe(30);
    expect(stripe.refunds).toHaveLength(1);
    const moreResponse = await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 50 }, key, onStripe);
    expect(moreResponse.statusCode, moreResponse.body).toBe(200);
    const more = paymentSchema.parse(moreResponse.json());
    expect(more.refundedMinor).toBe(80);
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([30, 50]);
  });
});

describe('refunds through Mercado Pago', () => {
  let mercado: MercadoStandIn;
  let onMercado: PreparedServer;

  beforeAll(async () => {
    mercado = await startMercadoStandIn();
    const providers = providersFromEnv({ FOYER_CARD_PROVIDER: 'manual' });
    providers.card = mercadoPagoProvider({
      apiUrl: mercado.apiUrl,
      accessToken: mercado.accessToken,
      publicKey: 'TEST-public',
    });
    onMercado = await testServer({
      loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
      paymentProviders: providers,
    });
  });
  afterAll(async () => {
    await onMercado?.close();
    await mercado?.close();
  });

  it('refunds in major units through the SDK, in part and then the rest', async () => {
    const key = (await createApiKey(onMercado.db, { name: 'finance', scopes: ALL }, Date.now())).key;
    const session = await demoSession(onMercado);
    const order = await orderOk(onMercado, session, [{ product: 'demo-print', paymentPlan: 'print-yearly-kwd' }], {
      deliveryAddressGroup: { values: ADDRESS },
    });
    const paid = await call(onMercado, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'tok_APRO', paymentMethodId: 'visa', payerIdentification: { type: 'DNI', number: '12345678' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = (await detail(order.id, onMercado, key)).payments;
    expect(payment).toMatchObject({ provider: 'MERCADO', currency: 'KWD', amountMinor: 95_250, refundable: true });

    const part = await admin('POST', `/payments/${payment!.id}/refund`, { amountMinor: 250 }, key, onMercado);
    expect(part.statusCode, part.body).toBe(200);
    expect(paymentSchema.parse(part.json()).refundedMinor).toBe(250);
    const rest = paymentSchema.parse(
      (await admin('POST', `/payments/${payment!.id}/refund`, undefined, key, onMercado)).json(),
    );
    expect(rest).toMatchObject({ refundedMinor: 95_250, refundable: false });
    // 0.25 KWD then 95 KWD: three decimals, sent as exact numbers.
    expect(mercado.refunds.map((refund) => refund.amount)).toEqual([0.25, 95]);
  });
});

describe('refunds through GoCardless', () => {
  let gocardless: GoCardlessStandIn;
  let onGoCardless: PreparedServer;

  beforeAll(async () => {
    gocardless = await startGoCardlessStandIn();
    const providers = providersFromEnv({
      FOYER_CARD_PROVIDER: 'manual',
      GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
      GOCARDLESS_API_URL: gocardless.apiUrl,
    });
    onGoCardless = await testServer({
      loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
      paymentProviders: providers,
    });
  });
  afterAll(async () => {
    await onGoCardless?.close();
    await gocardless?.close();
  });

  it('refunds a collected direct debit in part and the rest, confirming the running total, once after a lost answer', async () => {
    const key = (await createApiKey(onGoCardless.db, { name: 'finance', scopes: ALL }, Date.now())).key;
    const session = await demoSession(onGoCardless);
    const order = await orderOk(
      onGoCardless,
      session,
      [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }],
      {
        paymentType: 'DIRECT_DEBIT',
      },
    );
    const collected = await payByDirectDebit(onGoCardless, session, order.id, gocardless);
    const [payment] = (await detail(order.id, onGoCardless, key)).payments;
    expect(payment).toMatchObject({ provider: 'GOCARDLESS', refundable: true });
    const refund = (amountMinor?: number) =>
      admin(
        'POST',
        `/payments/${payment!.id}/refund`,
        amountMinor === undefined ? undefined : { amountMinor },
        key,
        onGoCardless,
      );

    // Not collected yet: GoCardless refuses, nothing is given back.
    const early = await refund(1_000);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/refund_payment_invalid_state/);
    expect(gocardless.refunds).toEqual([]);

    gocardless.setStatus(collected.id, 'confirmed');
    const part = await refund(1_000);
    expect(part.statusCode, part.body).toBe(200);
    expect(paymentSchema.parse(part.json()).refundedMinor).toBe(1_000);

    // The answer to the rest is lost: asked again with the same key, GoCardless answers the same refund.
    gocardless.loseRefundAnswers = 1;
    const lost = await refund();
    expect(lost.statusCode).toBe(409);
    expect(lost.json<{ message: string }>().message).toMatch(/did not answer/);
    const settled = await refund();
    expect(settled.statusCode, settled.body).toBe(200);
    const rest = collected.amount - 1_000;
    expect(paymentSchema.parse(settled.json())).toMatchObject({ refundedMinor: collected.amount, refundable: false });
    expect(gocardless.refunds.map((given) => [given.amount, given.total_amount_confirmation])).toEqual([
      [1_000, 1_000],
      [rest, collected.amount],
    ]);
  });
});
