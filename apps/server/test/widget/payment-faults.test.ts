/**
 * Money under faults (issue 10), against the Stripe stand-in: what a server that stopped during
 * the provider call leaves behind (a PENDING attempt of another process), a call whose answer was
 * lost, and concurrent payments of several orders for one plan. In every case the provider
 * charges once and the order ends paid, whatever Idempotency-Key the retry carries.
 */
import { paymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { STALE_ATTEMPT_MS } from '../../src/widget/payments';
import { stripeProvider } from '../../src/widget/providers/stripe';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';

let stripe: StripeStandIn;
let server: PreparedServer;
const ENV = ['FOYER_CARD_PROVIDER', 'STRIPE_API_URL', 'STRIPE_SECRET_KEY'] as const;

beforeAll(async () => {
  // The reconciliation of a lost call, not Stripe's indexing lag (providers-stripe.test.ts).
  stripe = await startStripeStandIn({ searchLagMs: 0 });
  Object.assign(process.env, {
    FOYER_CARD_PROVIDER: 'stripe',
    STRIPE_API_URL: stripe.apiUrl,
    STRIPE_SECRET_KEY: stripe.secretKey,
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

const intentsOf = (orderId: string) => stripe.intents.filter((intent) => intent.metadata.order_id === orderId);

/** The row a server writes before asking the provider, as a process that is gone left it. */
async function abandonedAttempt(
  orderId: string,
  options: { status?: string; errorCode?: string; createdAt?: number } = {},
): Promise<void> {
  const createdAt = options.createdAt ?? Date.now();
  await server.db.query(
    `INSERT INTO payments (id, order_id, idempotency_key, provider_key, owner, provider, status, amount_minor, currency,
                           error_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'stopped-server', 'STRIPE', $5, 1200, 'JPY', $6, $7, $7)`,
    [
      `lost-${orderId}`,
      orderId,
      `${orderId}:first-mount-key`,
      `${orderId}:0`,
      options.status ?? 'PENDING',
      options.errorCode ?? null,
      createdAt,
    ],
  );
}

/** The provider call of that attempt, as it reached Stripe before the server stopped. */
function providerCall(orderId: string) {
  return stripeProvider({ apiUrl: stripe.apiUrl, secretKey: stripe.secretKey }).charge({
    paymentId: `lost-${orderId}`,
    idempotencyKey: `${orderId}:0`,
    orderId,
    amountMinor: 1200,
    currency: 'JPY',
    token: 'pm_card_visa',
    description: `Order ${orderId}`,
  });
}

async function newOrder(session: string) {
  return orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
}

function pay(session: string, orderId: string, key: string, token = 'pm_card_visa') {
  return call(server, 'POST', `/widget/payment/${orderId}`, {
    session,
    payload: { token },
    headers: { 'idempotency-key': key },
  });
}

describe('a server stopped during the provider call', () => {
  it('the provider charged: a retry with a new key gets the reconciled payment at once, no second charge', async () => {
    const session = await demoSession(server);
    const order = await newOrder(session);
    await abandonedAttempt(order.id);
    await providerCall(order.id);
    const started = Date.now();
    const retry = await pay(session, order.id, 'after-reload-key', 'pm_card_visa');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(retry.statusCode).toBe(200);
    const result = paymentResultSchema.parse(retry.json());
    expect(result).toMatchObject({ paymentId: `lost-${order.id}`, status: 'SUCCEEDED' });
    expect(result.purchases).toHaveLength(1);
    // The first mount's key and yet another key meet the same payment.
    for (const key of ['first-mount-key', 'third-key']) {
      const again = paymentResultSchema.parse((await pay(session, order.id, key)).json());
      expect(again.paymentId).toBe(result.paymentId);
    }
    expect(intentsOf(order.id)).toHaveLength(1);
    const rows = await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]);
    expect(rows[0]!.status).toBe('PAID');
  });

  it('the provider is still charging: the retry waits for it (no 409 loop) and records it', async () => {
    const session = await demoSession(server);
    const order = await newOrder(session);
    await abandonedAttempt(order.id);
    stripe.delayMs = 1_200;
    try {
      const inFlight = providerCall(order.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const retry = await pay(session, order.id, 'after-reload-key');
      expect(paymentResultSchema.parse(retry.json())).toMatchObject({
        paymentId: `lost-${order.id}`,
        status: 'SUCCEEDED',
      });
      await inFlight;
    } finally {
      stripe.delayMs = 0;
    }
    expect(intentsOf(order.id)).toHaveLength(1);
  });

  it('the provider never saw it: the stale attempt is released and the retry charges once', async () => {
    const session = await demoSession(server);
    const order = await newOrder(session);
    await abandonedAttempt(order.id, { createdAt: Date.now() - STALE_ATTEMPT_MS - 1_000 });
    const retry = paymentResultSchema.parse((await pay(session, order.id, 'after-reload-key')).json());
    expect(retry.status).toBe('SUCCEEDED');
    expect(retry.paymentId).not.toBe(`lost-${order.id}`);
    expect(intentsOf(order.id)).toHaveLength(1);
    // The new attempt kept the order's provider key: a late replay of the lost call would meet it.
    const keys = await server.db.query<{ provider_key: string; status: string }>(
      'SELECT provider_key, status FROM payments WHERE order_id = $1 ORDER BY created_at',
      [order.id],
    );
    expect(keys).toEqual([
      { provider_key: `${order.id}:0`, status: 'FAILED' },
      { provider_key: `${order.id}:0`, status: 'SUCCEEDED' },
    ]);
  });
});

describe('a provider call whose answer was lost (timeout)', () => {
  it('the next attempt, with another card and key, finds the charge instead of making a second one', async () => {
    const session = await demoSession(server);
    const order = await newOrder(session);
    await abandonedAttempt(order.id, { status: 'FAILED', errorCode: 'provider_unavailable' });
    await providerCall(order.id);
    const retry = paymentResultSchema.parse((await pay(session, order.id, 'new-key', 'pm_card_other')).json());
    expect(retry.status).toBe('SUCCEEDED');
    expect(intentsOf(order.id)).toHaveLength(1);
  });

  it('a refusal gives the next attempt a new provider key, so another card can pay', async () => {
    const session = await demoSession(server);
    const order = await newOrder(session);
    expect((await pay(session, order.id, 'k1', 'pm_card_chargeDeclined')).json().code).toBe('card_declined');
    expect(paymentResultSchema.parse((await pay(session, order.id, 'k2')).json()).status).toBe('SUCCEEDED');
    const keys = await server.db.query<{ provider_key: string }>(
      'SELECT provider_key FROM payments WHERE order_id = $1 ORDER BY created_at',
      [order.id],
    );
    expect(keys.map((row) => row.provider_key)).toEqual([`${order.id}:0`, `${order.id}:1`]);
  });
});

describe('one active subscription per account and plan', () => {
  it('five unpaid orders for one plan paid at once: one subscription, one charge', async () => {
    const session = await demoSession(server);
    const plan = { product: 'demo-digital', paymentPlan: 'digital-monthly-usd' };
    const orders = [];
    for (let index = 0; index < 5; index += 1) orders.push(await orderOk(server, session, [plan]));
    stripe.delayMs = 200;
    let responses;
    try {
      responses = await Promise.all(orders.map((order, index) => pay(session, order.id, `k-${index}`)));
    } finally {
      stripe.delayMs = 0;
    }
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(['plan_already_subscribed', 'payment_in_progress']).toContain(response.json().code);
    }
    const charged = orders.flatMap((order) => intentsOf(order.id));
    expect(charged).toHaveLength(1);
    const subscriptions = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM subscriptions s JOIN purchases p ON p.id = s.purchase_id
        WHERE s.plan_id = 'digital-monthly-usd' AND s.status IN ('ACTIVE', 'ACTIVE_PENDING') AND s.guid = p.guid
          AND p.payment_id IN (SELECT id FROM payments WHERE order_id = ANY($1::text[]))`,
      [orders.map((order) => order.id)],
    );
    expect(Number(subscriptions[0]!.n)).toBe(1);
    // Paying one of the refused orders later is refused before the provider is asked. (Any of the
    // five may have won the race: on PostgreSQL it is not always the first, so not a fixed index.)
    const refused = orders[responses.findIndex((response) => response.statusCode !== 200)]!;
    const later = await pay(session, refused.id, 'later');
    expect(later.json().code).toBe('plan_already_subscribed');
    expect(orders.flatMap((order) => intentsOf(order.id))).toHaveLength(1);
  });

  it('the database refuses a second active subscription of one account to one plan', async () => {
    const rows = await server.db.query<{ id: string; purchase_id: string; guid: string; plan_id: string }>(
      `SELECT id, purchase_id, guid, plan_id FROM subscriptions WHERE status = 'ACTIVE' LIMIT 1`,
    );
    const existing = rows[0]!;
    const purchase = await server.db.query<{ order_item_id: string; payment_id: string }>(
      'SELECT order_item_id, payment_id FROM purchases WHERE id = $1',
      [existing.purchase_id],
    );
    await expect(
      server.db.transaction(async (tx) => {
        // A second purchase row needs its own order item: reuse the item under a fresh id.
        await tx.query(
          `INSERT INTO order_items (id, order_id, position, product_name, plan_id, plan_kind, frequency, price_minor,
                                    currency, start_date, snapshot)
           SELECT 'dup-item', order_id, position + 100, product_name, plan_id, plan_kind, frequency, price_minor,
                  currency, start_date, snapshot FROM order_items WHERE id = $1`,
          [purchase[0]!.order_item_id],
        );
        await tx.query(
          `INSERT INTO purchases (id, guid, order_item_id, payment_id, status, created_at)
           VALUES ('dup-purchase', $1, 'dup-item', $2, 'ACTIVE', 0)`,
          [existing.guid, purchase[0]!.payment_id],
        );
        await tx.query(
          `INSERT INTO subscriptions (id, purchase_id, guid, product_name, plan_id, frequency, status, start_date)
           VALUES ('dup-sub', 'dup-purchase', $1, 'demo-digital', $2, 'MONTH1', 'ACTIVE', '2030-01-01')`,
          [existing.guid, existing.plan_id],
        );
      }),
    ).rejects.toThrow(/subscriptions_one_active_per_plan|unique/i);
  });
});
