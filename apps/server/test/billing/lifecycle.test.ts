/**
 * Issue 25: subscriptions that renew, driven month by month with the test clock through the real
 * HTTP calls: renewals at the plan's full price after a trial, a card that fails off session
 * (ACTIVE → PAST_DUE → retries → EXPIRED), paying a PAST_DUE subscription with a new card (3-D
 * Secure included), a cancellation that ends at its period end without a charge, an expired or
 * lapsed plan bought again, and a bank transfer that never arrives.
 */
import { subscriptionPaymentPageSchema, subscriptionPaymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledProductIds } from '../../src/account/entitlements';
import type { PreparedServer } from '../../src/index';
import { mailbox } from '../helpers';
import { call } from '../widget/helpers';
import {
  advance,
  billingServer,
  buy,
  chargesOf,
  eventsOf,
  OPERATOR_TOKEN,
  purchaseOf,
  sessionOf,
  subscriptionState,
  TRANSFER,
} from './helpers';

let server: PreparedServer;

/** A new session of `email` each time: sessions expire as the test clock moves months on. */
const fresh = (email: string) => async () => (await sessionOf(server, email)).session;

beforeAll(async () => {
  server = await billingServer();
});
afterAll(() => server.close());

describe('a monthly plan with a trial price', () => {
  it('renews 11 times in its first year: 12 charges, the trial first, then the full price', async () => {
    const { guid } = await sessionOf(server, 'renews@foyer.test');
    const session = fresh('renews@foyer.test');
    const { orderId, subscriptionId } = await buy(server, await session(), 'digital-monthly-eur');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ end_date: '2030-02-15', periods_paid: 1 });
    expect((await purchaseOf(server, await session(), subscriptionId)).subscription).toMatchObject({
      status: 'ACTIVE',
      nextChargeDate: '2030-02-15',
    });

    for (let month = 1; month <= 11; month += 1) await advance(server, 'P1M');

    const state = await subscriptionState(server, subscriptionId);
    expect(state).toMatchObject({ status: 'ACTIVE', periods_paid: 12, end_date: '2031-01-15' });
    const charges = await chargesOf(server, subscriptionId);
    expect(charges.map((charge) => [charge.status, charge.amount_minor])).toEqual(
      Array.from({ length: 11 }, () => ['SUCCEEDED', 999]),
    );
    // The month ends of the anchor, each charged once.
    expect(charges.map((charge) => charge.period_end)).toEqual(
      Array.from({ length: 11 }, (_, n) => `${n < 10 ? 2030 : 2031}-${String(((n + 2) % 12) + 1).padStart(2, '0')}-15`),
    );
    // The receipts: the first payment of the order (the trial), then each renewal.
    const receipts = [...(await eventsOf(server, orderId)), ...(await eventsOf(server, subscriptionId))].filter(
      (event) => event.type === 'payment.succeeded',
    );
    expect(receipts.map((event) => (event.data.amount as { amountMinor: number }).amountMinor)).toEqual([
      100,
      ...Array.from({ length: 11 }, () => 999),
    ]);
    expect(
      (await eventsOf(server, subscriptionId)).filter((event) => event.type === 'subscription.renewed'),
    ).toHaveLength(11);
    expect(await entitledProductIds(server.db, guid, Date.parse(await advance(server, 'PT0S')))).toContain(
      'demo-digital',
    );
  });
});

