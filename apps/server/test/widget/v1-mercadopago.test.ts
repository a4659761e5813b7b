/**
 * Version 1 takes real card payments on Mercado Pago too (issue 25): with Mercado Pago as the card
 * provider, the hosted payment page sends the visitor to Checkout Pro; the way back records what
 * Mercado Pago says of the preference's payment (never the return alone), once; Cancel closes the
 * page; a visitor who never comes back is recorded by the sweep's look-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { testClock, testServer } from '../helpers';
import { deliverWebhook, seededPerson } from './helpers';
import { startMercadoStandIn, type MercadoStandIn } from './stand-ins/mercadopago';
import { advanceClock, checkoutToHostedPage, comeBack as comeBackTo, heldMonthly } from './v1-hosted-checkout';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
const EMAILS = [
  'v1-mercado-a@foyer.test',
  'v1-mercado-b@foyer.test',
  'v1-mercado-c@foyer.test',
  'v1-mercado-d@foyer.test',
];
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
        MERCADOPAGO_WEBHOOK_SECRET: mercado.webhookSecret,
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
  const { location, sessionId } = await checkoutToHostedPage(server, email);
  const preference = mercado.preferences.at(-1)!;
  expect(location).toBe(preference.init_point);
  // The first period at the plan's trial price, in major units.
  expect(preference.items).toMatchObject([{ unit_price: 1, currency_id: 'EUR' }]);
  return { preference, sessionId };
}

const comeBack = (url: string) => comeBackTo(server, url);
const advance = (duration: string) => advanceClock(server, duration);
const held = (sessionId: string) => heldMonthly(server, sessionId);

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

  it("records a paid page at once from Mercado Pago's payment notification, once however often it comes", async () => {
    const { preference, sessionId } = await checkout(EMAILS[3]!);
    const payment = mercado.payPreference(preference.id, 'tok_APRO');
    expect(await held(sessionId)).not.toContain('ACTIVE');
    // Mercado Pago tells the server; no clock moves, nobody comes back.
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await deliverWebhook(server, 'mercadopago', mercado.webhook(payment.id));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await held(sessionId)).toEqual(['ACTIVE']);
    expect(await comeBack(preference.back_urls.success!)).toBe('PAID');
    const [paid] = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM payments WHERE status = 'SUCCEEDED' AND provider_reference IN ($1, $2)`,
      [preference.id, String(payment.id)],
    );
    expect(Number(paid?.n)).toBe(1);
  });
});
