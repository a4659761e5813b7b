/**
 * Direct debit through GoCardless (stand-in), in both mandate flows: the legacy redirect flow the
 * spec describes and the billing request flow. The test plays the visitor on the hosted page.
 */
import { directDebitRedirectSchema, paymentPageSchema, paymentResultSchema, paymentTypesSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledProductIds } from '../../src/account/entitlements';
import type { PreparedServer } from '../../src/index';
import { goCardlessProvider } from '../../src/widget/providers/gocardless';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from './stand-ins/gocardless';

let gocardless: GoCardlessStandIn;
const servers: Record<'redirect_flow' | 'billing_request', PreparedServer> = {} as never;
const SUCCESS_URL = 'http://localhost:8080/direct-debit-complete?lang=en';

beforeAll(async () => {
  gocardless = await startGoCardlessStandIn();
  for (const flow of ['redirect_flow', 'billing_request'] as const) {
    Object.assign(process.env, {
      GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
      GOCARDLESS_API_URL: gocardless.apiUrl,
      GOCARDLESS_FLOW: flow,
    });
    try {
      servers[flow] = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
    } finally {
      for (const name of ['GOCARDLESS_ACCESS_TOKEN', 'GOCARDLESS_API_URL', 'GOCARDLESS_FLOW']) delete process.env[name];
    }
  }
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  await gocardless.close();
});

describe.each(['redirect_flow', 'billing_request'] as const)('direct debit with the GoCardless %s', (flow) => {
  it('requests a mandate, completes it after the hosted page, and collects the first payment once', async () => {
    const server = servers[flow];
    const types = paymentTypesSchema.parse((await call(server, 'GET', '/widget/payment/types')).json());
    expect(types.map((type) => type.name)).toContain('DIRECT_DEBIT');
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const page = paymentPageSchema.parse(
      (await call(server, 'GET', `/widget/payment/${order.id}`, { session })).json(),
    );
    expect(page.providerName).toBe('GOCARDLESS');

    const requested = await call(server, 'POST', `/widget/payment/${order.id}/directdebit`, {
      session,
      payload: { successRedirectUrl: SUCCESS_URL },
    });
    expect(requested.statusCode).toBe(201);
    const { redirectUrl, redirectFlowId } = directDebitRedirectSchema.parse(requested.json());
    expect(redirectUrl.startsWith(gocardless.apiUrl)).toBe(true);
    const back =
      flow === 'redirect_flow'
        ? gocardless.redirectFlows.get(redirectFlowId)!.successUrl
        : gocardless.billingRequests.get(redirectFlowId)!.redirectUri!;
    const backUrl = new URL(back);
    expect(backUrl.searchParams.get('orderId')).toBe(order.id);
    expect(backUrl.searchParams.get('lang')).toBe('en');
    if (flow === 'billing_request') expect(backUrl.searchParams.get('redirect_flow_id')).toBe(redirectFlowId);

    const complete = () =>
      call(server, 'PUT', `/widget/payment/${order.id}/directdebit`, { session, payload: { redirectFlowId } });
    const unsigned = await complete();
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('checkout_error');

    gocardless.sign(redirectFlowId);
    const before = gocardless.payments.length;
    const paid = paymentResultSchema.parse((await complete()).json());
    expect(paid).toMatchObject({ status: 'SUCCEEDED', providerName: 'GOCARDLESS', orderId: order.id });
    expect(paid.amount).toEqual({ amount: 100, currency: 'EUR', display: '1.00' });
    expect(paid.purchases.map((purchase) => purchase.status)).toEqual(['ACTIVE_PENDING']);
    // Submitted, not settled: no access yet (issue 24; settlement is the subscription lifecycle's).
    const [owner] = await server.db.query<{ guid: string }>('SELECT guid FROM orders WHERE id = $1', [order.id]);
    expect(await entitledProductIds(server.db, owner!.guid, Date.now())).not.toContain('demo-digital');
    const again = paymentResultSchema.parse((await complete()).json());
    expect(again.paymentId).toBe(paid.paymentId);
    expect(gocardless.payments.length - before).toBe(1);
    expect(gocardless.payments.at(-1)).toMatchObject({ amount: 100, currency: 'EUR', orderId: order.id });

    const paidAgain = await call(server, 'POST', `/widget/payment/${order.id}/directdebit`, {
      session,
      payload: { successRedirectUrl: SUCCESS_URL },
    });
    expect(paidAgain.json().code).toBe('order_already_paid');
  });
});

