import { orderSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { testClock, testServer } from '../helpers';
import { ADDRESS, call, demoSession, orderOk } from './helpers';

let server: PreparedServer;
const clock = testClock(Date.UTC(2030, 0, 31, 12));
beforeAll(async () => {
  server = await testServer({ now: clock.now, loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());

describe('POST /widget/order', () => {
  it('prices the order from the catalogue: trial price first, periods from the start date', async () => {
    const session = await demoSession(server);
    const response = await call(server, 'POST', '/widget/order', {
      session,
      payload: {
        orderItems: [
          { product: 'demo-digital', paymentPlan: 'digital-monthly-eur' },
          { product: 'demo-archive', paymentPlan: 'archive-once-eur' },
        ],
        paymentType: 'CARD',
      },
    });
    expect(response.statusCode).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order.status).toBe('CREATED');
    expect(order.paymentType).toBe('CARD');
    expect(order.total).toEqual({ amount: 100 + 499, currency: 'EUR', display: '5.99' });
    expect(order.items.map((item) => [item.plan, item.price.amount, item.startDate, item.endDate])).toEqual([
      // 31 January + 1 month ends on the last day of February.
      ['digital-monthly-eur', 100, '2030-01-31', '2030-02-28'],
      ['archive-once-eur', 499, '2030-01-31', undefined],
    ]);
  });

  it('ignores a tampered price in the request: the catalogue price is charged', async () => {
    const session = await demoSession(server);
    const response = await call(server, 'POST', '/widget/order', {
      session,
      payload: {
        orderItems: [
          {
            product: { name: 'demo-digital', price: 0.01, finalPrice: { amount: 1, currency: 'EUR' } },
            paymentPlan: { _id: 'digital-yearly-eur', finalPrice: { amount: 1, currency: 'EUR', display: '0.01' } },
            price: 1,
          },
        ],
        paymentType: 'CARD',
        total: { amount: 1, currency: 'EUR' },
        currency: 'JPY',
      },
    });
    expect(response.statusCode).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order.total).toEqual({ amount: 9900, currency: 'EUR', display: '99.00' });
    const rows = await server.db.query<{ total_minor: unknown }>('SELECT total_minor FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(Number(rows[0]!.total_minor)).toBe(9900);
  });

  it('totals in each currency with its own decimals: JPY 0, KWD 3, CLP 0', async () => {
    const session = await demoSession(server);
    const jpy = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    expect(jpy.total).toEqual({ amount: 1200, currency: 'JPY', display: '1200' });
    const address = { deliveryAddressGroup: { values: ADDRESS } };
    const kwd = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-yearly-kwd' }], address);
    expect(kwd.total).toEqual({ amount: 95250, currency: 'KWD', display: '95.250' });
    const clp = await orderOk(server, session, [{ product: 'demo-bundle', bundlePlan: 'bundle-monthly-clp' }], address);
    expect(clp.total).toEqual({ amount: 9990, currency: 'CLP', display: '9990' });
    // Delivered: not given, the first delivery is the earliest delivery day (Thursday 31 → Monday 4).
    expect(clp.items[0]).toMatchObject({ planKind: 'bundlePlan', startDeliveryDate: '2030-02-04' });
    const chf = await orderOk(
      server,
      session,
      [{ product: 'demo-print', paymentPlan: 'print-quarterly-chf' }],
      address,
    );
    expect(chf.total).toEqual({ amount: 6995, currency: 'CHF', display: '69.95' });
  });

  it('requires a session (not_logged_in), and answers SESSION_HAS_EXPIRED for an expired one', async () => {
    const none = await call(server, 'POST', '/widget/order', {
      payload: { orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }], paymentType: 'CARD' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('not_logged_in');
    const session = await demoSession(server);
    clock.advance(3 * 3600_000);
    const expired = await call(server, 'POST', '/widget/order', {
      session,
      payload: { orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }], paymentType: 'CARD' },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_HAS_EXPIRED');
  });

  it('answers the spec errors: no_products_selected, bex0004, nothing_selected, INVALID_FORM', async () => {
    const session = await demoSession(server);
    const post = (payload: object) => call(server, 'POST', '/widget/order', { session, payload });
    const empty = await post({ orderItems: [], paymentType: 'CARD' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'no_products_selected', message: 'No products selected' });
    const unknown = await post({ orderItems: [{ product: 'nope', paymentPlan: 'x' }], paymentType: 'CARD' });
    expect(unknown.json()).toMatchObject({ code: 'bex0004', message: 'Product not found' });
    const otherPlan = await post({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'print-monthly-eur' }],
      paymentType: 'CARD',
    });
    expect(otherPlan.json().code).toBe('bex0004');
    const noPlan = await post({ orderItems: [{ product: 'demo-digital' }], paymentType: 'CARD' });
    expect(noPlan.json()).toMatchObject({ code: 'nothing_selected', message: 'Please select an option to continue' });
    const noAddress = await post({
      orderItems: [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }],
      paymentType: 'CARD',
    });
    expect(noAddress.json()).toMatchObject({ code: 'INVALID_FORM', args: ['deliveryAddress'] });
    const badAddress = await post({
      orderItems: [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }],
      paymentType: 'CARD',
      deliveryAddressGroup: { values: { ...ADDRESS, country: 'Belgium' } },
    });
    expect(badAddress.json()).toMatchObject({ code: 'INVALID_FORM', args: ['deliveryAddress.country'] });
    const strangersAddress = await post({
      orderItems: [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }],
      paymentType: 'CARD',
      deliveryAddressGroup: { id: 'not-mine' },
    });
    expect(strangersAddress.json().code).toBe('INVALID_FORM');
  });

  it('refuses mixed currencies, an inactive payment type, the same product twice and a past start date', async () => {
    const session = await demoSession(server);
    const post = (payload: object) => call(server, 'POST', '/widget/order', { session, payload });
    const mixed = await post({
      orderItems: [
        { product: 'demo-digital', paymentPlan: 'digital-monthly-usd' },
        { product: 'demo-archive', paymentPlan: 'archive-once-eur' },
      ],
      paymentType: 'CARD',
    });
    expect(mixed.json()).toMatchObject({ code: 'currency_mismatch' });
    const cash = await post({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }],
      paymentType: 'CASH',
    });
    expect(cash.json().code).toBe('payment_type_not_allowed');
    const twice = await post({
      orderItems: [
        { product: 'demo-digital', paymentPlan: 'digital-yearly-eur' },
        { product: 'demo-digital', paymentPlan: 'digital-monthly-eur' },
      ],
      paymentType: 'CARD',
    });
    expect(twice.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['orderItems.1.product'] });
    const past = await post({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur', startDate: '2001-01-01' }],
      paymentType: 'CARD',
    });
    expect(past.json()).toMatchObject({ code: 'start_date_out_of_range', args: ['2001-01-01'] });
    // Dates are bounded: the far future is refused with the same clear error, never a 500.
    const farFuture = await post({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur', startDate: '9999-12-31' }],
      paymentType: 'CARD',
    });
    expect(farFuture.statusCode).toBe(400);
    expect(farFuture.json()).toMatchObject({
      code: 'start_date_out_of_range',
      message: 'The start date must be between today and one year from today',
    });
    const notADay = await post({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur', startDate: '2030-02-30' }],
      paymentType: 'CARD',
    });
    expect(notADay.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['orderItems.0.startDate'] });
  });

  // Issue 32, item 7: version 2 keeps version 1's earliest delivery day (two working days ahead).
  it("a delivered product's first delivery is never before the earliest delivery day", async () => {
    const session = await demoSession(server);
    const address = { deliveryAddressGroup: { values: ADDRESS } };
    const post = (item: Record<string, string>) =>
      call(server, 'POST', '/widget/order', {
        session,
        payload: {
          orderItems: [{ product: 'demo-print', paymentPlan: 'print-monthly-eur', ...item }],
          paymentType: 'CARD',
          ...address,
        },
      });
    // Today is Thursday 31 January: Friday is the first working day, Monday the second.
    const tooEarly = await post({ startDeliveryDate: '2030-02-01' });
    expect(tooEarly.json()).toMatchObject({ code: 'start_date_out_of_range', args: ['2030-02-01'] });
    const earliest = await post({ startDeliveryDate: '2030-02-04' });
    expect(earliest.statusCode).toBe(201);
    expect(orderSchema.parse(earliest.json()).items[0]).toMatchObject({
      startDate: '2030-01-31',
      startDeliveryDate: '2030-02-04',
    });
    // A later start: the first delivery, not given, is on the start date.
    const later = await post({ startDate: '2030-03-01' });
    expect(orderSchema.parse(later.json()).items[0]).toMatchObject({ startDeliveryDate: '2030-03-01' });
  });

  // Issue 32, item 7: the visitor chooses the first delivery; it is on a delivery day (Monday to Friday).
  it('refuses a first delivery on a weekend with not_a_delivery_day; a later start defaults to a delivery day', async () => {
    const session = await demoSession(server);
    const post = (item: Record<string, string>) =>
      call(server, 'POST', '/widget/order', {
        session,
        payload: {
          orderItems: [{ product: 'demo-print', paymentPlan: 'print-monthly-eur', ...item }],
          paymentType: 'CARD',
          deliveryAddressGroup: { values: ADDRESS },
        },
      });
    // Saturday 9 February 2030, after the earliest day (Monday 4).
    const saturday = await post({ startDeliveryDate: '2030-02-09' });
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json()).toMatchObject({
      code: 'not_a_delivery_day',
      message: 'Deliveries start on a working day (Monday to Friday)',
      args: ['2030-02-09'],
    });
    const chosen = await post({ startDate: '2030-01-31', endDate: '2030-02-28', startDeliveryDate: '2030-02-06' });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(orderSchema.parse(chosen.json()).items[0]).toMatchObject({
      startDate: '2030-01-31',
      endDate: '2030-02-28',
      startDeliveryDate: '2030-02-06',
    });
    // Started on Sunday 3 March without a delivery day: the first delivery is Monday 4 March.
    const sunday = await post({ startDate: '2030-03-03' });
    expect(orderSchema.parse(sunday.json()).items[0]).toMatchObject({ startDeliveryDate: '2030-03-04' });
  });

  it('reuses a saved address by id, and the delivery address as billing address', async () => {
    const session = await demoSession(server);
    const first = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }], {
      deliveryAddressGroup: { values: ADDRESS },
    });
    expect(first.total.amount).toBe(2490);
    const groups = (await call(server, 'GET', '/widget/profile/attributeGroups/demo', { session })).json();
    const saved = groups.savedAddresses[0];
    expect(saved.values).toEqual(ADDRESS);
    const second = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }], {
      billingAddressGroup: { id: saved.id },
    });
    const rows = await server.db.query<{ delivery_address: unknown; billing_address: unknown }>(
      'SELECT delivery_address, billing_address FROM orders WHERE id = $1',
      [second.id],
    );
    expect(rows[0]!.delivery_address).toEqual(ADDRESS);
    expect(rows[0]!.billing_address).toEqual(ADDRESS);
  });
});

