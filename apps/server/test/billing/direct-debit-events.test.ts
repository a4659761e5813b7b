/**
 * Issue 25, end to end through GoCardless's stand-in and its events. A monthly plan paid by direct debit is
 * collected (ACTIVE once GoCardless confirms it), the payer cancels the mandate at their bank and
 * GoCardless says so (`mandates` `cancelled`), and the next renewal asks nothing of GoCardless:
 * the subscription is PAST_DUE with `payment_method_missing`, the visitor is mailed to pay another
 * way, and paying with a card makes it ACTIVE again. Driven with the test clock. And refunds made
 * in GoCardless's dashboard (`refunds` `paid`): a partial one changes nothing, the one that gives
 * the payment back whole ends the subscription (FOYER_ON_REFUND=expire, the default) once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { mailbox } from '../helpers';
import { call, deliverWebhook, goCardlessProviders, orderOk, payByDirectDebit } from '../widget/helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from '../widget/stand-ins/gocardless';
import { advance, billingServer, chargesOf, eventsOf, sessionOf, START, subscriptionState } from './helpers';

let gocardless: GoCardlessStandIn;
let server: PreparedServer;

beforeAll(async () => {
  gocardless = await startGoCardlessStandIn({ now: () => server?.deps.now() ?? START });
  server = await billingServer({
    paymentProviders: goCardlessProviders(gocardless),
  });
});
afterAll(async () => {
  await server?.close();
  await gocardless?.close();
});

/** GoCardless's delivery of `events`, as it signs them. */
async function tell(events: Parameters<GoCardlessStandIn['webhook']>[0]) {
  const response = await deliverWebhook(server, 'gocardless', gocardless.webhook(events));
  expect(response.statusCode, response.body).toBe(200);
}

describe('a mandate cancelled at the bank', () => {
  it('makes the next renewal past due without asking GoCardless, and the visitor pays another way', async () => {
    const { session } = await sessionOf(server, 'gives-up@foyer.test');
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const first = await payByDirectDebit(server, session, order.id, gocardless);
    // Collected: GoCardless confirms the first payment.
    gocardless.setStatus(first.id, 'confirmed');
    await tell([{ resource_type: 'payments', action: 'confirmed', links: { payment: first.id } }]);
    const [subscription] = await server.db.query<{ id: string; payment_method: unknown }>(
      'SELECT id, payment_method FROM subscriptions WHERE guid = (SELECT guid FROM orders WHERE id = $1)',
      [order.id],
    );
    expect(await subscriptionState(server, subscription!.id)).toMatchObject({ status: 'ACTIVE', periods_paid: 1 });
    expect(JSON.stringify(subscription!.payment_method)).toContain(first.mandate);

    // The payer cancels the mandate at their bank; GoCardless tells the server (twice: once counts).
    gocardless.cancelMandate(first.mandate);
    await tell([{ resource_type: 'mandates', action: 'cancelled', links: { mandate: first.mandate } }]);
    const [forgotten] = await server.db.query<{ payment_method: unknown }>(
      'SELECT payment_method FROM subscriptions WHERE id = $1',
      [subscription!.id],
    );
    expect(forgotten!.payment_method).toBeNull();

    const asked = gocardless.received;
    await advance(server, 'P1M');
    expect(gocardless.received).toBe(asked);
    expect(await subscriptionState(server, subscription!.id)).toMatchObject({ status: 'PAST_DUE' });
    expect((await chargesOf(server, subscription!.id)).map((charge) => charge.status)).toEqual(['FAILED']);
    const failed = (await eventsOf(server, subscription!.id)).find((event) => event.type === 'payment.failed');
    expect(failed?.data).toMatchObject({ code: 'payment_method_missing' });
    const mail = (await mailbox(server)).find(
      (message) => message.to === 'gives-up@foyer.test' && /payment/i.test(message.subject),
    );
    expect(mail?.text).toMatch(/my-account/);

    // Paid with a card from the mail's page: ACTIVE again, for the next period.
    const paying = await call(server, 'POST', `/widget/account/subscription/${subscription!.id}/payment`, {
      session: (await sessionOf(server, 'gives-up@foyer.test')).session,
      payload: { token: 'pm_card_visa' },
    });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(await subscriptionState(server, subscription!.id)).toMatchObject({ status: 'ACTIVE', periods_paid: 2 });
  });
});

describe('a refund made in GoCardless’s dashboard', () => {
  it('ends the subscription once the payment is given back whole; a partial refund changes nothing', async () => {
    const { session } = await sessionOf(server, 'refunds@foyer.test');
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const first = await payByDirectDebit(server, session, order.id, gocardless);
    gocardless.setStatus(first.id, 'confirmed');
    await tell([{ resource_type: 'payments', action: 'confirmed', links: { payment: first.id } }]);
    const [subscription] = await server.db.query<{ id: string }>(
      'SELECT id FROM subscriptions WHERE guid = (SELECT guid FROM orders WHERE id = $1)',
      [order.id],
    );
    const id = subscription!.id;
    expect(await subscriptionState(server, id)).toMatchObject({ status: 'ACTIVE' });
    // A first payment's refund is the order's event (a renewal's is the subscription's).
    const refunded = async () =>
      (await eventsOf(server, order.id)).filter((event) => event.type === 'payment.refunded');

    // Part of it back: GoCardless says a refund was paid; the payment is not given back whole.
    gocardless.refunds.push({
      id: 'RF_DASH_1',
      payment: first.id,
      amount: 40,
      total_amount_confirmation: 40,
      status: 'paid',
    });
    await tell([{ resource_type: 'refunds', action: 'paid', links: { refund: 'RF_DASH_1', payment: first.id } }]);
    expect(await subscriptionState(server, id)).toMatchObject({ status: 'ACTIVE' });
    expect(await refunded()).toHaveLength(0);

    // The rest: given back whole, the subscription ends; told twice, it is recorded once.
    const rest = first.amount - 40;
    gocardless.refunds.push({
      id: 'RF_DASH_2',
      payment: first.id,
      amount: rest,
      total_amount_confirmation: first.amount,
      status: 'paid',
    });
    const paid = { resource_type: 'refunds', action: 'paid', links: { refund: 'RF_DASH_2', payment: first.id } };
    await tell([paid]);
    await tell([paid]);
    expect(await subscriptionState(server, id)).toMatchObject({ status: 'EXPIRED' });
    expect(await refunded()).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ orderId: order.id, reference: first.id }) }),
    ]);
  });
});
