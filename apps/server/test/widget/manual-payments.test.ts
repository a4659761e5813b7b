/**
 * Without a card provider no CARD payment is offered or taken; bank transfer and cash orders
 * await payment (ACTIVE_PENDING, order CREATED) until an operator confirms them with the token of
 * FOYER_OPERATOR_TOKEN.
 */
import { orderSchema, paymentResultSchema, paymentTypesSchema, productSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { providersFromEnv } from '../../src/widget/providers';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';

const OPERATOR_TOKEN = 'operator-secret-for-tests';
let server: PreparedServer;
let noOperator: PreparedServer;
beforeAll(async () => {
  server = await testServer({
    paymentProviders: providersFromEnv({ FOYER_PAYMENT_TYPES: 'BANK_TRANSFER,CASH' }),
    operatorToken: OPERATOR_TOKEN,
  });
  noOperator = await testServer({ paymentProviders: providersFromEnv({}), seed: false });
});
afterAll(async () => {
  await server.close();
  await noOperator.close();
});

function confirm(target: PreparedServer, orderId: string, token?: string) {
  return call(target, 'POST', `/widget/admin/orders/${orderId}/confirm-payment`, {
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

describe('without a card provider', () => {
  it('offers no CARD and refuses a CARD order with card_provider_not_configured', async () => {
    expect(providersFromEnv({}).paymentTypes).toEqual(['BANK_TRANSFER']);
    expect(() => providersFromEnv({ FOYER_PAYMENT_TYPES: 'CARD' })).toThrow(/FOYER_CARD_PROVIDER/);
    const types = paymentTypesSchema.parse((await call(server, 'GET', '/widget/payment/types')).json());
    expect(types.map((type) => type.name)).toEqual(['BANK_TRANSFER', 'CASH']);
    const session = await demoSession(server);
    const refused = await call(server, 'POST', '/widget/order', {
      session,
      payload: { orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], paymentType: 'CARD' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'card_provider_not_configured',
      message: 'Card payments are not available on this site',
    });
  });
});

describe('bank transfer and cash', () => {
  it('await payment until the operator confirms: ACTIVE_PENDING, then PAID and ACTIVE', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], {
      paymentType: 'BANK_TRANSFER',
    });
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    const result = paymentResultSchema.parse(paid.json());
    // The widget still says 'Payment Successful': the transfer is recorded.
    expect(result).toMatchObject({ status: 'SUCCEEDED', providerName: 'MANUAL' });
    expect(result.purchases.map((purchase) => purchase.status)).toEqual(['ACTIVE_PENDING']);
    const orderStatus = async () =>
      (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]))[0]!.status;
    expect(await orderStatus()).toBe('CREATED');
    // The plan is held meanwhile: no second order for it.
    const product = productSchema.parse(
      (await call(server, 'GET', '/widget/product/demo-digital', { session })).json(),
    );
    expect(product.paymentPlans.find((plan) => plan._id === 'digital-monthly-eur')!.subscribed).toBe(true);

    expect((await confirm(server, order.id)).json().code).toBe('operator_token_invalid');
    expect((await confirm(server, order.id, 'wrong-token')).statusCode).toBe(401);
    const confirmed = await confirm(server, order.id, OPERATOR_TOKEN);
    expect(confirmed.statusCode).toBe(200);
    expect(orderSchema.parse(confirmed.json()).status).toBe('PAID');
    const statuses = await server.db.query<{ purchase: string; subscription: string }>(
      `SELECT p.status AS purchase, s.status AS subscription FROM purchases p JOIN subscriptions s ON s.purchase_id = p.id
        WHERE p.payment_id = $1`,
      [result.paymentId],
    );
    expect(statuses).toEqual([{ purchase: 'ACTIVE', subscription: 'ACTIVE' }]);
    // Confirming again answers the paid order; a retried submission gets the same payment.
    expect(orderSchema.parse((await confirm(server, order.id, OPERATOR_TOKEN)).json()).status).toBe('PAID');
    const again = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paymentResultSchema.parse(again.json()).paymentId).toBe(result.paymentId);
  });

  it('refuses to confirm an order without a recorded transfer, and unknown orders', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], {
      paymentType: 'CASH',
    });
    expect((await confirm(server, order.id, OPERATOR_TOKEN)).json().code).toBe('payment_not_awaiting_confirmation');
    expect((await confirm(server, 'no-such-order', OPERATOR_TOKEN)).json().code).toBe('order_not_created');
  });

  it('has no operator call without FOYER_OPERATOR_TOKEN', async () => {
    const response = await confirm(noOperator, 'any-order', 'anything');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
