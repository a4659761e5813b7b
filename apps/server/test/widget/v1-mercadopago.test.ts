/**
 * Version 1 takes real card payments on Mercado Pago too (issue 25): with Mercado Pago as the card
 * provider, the hosted payment page sends the visitor to Checkout Pro; the way back records what
 * Mercado Pago says of the preference's payment (never the return alone), once; Cancel closes the
 * page; a visitor who never comes back is recorded by the sweep's look-up.
 */
import { randomUUID } from 'node:crypto';
import {
  purchasesSchema,
  V1_PAYMENT_OUTCOME_PARAM,
  v1PaymentFormFields,
  v1TransactionSchema,
  type V1Basket,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk, testClock, testServer } from '../helpers';
import { call, seededPerson } from './helpers';
import { startMercadoStandIn, type MercadoStandIn } from './stand-ins/mercadopago';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
const SITE = 'http://localhost:8080/shop-v1.html';
const META = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };
const EMAILS = ['v1-mercado-a@foyer.test', 'v1-mercado-b@foyer.test', 'v1-mercado-c@foyer.test'];
let mercado: MercadoStandIn;
let server: PreparedServer;

beforeAll(async () => {
  mercado = await startMercadoStandIn({ now: clock.now });
  server = await testServer({
    now: clock.now,
    devClock: true,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, ...EMAILS.map((email) => seededPerson(email))] },
    paymentProviders: providersFromEnv(
      {
        FOYER_CARD_PROVIDER: 'mercadopago',
        MERCADOPAGO_API_URL: mercado.apiUrl,
        MERCADOPAGO_ACCESS_TOKEN: mercado.accessToken,
        MERCADOPAGO_PUBLIC_KEY: 'TEST-public',
      },
      { now: clock.now },
    ),
  });
});
afterAll(async () => {
  await server.close();
  await mercado.close();
});

async function checkout(email: string) {
  const { mainSession, guid } = await loginOk(server, email, 'right-password-1');
  const basket: V1Basket = {
    _id: randomUUID(),
    accountId: guid,
    paymentType: 'online-CAU',
    startDate: clock.now(),
    products: [
      {
        productId: 'demo-digital',
        name: 'Digital access',
        description: 'Monthly',
        price: 9.99,
        planId: 'digital-monthly-eur',
        currency: 'EUR',
        quantity: 1,
        productMetaData: META,
      },
    ],
    productMetaData: META,
  };
  const created = await call(server, 'POST', '/transaction', {
    session: mainSession.sessionId,
    query: { channel: 'web', op: 'P_SUB', returnUrl: SITE },
    payload: basket,
    headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const transaction = v1TransactionSchema.parse(created.json());
  // The order's mails are written in the visitor's language, as in version 2.
  const [order] = await server.db.query<{ locale: string | null }>(
    'SELECT locale FROM orders WHERE guid = $1 ORDER BY created_at DESC LIMIT 1',
    [guid],
  );
  expect(order?.locale).toBe('es-ES');
  // The checkout button's form, posted to the hosted page: off to Checkout Pro at once.
  const page = await server.app.inject({
    method: 'POST',
    url: new URL(transaction.paymentUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(v1PaymentFormFields(transaction)).toString(),
  });
  expect(page.statusCode, page.body).toBe(303);
  const preference = mercado.preferences.at(-1)!;
  expect(page.headers.location).toBe(preference.init_point);
  // The first period at the plan's trial price, in major units.
  expect(preference.items).toMatchObject([{ unit_price: 1, currency_id: 'EUR' }]);
  return { preference, sessionId: mainSession.sessionId };
}

/** Moves the server's test clock and runs what became due (the sweep). */
async function advance(duration: string): Promise<void> {
  const response = await server.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance: duration } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Mercado Pago sends the visitor back to one of the URLs the server gave it. */
const comeBack = async (url: string) => {
  const back = new URL(url);
  const response = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM);
};

const held = async (sessionId: string) =>
  purchasesSchema
    .parse((await call(server, 'GET', '/widget/account/purchases/', { session: sessionId })).json())
    .filter((purchase) => purchase.orderItem.paymentPlan?._id === 'digital-monthly-eur')
    .map((purchase) => purchase.subscription?.status);

describe('version 1 on Mercado Pago Checkout Pro', () => {
  it("pays once on Mercado Pago's page and records what Mercado Pago says", async () => {
    const { preference, sessionId } = await checkout(EMAILS[0]!);
    // Back before paying (the return alone proves nothing): not taken.
    expect(await comeBack(preference.back_urls.success!)).toBe('REFUSED');
    mercado.payPreference(preference.id, 'tok_APRO');
    const [first, again] = [
      await comeBack(preference.back_urls.success!),
      await comeBack(preference.back_urls.success!),
    ];
    expect([first, again]).toEqual(['PAID', 'PAID']);
    expect(await held(sessionId)).toEqual(['ACTIVE']);
    const [stored] = await server.db.query<{ provider: string; status: string }>(
      `SELECT provider, status FROM payments WHERE provider = 'MERCADO' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(stored).toMatchObject({ provider: 'MERCADO', status: 'SUCCEEDED' });
  });

  it('a refused card takes nothing; Cancel closes the page, which can no longer be paid', async () => {
    const { preference, sessionId } = await checkout(EMAILS[1]!);
    mercado.payPreference(preference.id, 'tok_FUND');
    expect(await comeBack(preference.back_urls.success!)).toBe('REFUSED');
    expect(await comeBack(preference.back_urls.failure!)).toBe('CANCELLED');
    expect(preference.expires).toBe(true);
    expect(() => mercado.payPreference(preference.id, 'tok_APRO')).toThrow(/expired/);
    expect(await held(sessionId)).not.toContain('ACTIVE');
  });

  it('records a payment whose visitor never came back, once, when the sweep asks Mercado Pago', async () => {
    const { preference, sessionId } = await checkout(EMAILS[2]!);
    mercado.payPreference(preference.id, 'tok_APRO');
    await advance('PT9M');
    expect(await held(sessionId)).not.toContain('ACTIVE');
    await advance('PT2M');
    expect(await held(sessionId)).toEqual(['ACTIVE']);
    expect(await comeBack(preference.back_urls.success!)).toBe('PAID');
    expect(await held(sessionId)).toEqual(['ACTIVE']);
  });
});