describe('a card that fails off session (pm_card_chargeCustomerFail)', () => {
  it('goes ACTIVE → PAST_DUE (access kept, retried) → EXPIRED, and the plan can be bought again', async () => {
    const { guid } = await sessionOf(server, 'fails@foyer.test');
    const session = fresh('fails@foyer.test');
    const { subscriptionId } = await buy(server, await session(), 'digital-monthly-usd', 'pm_card_chargeCustomerFail');
    const now = await advance(server, 'P1M');

    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', retries: 0 });
    const purchase = await purchaseOf(server, await session(), subscriptionId);
    expect(purchase.status).toBe('PAST_DUE');
    expect(purchase.subscription?.graceEndDate).toBe(
      new Date(Date.parse(now) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(await entitledProductIds(server.db, guid, Date.parse(now))).toContain('demo-digital');
    const failed = (await eventsOf(server, subscriptionId)).map((event) => event.type);
    expect(failed.sort()).toEqual(['payment.failed', 'subscription.created', 'subscription.past_due']);

    // Retries on days 3 and 5 fail; the one on day 7 is the last.
    await advance(server, 'P3D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', retries: 1 });
    await advance(server, 'P2D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', retries: 2 });
    const ended = await advance(server, 'P2D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED' });
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.status)).toEqual([
      'FAILED',
      'FAILED',
      'FAILED',
      'FAILED',
    ]);
    const events = await eventsOf(server, subscriptionId);
    expect(events.filter((event) => event.type === 'payment.failed')).toHaveLength(4);
    expect(events.find((event) => event.type === 'subscription.expired')).toMatchObject({
      data: { reason: 'payment_failed' },
    });
    expect(await entitledProductIds(server.db, guid, Date.parse(ended))).not.toContain('demo-digital');
    expect((await purchaseOf(server, await session(), subscriptionId)).status).toBe('EXPIRED');

    // A lapsed plan is bought again at once.
    const again = await buy(server, await session(), 'digital-monthly-usd');
    expect(await subscriptionState(server, again.subscriptionId)).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('paying a PAST_DUE subscription with a new card', () => {
  async function pastDue(email: string, plan: string) {
    const session = fresh(email);
    const { subscriptionId } = await buy(server, await session(), plan, 'pm_card_chargeCustomerFail');
    await advance(server, 'P1M');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE' });
    return { session, subscriptionId };
  }

  it('charges what is due, keeps the new card, and is ACTIVE again with the next period', async () => {
    const { session, subscriptionId } = await pastDue('pays@foyer.test', 'digital-monthly-eur');
    const page = await call(server, 'GET', `/widget/account/subscription/${subscriptionId}/payment`, {
      session: await session(),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(subscriptionPaymentPageSchema.parse(page.json())).toMatchObject({
      subscriptionId,
      providerName: 'MANUAL',
      amountDue: { amount: 999, currency: 'EUR' },
      testMode: true,
    });
    const before = await subscriptionState(server, subscriptionId);

    const pay = async () =>
      call(server, 'POST', `/widget/account/subscription/${subscriptionId}/payment`, {
        session: await session(),
        payload: { token: 'pm_card_visa' },
        headers: { 'idempotency-key': 'fix-card-1' },
      });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    const result = subscriptionPaymentResultSchema.parse(paid.json());
    expect(result).toMatchObject({ status: 'SUCCEEDED', subscription: { status: 'ACTIVE' } });
    const after = await subscriptionState(server, subscriptionId);
    expect(after.periods_paid).toBe(before.periods_paid + 1);
    expect(after.end_date > before.end_date).toBe(true);
    expect(result.subscription.nextChargeDate).toBe(after.end_date);
    // The same submission again answers the same payment: no second charge.
    expect(subscriptionPaymentResultSchema.parse((await pay()).json()).status).toBe('SUCCEEDED');
    expect((await chargesOf(server, subscriptionId)).filter((charge) => charge.kind === 'visitor')).toHaveLength(1);
    // Nothing is owed any more.
    const none = await call(server, 'GET', `/widget/account/subscription/${subscriptionId}/payment`, {
      session: await session(),
    });
    expect(none.json()).toMatchObject({ code: 'subscription_not_found' });

    // The next renewal charges the new card.
    await advance(server, 'P1M');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      periods_paid: after.periods_paid + 1,
    });
  });

  it('asks for 3-D Secure with pm_card_authenticationRequired, then pays once the challenge passed', async () => {
    const { session, subscriptionId } = await pastDue('challenged@foyer.test', 'digital-monthly-eur');
    const pay = async () =>
      call(server, 'POST', `/widget/account/subscription/${subscriptionId}/payment`, {
        session: await session(),
        payload: { token: 'pm_card_authenticationRequired' },
      });
    const asked = subscriptionPaymentResultSchema.parse((await pay()).json());
    expect(asked.status).toBe('REQUIRES_ACTION');
    expect(asked.clientSecret).toMatch(/^test_challenge_/);
    expect(asked.subscription.status).toBe('PAST_DUE');
    const reference = asked.clientSecret!.slice('test_challenge_'.length);
    const answered = await server.app.inject({
      method: 'POST',
      url: `/dev/test-challenge/${reference}`,
      payload: { passed: true },
    });
    expect(answered.statusCode).toBe(200);
    const paid = subscriptionPaymentResultSchema.parse((await pay()).json());
    expect(paid).toMatchObject({ status: 'SUCCEEDED', subscription: { status: 'ACTIVE' } });
  });

  it('is the owner’s alone', async () => {
    const { subscriptionId } = await pastDue('twice@foyer.test', 'digital-monthly-usd');
    const other = fresh('rebuys@foyer.test');
    const page = await call(server, 'GET', `/widget/account/subscription/${subscriptionId}/payment`, {
      session: await other(),
    });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'subscription_not_found' });
  });
});

