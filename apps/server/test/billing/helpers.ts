/**
 * Helpers of the billing tests: a server with the test clock and the test card provider, buying
 * plans through the real widget calls and moving months with POST /dev/clock.
 */
import { paymentResultSchema, purchasesSchema, type PaymentResult, type Purchase } from '@foyer/api';
import { expect } from 'vitest';
import type { PreparedServer, ServerOptions } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk, testClock, testServer } from '../helpers';
import { call, orderOk, seededPerson } from '../widget/helpers';

/** 15 January 2030, noon UTC: monthly periods end on the 15th. */
export const START = Date.UTC(2030, 0, 15, 12);

export const PEOPLE = [
  'renews@foyer.test',
  'fails@foyer.test',
  'pays@foyer.test',
  'challenged@foyer.test',
  'cancels@foyer.test',
  'transfers@foyer.test',
  'rebuys@foyer.test',
  'refunds@foyer.test',
  'lost@foyer.test',
  'twice@foyer.test',
  'yearly@foyer.test',
  'renews-by-transfer@foyer.test',
  'early-access@foyer.test',
  'gives-up@foyer.test',
  'disputes@foyer.test',
  'keeps@foyer.test',
  'authenticates@foyer.test',
  'ignores-bank@foyer.test',
  'declines-bank@foyer.test',
];

export const OPERATOR_TOKEN = 'operator-secret-for-billing-tests';
export const TRANSFER = { beneficiary: 'Foyer Demo Ltd', account: 'BE71 0961 2345 6769', bic: 'GKCCBEBB' };

export async function billingServer(options: ServerOptions = {}): Promise<PreparedServer> {
  const clock = testClock(START);
  return testServer({
    now: clock.now,
    devClock: true,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    paymentProviders: providersFromEnv({ FOYER_CARD_PROVIDER: 'manual', FOYER_PAYMENT_TYPES: 'CARD,BANK_TRANSFER' }),
    operatorToken: OPERATOR_TOKEN,
    transfer: TRANSFER,
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, ...PEOPLE.map((email) => seededPerson(email))] },
    ...options,
  });
}

export async function sessionOf(server: PreparedServer, email: string): Promise<{ session: string; guid: string }> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

/** Moves the test clock and runs what became due; answers the new time. */
export async function advance(server: PreparedServer, duration: string): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance: duration } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ now: string }>().now;
}

/** Buys `plan` of demo-digital with a test card (or by transfer); answers the subscription id. */
export async function buy(
  server: PreparedServer,
  session: string,
  plan: string,
  token = 'pm_card_visa',
  paymentType = 'CARD',
): Promise<{ orderId: string; subscriptionId: string; result: PaymentResult }> {
  const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: plan }], { paymentType });
  const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token } });
  expect(paid.statusCode, paid.body).toBe(200);
  const result = paymentResultSchema.parse(paid.json());
  return { orderId: order.id, subscriptionId: result.purchases[0]!.subscriptionId!, result };
}

export async function purchaseOf(server: PreparedServer, session: string, subscriptionId: string): Promise<Purchase> {
  const response = await call(server, 'GET', '/widget/account/purchases/', { session });
  const found = purchasesSchema.parse(response.json()).find((purchase) => purchase.subscription?.id === subscriptionId);
  if (!found) throw new Error(`no purchase for ${subscriptionId}`);
  return found;
}

export interface SubscriptionState {
  status: string;
  end_date: string;
  periods_paid: number;
  retries: number;
}

export async function subscriptionState(server: PreparedServer, id: string): Promise<SubscriptionState> {
  const rows = await server.db.query<SubscriptionState>(
    'SELECT status, end_date::text AS end_date, periods_paid, retries FROM subscriptions WHERE id = $1',
    [id],
  );
  const row = rows[0]!;
  return { ...row, periods_paid: Number(row.periods_paid), retries: Number(row.retries) };
}

/** The billing events of a subscription or order, oldest first: type and payload. */
export async function eventsOf(
  server: PreparedServer,
  id: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const rows = await server.db.query<{ type: string; data: unknown }>(
    `SELECT type, data FROM billing_events WHERE subscription_id = $1 OR order_id = $1 ORDER BY created_at, id`,
    [id],
  );
  return rows.map((row) => ({
    type: row.type,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  }));
}

export async function chargesOf(
  server: PreparedServer,
  subscriptionId: string,
): Promise<{ status: string; amount_minor: number; kind: string; period_end: string; attempt: number }[]> {
  const rows = await server.db.query<{
    status: string;
    amount_minor: unknown;
    kind: string;
    period_end: string;
    attempt: unknown;
  }>(
    `SELECT status, amount_minor, kind, period_end::text AS period_end, attempt FROM renewal_charges
      WHERE subscription_id = $1 ORDER BY period_end, attempt`,
    [subscriptionId],
  );
  return rows.map((row) => ({ ...row, amount_minor: Number(row.amount_minor), attempt: Number(row.attempt) }));
}
