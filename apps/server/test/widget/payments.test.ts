import { paymentPageSchema, paymentResultSchema, paymentTypesSchema, productSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { STALE_ATTEMPT_MS } from '../../src/widget/payments';
import { loginOk, testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';

let server: PreparedServer;
beforeAll(async () => {
  server = await testServer({
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: {
      ...(await import('../../src/seed-config')).seedConfig,
      accounts: [
        ...(await import('../../src/seed-config')).seedConfig.accounts,
        {
          realmName: 'default',
          identifiers: { email: 'other@foyer.test' },
          password: 'right-password-1',
          attributes: { firstName: 'Other', lastName: 'Person' },
          roles: [],
          services: ['demo'],
          state: 'ACTIVE',
        },
      ],
    },
  });
});
afterAll(() => server.close());

async function count(sql: string, params: string[]): Promise<number> {
  const rows = await server.db.query<{ n: unknown }>(sql, params);
  return Number(rows[0]!.n);
}

describe('GET /widget/payment/types', () => {
  it('lists the active payment types by displayName without a session', async () => {
    const response = await call(server, 'GET', '/widget/payment/types');
    expect(response.statusCode).toBe(200);
    expect(paymentTypesSchema.parse(response.json())).toEqual([
      { name: 'CARD', displayName: 'Card' },
      { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
    ]);
  });
});

describe('GET and POST /widget/payment/:orderId (manual provider)', () => {
  it('names the provider, takes the payment, creates purchases and a subscription, marks the plan subscribed', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [
      { product: 'demo-digital', paymentPlan: 'digital-yearly-eur' },
      { product: 'demo-archive', paymentPlan: 'archive-once-eur' },
    ]);
    const page = await call(server, 'GET', `/widget/payment/${order.id}`, { session });
    expect(page.statusCode).toBe(200);
    expect(paymentPageSchema.parse(page.json())).toEqual({
      providerName: 'MANUAL',
      orderId: order.id,
      orderStatus: 'CREATED',
      total: { amount: 10399, currency: 'EUR', display: '103.99' },
      // The manual card provider is the test card provider: the frame offers the test cards.
      testMode: true,
    });

    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      via: 'header',
      payload: { token: 'manual' },
    });
    expect(paid.statusCode).toBe(200);
    const result = paymentResultSchema.parse(paid.json());
    expect(result).toMatchObject({ orderId: order.id, status: 'SUCCEEDED', providerName: 'MANUAL' });
    expect(result.amount).toEqual({ amount: 10399, currency: 'EUR', display: '103.99' });
    expect(result.purchases).toHaveLength(2);
    // The yearly plan is a subscription; the one-off archive pass is a purchase only.
    expect(result.purchases.filter((purchase) => purchase.subscriptionId)).toHaveLength(1);
    const orderRow = await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]);
    expect(orderRow[0]!.status).toBe('PAID');
    const sub = await server.db.query<{ plan_id: string; start_date: string; end_date: string }>(
      'SELECT plan_id, start_date::text AS start_date, end_date::text AS end_date FROM subscriptions s JOIN purchases p ON p.id = s.purchase_id WHERE p.payment_id = $1',
      [result.paymentId],
    );
    expect(sub).toHaveLength(1);
    expect(sub[0]!.plan_id).toBe('digital-yearly-eur');

    const product = productSchema.parse(
      (await call(server, 'GET', '/widget/product/demo-digital', { session })).json(),
    );
    expect(product.paymentPlans.find((plan) => plan._id === 'digital-yearly-eur')!.subscribed).toBe(true);
    expect(product.paymentPlans.find((plan) => plan._id === 'digital-monthly-eur')!.subscribed).toBe(false);
    const again = await call(server, 'POST', '/widget/order', {
      session,
      payload: { orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }], paymentType: 'CARD' },
    });
    expect(again.json().code).toBe('plan_already_subscribed');
    const paidPage = paymentPageSchema.parse(
      (await call(server, 'GET', `/widget/payment/${order.id}`, { session })).json(),
    );
    expect(paidPage.orderStatus).toBe('PAID');
  });

  it('never charges twice: concurrent double submission and later retries get the first payment', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    const submit = (token: string, key?: string) =>
      call(server, 'POST', `/widget/payment/${order.id}`, {
        session,
        payload: { token },
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      });
    const responses = await Promise.all([submit('manual'), submit('manual'), submit('manual', 'click-2'), submit('x')]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(responses.map((response) => paymentResultSchema.parse(response.json()).paymentId));
    expect(ids.size).toBe(1);
    const retry = paymentResultSchema.parse((await submit('manual')).json());
    expect(ids.has(retry.paymentId)).toBe(true);
    expect(retry.amount).toEqual({ amount: 1200, currency: 'JPY', display: '1200' });
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [order.id])).toBe(1);
    expect(
      await count(
        'SELECT count(*) AS n FROM purchases p JOIN order_items i ON i.id = p.order_item_id WHERE i.order_id = $1',
        [order.id],
      ),
    ).toBe(1);
  });

  it('releases an attempt a stopped server left PENDING, so the retry pays (once)', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    const submit = () =>
      call(server, 'POST', `/widget/payment/${order.id}`, {
        session,
        payload: { token: 'manual' },
        headers: { 'idempotency-key': 'click-1' },
      });
    // What a crash between the attempt's insert and the provider's answer leaves behind.
    const abandonedAt = Date.now() - STALE_ATTEMPT_MS - 1_000;
    await server.db.query(
      `INSERT INTO payments (id, order_id, idempotency_key, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ('abandoned-1', $1, $2, 'MANUAL', 'PENDING', 1200, 'JPY', $3, $3)`,
      [order.id, `${order.id}:click-1`, abandonedAt],
    );
    const paid = await submit();
    expect(paid.statusCode).toBe(200);
    const result = paymentResultSchema.parse(paid.json());
    expect(result.paymentId).not.toBe('abandoned-1');
    expect(result.status).toBe('SUCCEEDED');
    const rows = await server.db.query<{ status: string; error_code: string | null }>(
      'SELECT status, error_code FROM payments WHERE order_id = $1 ORDER BY created_at',
      [order.id],
    );
    expect(rows).toEqual([
      { status: 'FAILED', error_code: 'provider_unavailable' },
      { status: 'SUCCEEDED', error_code: null },
    ]);
    // A retry of the same click now meets the successful attempt, never a new charge.
    expect(paymentResultSchema.parse((await submit()).json()).paymentId).toBe(result.paymentId);
  });

  it('waits for a recent PENDING attempt instead of releasing it', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    const now = Date.now();
    await server.db.query(
      `INSERT INTO payments (id, order_id, idempotency_key, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ('running-1', $1, $2, 'MANUAL', 'PENDING', 1200, 'JPY', $3, $3)`,
      [order.id, `${order.id}:click-1`, now],
    );
    // The running attempt settles while the retry waits: the retry gets its answer.
    setTimeout(() => {
      void server.db.query(
        `UPDATE payments SET status = 'FAILED', error_code = 'card_declined' WHERE id = 'running-1'`,
      );
    }, 300);
    const response = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'manual' },
      headers: { 'idempotency-key': 'click-1' },
    });
    expect(response.json()).toMatchObject({ code: 'card_declined' });
  });

  it('records a bank transfer with the manual provider', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-weekly-usd' }], {
      paymentType: 'BANK_TRANSFER',
    });
    expect(order.paymentType).toBe('BANK_TRANSFER');
    const page = paymentPageSchema.parse(
      (await call(server, 'GET', `/widget/payment/${order.id}`, { session })).json(),
    );
    expect(page.providerName).toBe('MANUAL');
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paymentResultSchema.parse(paid.json()).amount.display).toBe('2.49');
  });

  it('requires a session and the user’s own order', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const anonymous = await call(server, 'POST', `/widget/payment/${order.id}`, { payload: { token: 'manual' } });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().code).toBe('not_logged_in');
    const anonymousPage = await call(server, 'GET', `/widget/payment/${order.id}`);
    expect(anonymousPage.json().code).toBe('not_logged_in');

    const other = (await loginOk(server, 'other@foyer.test', 'right-password-1')).mainSession.sessionId;
    const stranger = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session: other,
      payload: { token: 'manual' },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'order_not_created', message: "An order hasn't been created." });
    const strangerPage = await call(server, 'GET', `/widget/payment/${order.id}`, { session: other });
    expect(strangerPage.json().code).toBe('order_not_created');
    const missing = await call(server, 'GET', '/widget/payment/no-such-order', { session });
    expect(missing.json().code).toBe('order_not_created');
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [order.id])).toBe(0);
  });

  it('refuses an empty token', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const response = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: '' } });
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['token'] });
  });

  it('lets the widgets origin send the Idempotency-Key header across origins, and no other origin', async () => {
    const preflight = (origin: string) =>
      server.app.inject({
        method: 'OPTIONS',
        url: '/pm/api/widget/payment/some-order',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const own = await preflight('http://127.0.0.1:8081');
    expect(own.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8081');
    expect(String(own.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const other = await preflight('http://localhost:3000');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers NOT_FOUND in the catalogue shape for unknown widget paths', async () => {
    const response = await call(server, 'GET', '/widget/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
