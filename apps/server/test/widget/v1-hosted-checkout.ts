/**
 * Version 1 on a provider's hosted page (Stripe Checkout, Mercado Pago Checkout Pro, GoCardless's
 * mandate flow), as the
 * tests of each drive it: a visitor's monthly plan put in a transaction and sent to the hosted
 * page, the provider's way back, and what the visitor then holds.
 */
import { randomUUID } from 'node:crypto';
import {
  purchasesSchema,
  V1_PAYMENT_OUTCOME_PARAM,
  v1PaymentFormFields,
  v1TransactionSchema,
  type V1Basket,
} from '@foyer/api';
import { expect } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { loginOk } from '../helpers';
import { call } from './helpers';

const SITE = 'http://localhost:8080/shop-v1.html';
const META = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };

/**
 * Logs `email` in, opens a version 1 transaction for the monthly plan and posts the checkout
 * button's form to the hosted page, which answers 303 to the provider's page: answers where.
 */
export async function checkoutToHostedPage(
  server: PreparedServer,
  email: string,
  paymentType: 'online-CAU' | 'offline-REC' = 'online-CAU',
): Promise<{ location: string; sessionId: string }> {
  const { mainSession, guid } = await loginOk(server, email, 'right-password-1');
  const basket: V1Basket = {
    _id: randomUUID(),
    accountId: guid,
    paymentType,
    startDate: server.deps.now(),
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
  const page = await server.app.inject({
    method: 'POST',
    url: new URL(transaction.paymentUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(v1PaymentFormFields(transaction)).toString(),
  });
  expect(page.statusCode, page.body).toBe(303);
  return { location: String(page.headers.location), sessionId: mainSession.sessionId };
}

/** The provider sends the visitor back to one of the URLs the server gave it: the outcome the shop is told. */
export async function comeBack(server: PreparedServer, url: string): Promise<string | null> {
  const back = new URL(url);
  const response = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM);
}

/** Moves the server's test clock and runs what became due (the sweep). */
export async function advanceClock(server: PreparedServer, duration: string): Promise<void> {
  const response = await server.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance: duration } });
  expect(response.statusCode, response.body).toBe(200);
}

/** The statuses of the monthly plan's subscriptions the visitor holds. */
export async function heldMonthly(server: PreparedServer, sessionId: string): Promise<(string | undefined)[]> {
  return purchasesSchema
    .parse((await call(server, 'GET', '/widget/account/purchases/', { session: sessionId })).json())
    .filter((purchase) => purchase.orderItem.paymentPlan?._id === 'digital-monthly-eur')
    .map((purchase) => purchase.subscription?.status);
}
