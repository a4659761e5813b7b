/**
 * Version 1 takes direct debits (issue 25): with GoCardless configured, the hosted payment page
 * sends a direct-debit order to GoCardless's mandate flow; the way back completes the mandate and
 * collects the first payment on it through the same claim as a card, once however often the
 * visitor comes back; the purchase awaits the collection (ACTIVE_PENDING) until GoCardless
 * confirms it; a mandate the payer did not set up is told to the shop as REFUSED, with nothing
 * collected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { testClock, testServer } from '../helpers';
import { deliverWebhook, goCardlessProviders, seededPerson } from './helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from './stand-ins/gocardless';
import { checkoutToHostedPage, comeBack as comeBackTo, heldMonthly } from './v1-hosted-checkout';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
const EMAILS = ['v1-gocardless-a@foyer.test', 'v1-gocardless-b@foyer.test'];
let gocardless: GoCardlessStandIn;
let server: PreparedServer;

beforeAll(async () => {
  gocardless = await startGoCardlessStandIn({ now: clock.now });
  server = await testServer({
    now: clock.now,
    devClock: true,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, ...EMAILS.map((email) => seededPerson(email))] },
    paymentProviders: goCardlessProviders(gocardless),
  });
});
afterAll(async () => {
  await server.close();
  await gocardless.close();
});

/** Checks out by direct debit: the hosted page answers GoCardless's page; answers the flow GoCardless made. */
async function checkout(email: string) {
  const { location, sessionId } = await checkoutToHostedPage(server, email, 'offline-REC');
  const [flowId, flow] = [...gocardless.billingRequests.entries()].at(-1)!;
  // GoCardless's hosted page, which returns to our signed way back with the flow's id.
  expect(new URL(location).origin).toBe(new URL(gocardless.apiUrl).origin);
  const back = new URL(flow.redirectUri!);
  expect(back.pathname).toBe('/pm/v1/payment-return');
  expect(back.searchParams.get('redirect_flow_id')).toBe(flowId);
  return { flowId, back: back.href, sessionId };
}

const comeBack = (url: string) => comeBackTo(server, url);

describe('version 1 by direct debit', () => {
  it('sets up the mandate on GoCardless’s page and collects the first payment once, however often the visitor comes back', async () => {
    const { flowId, back, sessionId } = await checkout(EMAILS[0]!);
    gocardless.sign(flowId);
    const before = gocardless.payments.length;
    expect(await comeBack(back)).toBe('PAID');
    expect(await comeBack(back)).toBe('PAID');
    expect(gocardless.payments).toHaveLength(before + 1);
    const payment = gocardless.payments.at(-1)!;
    // The first period at the plan's trial price, collected on the new mandate.
    expect(payment).toMatchObject({ amount: 100, currency: 'EUR' });
    expect(await heldMonthly(server, sessionId)).toEqual(['ACTIVE_PENDING']);

    // Collected: GoCardless says so, and the subscription starts.
    gocardless.setStatus(payment.id, 'confirmed');
    const told = await deliverWebhook(
      server,
      'gocardless',
      gocardless.webhook([{ resource_type: 'payments', action: 'confirmed', links: { payment: payment.id } }]),
    );
    expect(told.statusCode, told.body).toBe(200);
    expect(await heldMonthly(server, sessionId)).toEqual(['ACTIVE']);
  });

  it('a mandate the payer did not set up: REFUSED to the shop, nothing collected, nothing held', async () => {
    const { back, sessionId } = await checkout(EMAILS[1]!);
    const before = gocardless.payments.length;
    expect(await comeBack(back)).toBe('REFUSED');
    expect(gocardless.payments).toHaveLength(before);
    expect(await heldMonthly(server, sessionId)).toEqual([]);
  });
});
