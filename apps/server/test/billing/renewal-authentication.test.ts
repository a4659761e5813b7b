/**
 * Issue 25: a renewal that needs 3-D Secure is paid by confirming its own charge. The off-session
 * charge of a card that asks for authentication waits (REQUIRES_ACTION) and the subscription is
 * PAST_DUE; the payment page offers that charge's challenge, and once the visitor passed it the
 * same charge pays the period, once, with no second charge. A challenge left unanswered is closed
 * at the provider before the next retry charges the period again, so it can never be paid beside
 * it; one refused by the bank is closed without counting as a retry.
 */
import { paymentResultSchema, subscriptionPaymentPageSchema, subscriptionPaymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { mailbox } from '../helpers';
import { call, orderOk } from '../widget/helpers';
import { advance, billingServer, chargesOf, sessionOf, subscriptionState } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await billingServer();
});
afterAll(() => server.close());

const TEST_CHALLENGE = 'test_challenge_';

/** How the visitor ends the test card provider's challenge (what the frame's dialog posts). */
async function answerChallenge(clientSecret: string, passed: boolean): Promise<void> {
  expect(clientSecret.startsWith(TEST_CHALLENGE)).toBe(true);
  const answered = await server.app.inject({
    method: 'POST',
    url: `/dev/test-challenge/${clientSecret.slice(TEST_CHALLENGE.length)}`,
    payload: { passed },
  });
  expect(answered.statusCode, answered.body).toBe(200);
}

/**
 * Buys the monthly plan with pm_card_authenticationRequired (its first payment passes a challenge,
 * and the card is kept), then lets a month pass: the renewal waits for the bank and is PAST_DUE.
 */
async function challengedRenewal(email: string) {
  const session = async () => (await sessionOf(server, email)).session;
  const order = await orderOk(
    server,
    await session(),
    [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }],
    {
      paymentType: 'CARD',
    },
  );
  const pay = async () =>
    call(server, 'POST', `/widget/payment/${order.id}`, {
      session: await session(),
      payload: { token: 'pm_card_authenticationRequired' },
      headers: { 'idempotency-key': `first-${email}` },
    });
  const asked = paymentResultSchema.parse((await pay()).json());
  expect(asked.status).toBe('REQUIRES_ACTION');
  await answerChallenge(asked.clientSecret!, true);
  const paid = paymentResultSchema.parse((await pay()).json());
  expect(paid.status).toBe('SUCCEEDED');
  const subscriptionId = paid.purchases[0]!.subscriptionId!;
  const before = await subscriptionState(server, subscriptionId);
  await advance(server, 'P1M');
  expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'PAST_DUE', periods_paid: 1 });
  const page = async () =>
    subscriptionPaymentPageSchema.parse(
      (
        await call(server, 'GET', `/widget/account/subscription/${subscriptionId}/payment`, {
          session: await session(),
        })
      ).json(),
    );
  const authenticate = async () =>
    call(server, 'POST', `/widget/account/subscription/${subscriptionId}/payment/authentication`, {
      session: await session(),
    });
  return { subscriptionId, before, page, authenticate };
}

describe('a renewal that needs 3-D Secure', () => {
  it('is paid by the visitor confirming the renewal’s own charge: ACTIVE again, one charge, no second one', async () => {
    const { subscriptionId, before, page, authenticate } = await challengedRenewal('authenticates@foyer.test');
    // The mail asks to confirm with the bank, with a link to the account page.
    const mails = (await mailbox(server)).filter((one) => one.to === 'authenticates@foyer.test');
    const confirm = mails.find((one) => one.subject === 'Confirm your Foyer demo payment');
    expect(confirm?.text).toContain('/my-account');

    const offered = await page();
    expect(offered.authentication?.clientSecret).toMatch(/^test_challenge_manual_renew_/);
    // Not answered yet: still waiting, nothing settled.
    const early = subscriptionPaymentResultSchema.parse((await authenticate()).json());
    expect(early).toMatchObject({ status: 'REQUIRES_ACTION', clientSecret: offered.authentication!.clientSecret });

    await answerChallenge(offered.authentication!.clientSecret, true);
    const paid = subscriptionPaymentResultSchema.parse((await authenticate()).json());
    expect(paid).toMatchObject({ status: 'SUCCEEDED', subscription: { status: 'ACTIVE' } });
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      periods_paid: before.periods_paid + 1,
    });
    const charges = await chargesOf(server, subscriptionId);
    expect(charges).toEqual([expect.objectContaining({ kind: 'renewal', status: 'SUCCEEDED', attempt: 1 })]);

    // Posted again (a double click, a second tab): nothing more is owed or paid.
    const again = await authenticate();
    expect(again.json()).toMatchObject({ code: 'subscription_not_found' });
    expect(await chargesOf(server, subscriptionId)).toHaveLength(1);
  });

  it('left unanswered, is closed at the provider before the retry charges the period again', async () => {
    const { subscriptionId, page, authenticate } = await challengedRenewal('ignores-bank@foyer.test');
    const first = (await page()).authentication!.clientSecret;

    // The first retry (3 days on): the old challenge is closed, the retry asks the bank anew.
    await advance(server, 'P3D');
    const charges = await chargesOf(server, subscriptionId);
    expect(charges.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
      { attempt: 1, status: 'FAILED' },
      { attempt: 2, status: 'REQUIRES_ACTION' },
    ]);
    const second = (await page()).authentication!.clientSecret;
    expect(second).not.toBe(first);
    // The closed challenge cannot be answered any more: the provider no longer has it.
    const stale = await server.app.inject({
      method: 'POST',
      url: `/dev/test-challenge/${first.slice(TEST_CHALLENGE.length)}`,
      payload: { passed: true },
    });
    expect(stale.statusCode).toBe(404);

    await answerChallenge(second, true);
    expect(subscriptionPaymentResultSchema.parse((await authenticate()).json()).status).toBe('SUCCEEDED');
    expect((await chargesOf(server, subscriptionId)).filter((charge) => charge.status === 'SUCCEEDED')).toHaveLength(1);
  });

  it('refused by the bank, is closed without counting as a retry, and another card can pay', async () => {
    const { subscriptionId, page, authenticate } = await challengedRenewal('declines-bank@foyer.test');
    const state = await subscriptionState(server, subscriptionId);
    await answerChallenge((await page()).authentication!.clientSecret, false);
    const refused = await authenticate();
    expect(refused.statusCode).toBe(402);
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({
      status: 'PAST_DUE',
      retries: state.retries,
    });
    expect((await page()).authentication).toBeUndefined();

    const session = (await sessionOf(server, 'declines-bank@foyer.test')).session;
    const paid = await call(server, 'POST', `/widget/account/subscription/${subscriptionId}/payment`, {
      session,
      payload: { token: 'pm_card_visa' },
    });
    expect(subscriptionPaymentResultSchema.parse(paid.json())).toMatchObject({ status: 'SUCCEEDED' });
  });
});