describe('a cancelled subscription', () => {
  it('runs to its period end without a charge, then expires, and can be bought again', async () => {
    const { guid } = await sessionOf(server, 'cancels@foyer.test');
    const session = fresh('cancels@foyer.test');
    const { subscriptionId } = await buy(server, await session(), 'digital-monthly-eur');
    const { end_date: lastDay } = await subscriptionState(server, subscriptionId);
    const cancelled = await call(server, 'POST', `/api/1.0/subscription/${subscriptionId}/cancel/${guid}`, {
      session: await session(),
      payload: { cancelDate: lastDay, reason: 'OTHER' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await eventsOf(server, subscriptionId)).map((event) => event.type).sort()).toEqual([
      'subscription.cancelled',
      'subscription.created',
    ]);

    const onLastDay = await advance(server, 'P1M');
    expect(onLastDay.slice(0, 10) >= lastDay).toBe(true);
    const state = await subscriptionState(server, subscriptionId);
    if (onLastDay.slice(0, 10) === lastDay) {
      expect(state.status).toBe('CANCELLED');
      expect(await entitledProductIds(server.db, guid, Date.parse(onLastDay))).toContain('demo-digital');
      await advance(server, 'P1D');
    }
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED', periods_paid: 1 });
    expect(await chargesOf(server, subscriptionId)).toEqual([]);
    expect((await eventsOf(server, subscriptionId)).at(-1)).toMatchObject({
      type: 'subscription.expired',
      data: { reason: 'cancelled' },
    });
    const again = await buy(server, await session(), 'digital-monthly-eur');
    expect((await subscriptionState(server, again.subscriptionId)).status).toBe('ACTIVE');
  });
});

describe('cancelling a PAST_DUE subscription', () => {
  it('stops its retries and keeps access to the chosen day, never past the grace, then it expires', async () => {
    const { guid } = await sessionOf(server, 'gives-up@foyer.test');
    const session = fresh('gives-up@foyer.test');
    const { subscriptionId } = await buy(server, await session(), 'digital-monthly-eur', 'pm_card_chargeCustomerFail');
    const now = await advance(server, 'P1M');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', retries: 0 });
    const graceEnd = (await purchaseOf(server, await session(), subscriptionId)).subscription!.graceEndDate!;
    const cancel = async (cancelDate: string) =>
      call(server, 'POST', `/api/1.0/subscription/${subscriptionId}/cancel/${guid}`, {
        session: await session(),
        payload: { cancelDate, reason: 'OTHER' },
      });

    // Not past the grace: the renewal is unpaid, so that is the last day there is.
    const dayAfterGrace = new Date(Date.parse(graceEnd) + 86_400_000).toISOString().slice(0, 10);
    expect((await cancel(dayAfterGrace)).json()).toMatchObject({ code: 'cancel_date_invalid' });
    const lastDay = new Date(Date.parse(now) + 2 * 86_400_000).toISOString().slice(0, 10);
    const cancelled = await cancel(lastDay);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'CANCELLED', end_date: lastDay });
    expect(await entitledProductIds(server.db, guid, Date.parse(now))).toContain('demo-digital');

    // The retry of day 3 never runs: no charge after the failed renewal; it expires after its last day.
    const later = await advance(server, 'P8D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED', retries: 0 });
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.status)).toEqual(['FAILED']);
    expect(await entitledProductIds(server.db, guid, Date.parse(later))).not.toContain('demo-digital');
    expect((await eventsOf(server, subscriptionId)).at(-1)).toMatchObject({
      type: 'subscription.expired',
      data: { reason: 'cancelled' },
    });
  });
});