describe('direct debit errors', () => {
  it('answers the spec’s two query-parameter errors for an unknown order or flow', async () => {
    const server = servers.redirect_flow;
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const badOrder = await call(server, 'PUT', '/widget/payment/no-such-order/directdebit', {
      session,
      payload: { redirectFlowId: 'RE1' },
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().code).toBe('directdebit_query_param_order_id_invalid');
    const badFlow = await call(server, 'PUT', `/widget/payment/${order.id}/directdebit`, {
      session,
      payload: { redirectFlowId: 'RE-unknown' },
    });
    expect(badFlow.json().code).toBe('directdebit_query_param_redirect_flow_id_invalid');
  });

  it('keeps card tokens and mandates apart, and requires a session', async () => {
    const server = servers.billing_request;
    const session = await demoSession(server);
    const card = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const mandateForCard = await call(server, 'POST', `/widget/payment/${card.id}/directdebit`, {
      session,
      payload: { successRedirectUrl: SUCCESS_URL },
    });
    expect(mandateForCard.json().code).toBe('payment_type_not_allowed');
    const debit = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const tokenForDebit = await call(server, 'POST', `/widget/payment/${debit.id}`, {
      session,
      payload: { token: 'manual' },
    });
    expect(tokenForDebit.json().code).toBe('payment_type_not_allowed');
    const anonymous = await call(server, 'POST', `/widget/payment/${debit.id}/directdebit`, {
      payload: { successRedirectUrl: SUCCESS_URL },
    });
    expect(anonymous.json().code).toBe('not_logged_in');
    const notAUrl = await call(server, 'POST', `/widget/payment/${debit.id}/directdebit`, {
      session,
      payload: { successRedirectUrl: 'javascript:alert(1)' },
    });
    expect(notAUrl.json().code).toBe('VALIDATION_FAILED');
  });

  it('hands GoCardless only a return page on the service’s allowed host origins (no open redirect)', async () => {
    const server = servers.redirect_flow;
    const session = await demoSession(server);
    const debit = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const flows = gocardless.redirectFlows.size;
    for (const evil of [
      'https://evil.test/steal',
      'http://localhost.evil.test:8080/direct-debit-complete',
      'http://user:pass@localhost:8080/direct-debit-complete',
    ]) {
      const refused = await call(server, 'POST', `/widget/payment/${debit.id}/directdebit`, {
        session,
        payload: { successRedirectUrl: evil },
      });
      expect(refused.statusCode, evil).toBe(400);
      expect(refused.json(), evil).toMatchObject({
        code: 'return_url_not_allowed',
        message: 'The payment cannot return to this page',
      });
    }
    // GoCardless was never asked.
    expect(gocardless.redirectFlows.size).toBe(flows);
  });

  it('answers checkout_error when GoCardless refuses the currency of the order', async () => {
    const server = servers.redirect_flow;
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const { redirectFlowId } = directDebitRedirectSchema.parse(
      (
        await call(server, 'POST', `/widget/payment/${order.id}/directdebit`, {
          session,
          payload: { successRedirectUrl: SUCCESS_URL },
        })
      ).json(),
    );
    gocardless.sign(redirectFlowId);
    const refused = await call(server, 'PUT', `/widget/payment/${order.id}/directdebit`, {
      session,
      payload: { redirectFlowId },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'payment_fail', args: ['currency_not_supported'] });
  });
});

describe('the GoCardless adapter', () => {
  it('reads back the payment of a repeated attempt key (409 conflict), and finds it by lookup', async () => {
    const provider = goCardlessProvider({
      apiUrl: gocardless.apiUrl,
      accessToken: gocardless.accessToken,
      flow: 'redirect_flow',
    });
    const flow = await provider.requestMandate({
      orderId: 'order-conflict',
      sessionToken: 'session-conflict',
      successRedirectUrl: SUCCESS_URL,
      description: 'Order order-conflict',
    });
    gocardless.sign(flow.redirectFlowId);
    const { mandateId } = await provider.completeMandate({
      redirectFlowId: flow.redirectFlowId,
      sessionToken: 'session-conflict',
    });
    const attempt = { orderId: 'order-conflict', idempotencyKey: 'order-conflict:0' };
    expect(await provider.lookupPayment({ ...attempt, mandateId })).toBeNull();
    const collect = () =>
      provider.collect({
        ...attempt,
        paymentId: 'payment-1',
        mandateId,
        amountMinor: 100,
        currency: 'EUR',
        description: 'Order order-conflict',
      });
    const first = await collect();
    expect(first).toMatchObject({ status: 'succeeded', settled: false });
    // The answer was lost (a stopped server): the same key again is a conflict naming the payment.
    expect(await collect()).toEqual(first);
    expect(gocardless.payments.filter((payment) => payment.orderId === 'order-conflict')).toHaveLength(1);
    expect(await provider.lookupPayment({ ...attempt, mandateId })).toEqual(first);
    expect(await provider.lookupPayment({ orderId: 'another-order', idempotencyKey: 'x:0', mandateId })).toBeNull();
  });
});
