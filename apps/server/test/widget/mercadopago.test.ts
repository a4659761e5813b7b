/** The Mercado Pago adapter against a stand-in of its Payments API, through the server. */
import { paymentPageSchema, paymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { mercadoPagoProvider } from '../../src/widget/providers/mercadopago';
import { testServer } from '../helpers';
import { ADDRESS, call, demoSession, orderOk } from './helpers';
import { startMercadoStandIn, type MercadoStandIn } from './stand-ins/mercadopago';

let mercado: MercadoStandIn;
let server: PreparedServer;
const ENV = ['FOYER_CARD_PROVIDER', 'MERCADOPAGO_API_URL', 'MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY'];

beforeAll(async () => {
  mercado = await startMercadoStandIn();
  Object.assign(process.env, {
    FOYER_CARD_PROVIDER: 'mercadopago',
    MERCADOPAGO_API_URL: mercado.apiUrl,
    MERCADOPAGO_ACCESS_TOKEN: mercado.accessToken,
    MERCADOPAGO_PUBLIC_KEY: 'TEST-public',
  });
  try {
    server = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
  } finally {
    for (const name of ENV) delete process.env[name];
  }
});
afterAll(async () => {
  await server.close();
  await mercado.close();
});

const card = { paymentMethodId: 'visa', payerIdentification: { type: 'DNI', number: '12345678' } };

describe('card payments with FOYER_CARD_PROVIDER=mercadopago', () => {
  it('names MERCADO with its public key and pays with the exact amount, payer and card type', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-yearly-kwd' }], {
      deliveryAddressGroup: { values: ADDRESS },
    });
    const page = paymentPageSchema.parse(
      (await call(server, 'GET', `/widget/payment/${order.id}`, { session })).json(),
    );
    expect(page).toMatchObject({ providerName: 'MERCADO', publishableKey: 'TEST-public' });
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'tok_APRO', ...card },
    });
    expect(paymentResultSchema.parse(paid.json())).toMatchObject({ status: 'SUCCEEDED', providerName: 'MERCADO' });
    const sent = mercado.payments.at(-1)!;
    // The SDK writes the amount as a JSON number: exactly 95.250 KWD, without the trailing zero.
    expect(sent.rawAmount).toBe('95.25');
    expect(sent.body).toMatchObject({
      payment_method_id: 'visa',
      installments: 1,
      external_reference: order.id,
      payer: { email: 'demo@foyer.test', identification: { type: 'DNI', number: '12345678' } },
    });
  });

  it('answers the rejection detail, a missing card type as a cause code, and in_process as pending', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const pay = (payload: object) => call(server, 'POST', `/widget/payment/${order.id}`, { session, payload });
    const security = await pay({ token: 'tok_SECU', ...card });
    expect(security.statusCode).toBe(402);
    expect(security.json()).toMatchObject({ code: 'payment_fail', args: ['cc_rejected_bad_filled_security_code'] });
    const noType = await pay({ token: 'tok_FUND' });
    expect(noType.json()).toMatchObject({ code: 'payment_fail', args: ['mercado_4020'] });
    const pending = paymentResultSchema.parse((await pay({ token: 'tok_CONT', ...card })).json());
    expect(pending.status).toBe('SUCCEEDED');
    expect(pending.purchases.map((purchase) => purchase.status)).toEqual(['ACTIVE_PENDING']);
  });

  it('refuses a malformed card type before calling the provider', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    const before = mercado.payments.length;
    const response = await call(server, 'POST', `/widget/payment/${order.id}`, {
      session,
      payload: { token: 'tok_APRO', paymentMethodId: 'Visa; DROP' },
    });
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['paymentMethodId'] });
    expect(mercado.payments.length).toBe(before);
  });
});

describe('mercadoPagoProvider.lookup', () => {
  it('finds the payment of an order by external_reference: approved first, else the attempt’s own', async () => {
    const provider = mercadoPagoProvider({ apiUrl: mercado.apiUrl, accessToken: mercado.accessToken });
    const charge = (token: string, key: string) =>
      provider.charge({
        paymentId: `pay-${key}`,
        idempotencyKey: key,
        orderId: 'mp-order-1',
        amountMinor: 1000,
        currency: 'BRL',
        token,
        description: 'Order mp-order-1',
        paymentMethodId: 'visa',
      });
    expect(await provider.lookup({ orderId: 'mp-order-1', idempotencyKey: 'mp-order-1:0' })).toBeNull();
    await charge('tok_FUND', 'mp-order-1:0');
    expect(await provider.lookup({ orderId: 'mp-order-1', idempotencyKey: 'mp-order-1:0' })).toMatchObject({
      status: 'failed',
      code: 'cc_rejected_insufficient_amount',
    });
    expect(await provider.lookup({ orderId: 'mp-order-1', idempotencyKey: 'mp-order-1:1' })).toBeNull();
    const paid = await charge('tok_APRO', 'mp-order-1:1');
    expect(await provider.lookup({ orderId: 'mp-order-1', idempotencyKey: 'mp-order-1:7' })).toEqual(paid);
  });
});