describe('a bank transfer that never arrives', () => {
  it('lapses after 14 days, and the plan can be bought again', async () => {
    const { guid } = await sessionOf(server, 'transfers@foyer.test');
    const session = fresh('transfers@foyer.test');
    const { orderId, subscriptionId } = await buy(
      server,
      await session(),
      'digital-yearly-eur',
      'manual',
      'BANK_TRANSFER',
    );
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    expect((await eventsOf(server, orderId)).map((event) => event.type).sort()).toEqual([
      'order.confirmed',
      'subscription.created',
    ]);
    const now = await advance(server, 'P13D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    expect(await entitledProductIds(server.db, guid, Date.parse(now))).not.toContain('demo-digital');

    await advance(server, 'P2D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED' });
    expect((await purchaseOf(server, await session(), subscriptionId)).status).toBe('EXPIRED');
    expect((await eventsOf(server, subscriptionId)).at(-1)).toMatchObject({
      type: 'subscription.expired',
      data: { reason: 'pending_lapsed' },
    });
    const again = await buy(server, await session(), 'digital-yearly-eur');
    expect((await subscriptionState(server, again.subscriptionId)).status).toBe('ACTIVE');
  });
});

describe('a yearly plan', () => {
  it('records its renewal reminder once, 30 days ahead, then renews', async () => {
    const session = fresh('yearly@foyer.test');
    const { subscriptionId } = await buy(server, await session(), 'digital-yearly-eur');
    const reminders = async () =>
      (await eventsOf(server, subscriptionId)).filter((event) => event.type === 'subscription.renewal_reminder');
    // Up to the day before the reminder is due (a leap year makes the year 366 days long).
    const { end_date: renewsOn } = await subscriptionState(server, subscriptionId);
    const today = (await advance(server, 'PT0S')).slice(0, 10);
    const daysLeft = (Date.parse(renewsOn) - Date.parse(today)) / 86_400_000;
    await advance(server, `P${daysLeft - 31}D`);
    expect(await reminders()).toEqual([]);
    await advance(server, 'P1D');
    const [reminder] = await reminders();
    expect(reminder?.data).toMatchObject({ renewsOn, amount: { amountMinor: 9900, currency: 'EUR' } });
    await advance(server, 'P1D');
    expect(await reminders()).toHaveLength(1);
    await advance(server, 'P30D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE', periods_paid: 2 });
  });
});

describe('a subscription paid by bank transfer', () => {
  it('gets the transfer instructions, and at each period end a notice; the operator confirms the money', async () => {
    const session = fresh('renews-by-transfer@foyer.test');
    const { orderId, subscriptionId, result } = await buy(
      server,
      await session(),
      'digital-monthly-usd',
      'manual',
      'BANK_TRANSFER',
    );
    const reference = `FOYER-${orderId.slice(0, 8).toUpperCase()}`;
    expect(result.transferInstructions).toEqual({
      ...TRANSFER,
      reference,
      amount: { amount: 1099, currency: 'USD', display: '10.99' },
    });
    expect((await eventsOf(server, orderId)).find((event) => event.type === 'order.confirmed')?.data).toMatchObject({
      transfer: { ...TRANSFER, reference },
    });
    const confirmed = await call(server, 'POST', `/widget/admin/orders/${orderId}/confirm-payment`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await eventsOf(server, orderId)).map((event) => event.type)).toContain('payment.succeeded');

    await advance(server, 'P1M');
    // No card to charge: a notice with the amount and its own reference, awaiting the money.
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', periods_paid: 1 });
    const notice = (await eventsOf(server, subscriptionId)).find(
      (event) => event.type === 'subscription.renewal_reminder',
    );
    expect(notice?.data).toMatchObject({ amount: { amountMinor: 1099, currency: 'USD' }, transfer: TRANSFER });
    const renewalReference = (notice?.data.transfer as { reference: string }).reference;
    expect(renewalReference).toMatch(/^FOYER-[0-9A-F]{8}$/);
    // The renewal notice mail: the amount, where to send it and its own reference.
    const mailed = (await mailbox(server)).filter((mail) => mail.to === 'renews-by-transfer@foyer.test');
    const noticeMail = mailed.find((mail) => mail.text.includes(renewalReference));
    expect(noticeMail?.text).toContain(TRANSFER.account);
    expect(noticeMail?.text).toContain('$10.99');
    const wrong = await call(server, 'POST', `/widget/admin/renewals/${renewalReference}/confirm-payment`, {
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    const paid = await call(server, 'POST', `/widget/admin/renewals/${renewalReference}/confirm-payment`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE', periods_paid: 2 });

    // The next notice is not paid: the subscription ends 14 days later.
    await advance(server, 'P1M');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE' });
    await advance(server, 'P15D');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED', periods_paid: 2 });
  });
});
