/**
 * Issue 24, finding 2: a purchase awaiting its payment (a bank transfer or cash order the operator
 * has not confirmed) entitles to nothing: the paywall still asks for a subscription, the
 * subscription cannot invite beneficiaries, a cancellation does not turn it into access. It still
 * holds its plan (no second order) and shows in the purchases list. The operator's confirmation
 * grants the access.
 */
import { formatAuthorization, paymentResultSchema, paywallAuthorizeResultSchema, purchasesSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledProductIds } from '../../src/account/entitlements';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk, testClock, testServer } from '../helpers';
import { call, orderOk, seededPerson } from './helpers';

const OPERATOR_TOKEN = 'operator-secret-for-pending-tests';
const PAGE = 'http://localhost:8080/premium-article.html';
const DAY = 86_400_000;
const clock = testClock(Date.UTC(2030, 0, 10, 12));
let server: PreparedServer;

const person = (email: string) => seededPerson(email);

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    paymentProviders: providersFromEnv({
      FOYER_CARD_PROVIDER: 'manual',
      FOYER_PAYMENT_TYPES: 'CARD,BANK_TRANSFER,CASH',
    }),
    operatorToken: OPERATOR_TOKEN,
    seed: {
      ...seedConfig,
      accounts: [...seedConfig.accounts, person('transfer@foyer.test'), person('cancels@foyer.test')],
    },
  });
});
afterAll(() => server.close());

async function sessionOf(email: string): Promise<{ session: string; guid: string }> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

/** The paywall's answer for a page the account has not seen yet (its free views are used up first). */
async function paywall(session: string, page: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/paywall/authorize',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: session }) },
    payload: { page },
  });
  expect(response.statusCode).toBe(200);
  return paywallAuthorizeResultSchema.parse(response.json()).result;
}

/** Orders `plan` by bank transfer and records the visitor's "I paid" (the manual provider). */
async function transfer(session: string, product: string, plan: string, paymentType = 'BANK_TRANSFER') {
  const order = await orderOk(server, session, [{ product, paymentPlan: plan }], { paymentType });
  const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
  expect(paid.statusCode).toBe(200);
  return { orderId: order.id, result: paymentResultSchema.parse(paid.json()) };
}

function confirm(orderId: string) {
  return call(server, 'POST', `/widget/admin/orders/${orderId}/confirm-payment`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
}

function invite(session: string, subscriptionId: string, email: string) {
  return call(server, 'POST', '/widget/account/beneficiary/invite/', {
    session,
    payload: { subscriptionId, email },
  });
}

describe('a purchase awaiting payment', () => {
  it('opens no paywall and invites nobody until the operator confirms the transfer', async () => {
    const { session, guid } = await sessionOf('transfer@foyer.test');
    for (const n of [1, 2, 3]) expect(await paywall(session, `${PAGE}-free-${n}`)).toBe('ALLOW_ACCESS');
    expect(await paywall(session, `${PAGE}-4`)).toBe('REQUIRE_ENTITLEMENT');

    const { orderId, result } = await transfer(session, 'demo-digital', 'digital-yearly-eur');
    expect(result.purchases.map((purchase) => purchase.status)).toEqual(['ACTIVE_PENDING']);
    const subscriptionId = result.purchases[0]!.subscriptionId!;

    // The unpaid yearly plan is no access to premium pages…
    expect(await paywall(session, `${PAGE}-5`)).toBe('REQUIRE_ENTITLEMENT');
    expect(await entitledProductIds(server.db, guid, clock.now())).toEqual([]);
    // …and shares nothing: no beneficiary may be invited on it.
    const refused = await invite(session, subscriptionId, 'friend-of-transfer@foyer.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'subscription_awaiting_payment' });
    // It is still the visitor's, awaiting payment, and holds the plan: no second order for it.
    const purchases = purchasesSchema.parse(
      (await call(server, 'GET', '/widget/account/purchases/', { session })).json(),
    );
    expect(purchases.find((purchase) => purchase.subscription?.id === subscriptionId)?.status).toBe('ACTIVE_PENDING');
    const again = await call(server, 'POST', '/widget/order', {
      session,
      payload: { orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }], paymentType: 'CARD' },
    });
    expect(again.json()).toMatchObject({ code: 'plan_already_subscribed' });

    // The money arrived: the operator's confirmation grants the access and the sharing.
    expect((await confirm(orderId)).statusCode).toBe(200);
    expect(await paywall(session, `${PAGE}-6`)).toBe('ALLOW_ACCESS');
    expect(await entitledProductIds(server.db, guid, clock.now())).toEqual(['demo-digital']);
    expect((await invite(session, subscriptionId, 'friend-of-transfer@foyer.test')).statusCode).toBe(201);
  });

  it('is no access once cancelled either, until its payment is confirmed', async () => {
    const { session, guid } = await sessionOf('cancels@foyer.test');
    const { orderId, result } = await transfer(session, 'demo-digital', 'digital-monthly-eur', 'CASH');
    const subscriptionId = result.purchases[0]!.subscriptionId!;
    const lastDay = new Date(clock.now() + 7 * DAY).toISOString().slice(0, 10);
    const cancelled = await call(server, 'POST', `/api/1.0/subscription/${subscriptionId}/cancel/${guid}`, {
      session,
      payload: { cancelDate: lastDay, reason: 'OTHER' },
    });
    expect(cancelled.statusCode).toBe(200);
    // CANCELLED runs to its last day, but only for a paid subscription.
    expect(await entitledProductIds(server.db, guid, clock.now())).toEqual([]);

    expect((await confirm(orderId)).statusCode).toBe(200);
    expect(await entitledProductIds(server.db, guid, clock.now())).toEqual(['demo-digital']);
    expect(await entitledProductIds(server.db, guid, clock.now() + 8 * DAY)).toEqual([]);
  });

  it('buys no one-off access until confirmed', async () => {
    const { session, guid } = await sessionOf('cancels@foyer.test');
    const { orderId } = await transfer(session, 'demo-archive', 'archive-once-eur');
    expect(await entitledProductIds(server.db, guid, clock.now())).not.toContain('demo-archive');
    expect((await confirm(orderId)).statusCode).toBe(200);
    expect(await entitledProductIds(server.db, guid, clock.now())).toContain('demo-archive');
  });
});