describe('Idempotency-Key and expiry', () => {
  const body = { orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], paymentType: 'CARD' };

  it('answers the same order for the same key and account, even to concurrent requests', async () => {
    const session = await demoSession(server);
    const post = (key: string, as = session) =>
      call(server, 'POST', '/widget/order', { session: as, payload: body, headers: { 'idempotency-key': key } });
    const responses = await Promise.all([post('order-key-1'), post('order-key-1'), post('order-key-1')]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(responses.map((response) => orderSchema.parse(response.json()).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(orderSchema.parse((await post('order-key-1')).json()).id).toBe(id);
    expect(orderSchema.parse((await post('order-key-2')).json()).id).not.toBe(id);
    const rows = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM orders WHERE idempotency_key = 'order-key-1'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('cancels unpaid orders after the time to live; paying one then answers order_expired', async () => {
    const { expireUnpaidOrders, DEFAULT_ORDER_TTL_MS } = await import('../../src/widget/orders');
    const session = await demoSession(server);
    const unpaid = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const paid = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    await call(server, 'POST', `/widget/payment/${paid.id}`, { session, payload: { token: 'manual' } });
    expect(await expireUnpaidOrders(server.db, clock.now(), DEFAULT_ORDER_TTL_MS)).toBe(0);
    clock.advance(DEFAULT_ORDER_TTL_MS + 60_000);
    expect(await expireUnpaidOrders(server.db, clock.now(), DEFAULT_ORDER_TTL_MS)).toBeGreaterThanOrEqual(1);
    const statuses = await server.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM orders WHERE id = ANY($1::text[]) ORDER BY id',
      [[unpaid.id, paid.id]],
    );
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [unpaid.id]: 'CANCELLED',
      [paid.id]: 'PAID',
    });
    const late = await call(server, 'POST', `/widget/payment/${unpaid.id}`, {
      session: await demoSession(server),
      payload: { token: 'manual' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_expired');
  });
});
