/**
 * The version 1 product-manager service (issue 16): the open order, offers, the first delivery
 * day, the transaction and the hosted payment page stand-in's result.
 */
import { randomUUID } from 'node:crypto';
import {
  parseCancellationReasons,
  propertySchema,
  purchasesSchema,
  V1_PAYMENT_ORDER_PARAM,
  V1_PAYMENT_OUTCOME_PARAM,
  v1OffersSchema,
  v1OfferSchema,
  v1OrderSchema,
  v1StartDeliveryDateSchema,
  v1PaymentFormFields,
  v1TransactionSchema,
  type V1Basket,
  type V1Transaction,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk, testClock, testServer } from '../helpers';
import { ADDRESS, call, seededPerson } from './helpers';

// Thursday 10 January 2030, noon UTC.
const clock = testClock(Date.UTC(2030, 0, 10, 12));
const SITE = 'http://localhost:8080/shop-v1.html';
let server: PreparedServer;

const person = (email: string) => seededPerson(email);
const EMAILS = [
  'v1-a@foyer.test',
  'v1-b@foyer.test',
  'v1-c@foyer.test',
  'v1-d@foyer.test',
  'v1-e@foyer.test',
  'v1-f@foyer.test',
  'v1-g@foyer.test',
  'v1-h@foyer.test',
  'v1-i@foyer.test',
  'v1-j@foyer.test',
];

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, ...EMAILS.map(person)] },
    transfer: { beneficiary: 'Foyer Demo Ltd', account: 'BE71 0961 2345 6769' },
  });
});
afterAll(() => server.close());

interface Account {
  session: string;
  guid: string;
}
async function accountOf(email: string): Promise<Account> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

const meta = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };
function basket(account: Account, overrides: Partial<V1Basket> = {}): V1Basket {
  return {
    _id: randomUUID(),
    accountId: account.guid,
    paymentType: 'online-CAU',
    startDate: clock.now(),
    products: [
      {
        productId: 'demo-digital',
        name: 'Digital access',
        description: 'Yearly',
        // Tampered: the catalogue says 99.00.
        price: 0.01,
        planId: 'digital-yearly-eur',
        currency: 'EUR',
        quantity: 1,
        productMetaData: meta,
      },
    ],
    productMetaData: meta,
    ...overrides,
  };
}

const transact = (account: Account, body: unknown, returnUrl = SITE) =>
  call(server, 'POST', '/transaction', {
    session: account.session,
    query: { channel: 'web', op: 'P_SUB', returnUrl },
    payload: body,
  });

/** Posts a form as a browser does (application/x-www-form-urlencoded) to a root path. */
const postForm = (url: string, fields: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The hidden form fields of one button of the stand-in page. */
function buttonFields(html: string, result: 'PAID' | 'CANCELLED'): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((match) => match[2]!.includes(`value="${result}"`));
  if (!form) throw new Error(`no ${result} button`);
  const fields = Object.fromEntries(
    [...form[2]!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: form[1]!, fields };
}

async function transactionOk(account: Account, body: V1Basket): Promise<V1Transaction> {
  const response = await transact(account, body);
  expect(response.statusCode, response.body).toBe(201);
  return v1TransactionSchema.parse(response.json());
}

async function hostedPage(transaction: V1Transaction) {
  const url = new URL(transaction.paymentUrl);
  expect(url.origin).toBe('http://127.0.0.1:8081');
  const response = await postForm(url.pathname, v1PaymentFormFields(transaction));
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function subscriptionsOf(account: Account, plan: string) {
  const purchases = purchasesSchema.parse(
    (await call(server, 'GET', '/widget/account/purchases/', { session: account.session })).json(),
  );
  return purchases.filter((purchase) => purchase.orderItem.paymentPlan?._id === plan);
}

describe('the open order (GET/POST/PUT/DELETE /order)', () => {
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    a = await accountOf(EMAILS[0]!);
    b = await accountOf(EMAILS[1]!);
  });

  it('needs the session of the account itself', async () => {
    const order = basket(a);
    expect((await call(server, 'GET', `/order/user/${a.guid}`)).json().code).toBe('not_logged_in');
    expect((await call(server, 'POST', '/order', { payload: order })).json().code).toBe('not_logged_in');
    const foreign = await call(server, 'GET', `/order/user/${a.guid}`, { session: b.session });
    expect(foreign.statusCode).toBe(403);
    expect((await call(server, 'POST', '/order', { session: b.session, payload: order })).statusCode).toBe(403);
    const expired = await call(server, 'GET', `/order/user/${a.guid}`, { session: 'no-such-session' });
    expect(expired.json().code).toBe('not_logged_in');
  });

  it('is created, read, priced from the catalogue, updated and deleted; one per account', async () => {
    const order = basket(a);
    const created = await call(server, 'POST', '/order', { session: a.session, payload: order });
    expect(created.statusCode, created.body).toBe(201);
    const body = v1OrderSchema.parse(created.json());
    expect(body.status).toBe('OPEN');
    expect(body.products[0]).toMatchObject({ price: 99, currency: 'EUR', name: 'Digital access' });
    expect(body.products[0]!.description).toBe('Two months free');
    expect(body.total).toBe('99.00');

    const read = await call(server, 'GET', `/order/user/${a.guid}`, { session: a.session, via: 'header' });
    expect(v1OrderSchema.parse(read.json())._id).toBe(order._id);

    const second = await call(server, 'POST', '/order', { session: a.session, payload: basket(a) });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('v1_order_exists');

    const changed = { ...order, products: [{ ...order.products[0]!, planId: 'digital-monthly-eur' }] };
    const updated = v1OrderSchema.parse(
      (await call(server, 'PUT', '/order', { session: a.session, payload: changed })).json(),
    );
    expect(updated.products[0]).toMatchObject({ planId: 'digital-monthly-eur', price: 1 });
    // Another id than the open order's is not this account's open order.
    const stray = await call(server, 'PUT', '/order', { session: a.session, payload: basket(a) });
    expect(stray.json().code).toBe('order_not_created');

    const foreignDelete = await call(server, 'DELETE', `/order/user/${a.guid}/order/${order._id}`, {
      session: b.session,
    });
    expect(foreignDelete.statusCode).toBe(403);
    const deleted = await call(server, 'DELETE', `/order/user/${a.guid}/order/${order._id}`, { session: a.session });
    expect(deleted.statusCode).toBe(204);
    expect((await call(server, 'GET', `/order/user/${a.guid}`, { session: a.session })).statusCode).toBe(404);
    expect((await call(server, 'POST', '/order', { session: a.session, payload: basket(a) })).statusCode).toBe(201);
  });

  it('refuses a basket without products, an unknown plan, a non-GUID id, mixed currencies', async () => {
    const post = (payload: unknown) => call(server, 'POST', '/order', { session: b.session, payload });
    expect((await post(basket(b, { products: [] }))).json().code).toBe('no_products_selected');
    const [line] = basket(b).products;
    expect((await post(basket(b, { products: [{ ...line!, planId: 'nope' }] }))).json().code).toBe('bex0004');
    expect((await post(basket(b, { _id: 'order-1' }))).json().code).toBe('v1_order_invalid');
    const usd = { ...line!, planId: 'digital-monthly-usd' };
    const mixed = { ...line!, productId: 'demo-archive', planId: 'archive-once-jpy' };
    expect((await post(basket(b, { products: [usd, mixed] }))).json().code).toBe('currency_mismatch');
    expect((await post({ ...basket(b), products: 'x' })).json().code).toBe('VALIDATION_FAILED');
  });

  it('one open order per account holds under concurrent creates', async () => {
    const c = await accountOf(EMAILS[2]!);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(server, 'POST', '/order', { session: c.session, payload: basket(c) })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('offers and the first delivery day', () => {
  it('GET /offers lists public products, of a group or all', async () => {
    const all = v1OffersSchema.parse((await call(server, 'GET', '/offers')).json());
    const group = v1OffersSchema.parse(
      (await call(server, 'GET', '/offers', { query: { productGroup: 'demo' } })).json(),
    );
    expect(group.map((offer) => offer.productId)).toEqual([
      'demo-digital',
      'demo-print',
      'demo-archive',
      'demo-bundle',
    ]);
    expect(all.map((offer) => offer.productId).sort()).toEqual([...group.map((offer) => offer.productId)].sort());
    expect(group[0]!.paymentPlans.map((plan) => plan._id)).not.toContain('digital-staff');
    expect((await call(server, 'GET', '/offers', { query: { productGroup: 'none' } })).json().code).toBe('bex0004');
  });

  it('GET /offers/{productId}[/{planId}] answers one product, or only that plan', async () => {
    const product = v1OfferSchema.parse((await call(server, 'GET', '/offers/demo-digital')).json());
    expect(product.paymentPlans.length).toBe(3);
    const plan = v1OfferSchema.parse((await call(server, 'GET', '/offers/demo-digital/digital-yearly-eur')).json());
    expect(plan.paymentPlans.map((one) => one._id)).toEqual(['digital-yearly-eur']);
    for (const path of [
      '/offers/demo-insider',
      '/offers/nope',
      '/offers/demo-digital/digital-staff',
      '/offers/demo-digital/x',
    ])
      expect((await call(server, 'GET', path)).statusCode, path).toBe(404);
  });

  it('GET /spi/product/{productId}/startDeliveryDate: two working days ahead for delivered products', async () => {
    const minDate = async (product: string) =>
      (await call(server, 'GET', `/spi/product/${product}/startDeliveryDate`)).json<{ minDate: string }>().minDate;
    // Thursday: Friday and Monday are the two working days.
    expect(await minDate('demo-print')).toBe('2030-01-14');
    expect(await minDate('demo-digital')).toBe('2030-01-10');
    expect((await call(server, 'GET', '/spi/product/nope/startDeliveryDate')).statusCode).toBe(404);
  });

  // Issue 32, item 7: version 2's order dates start from the server's day, never the visitor's clock.
  it("GET /spi/product/{productId}/startDeliveryDate also names the server's today", async () => {
    const answer = await call(server, 'GET', '/spi/product/demo-print/startDeliveryDate');
    expect(v1StartDeliveryDateSchema.parse(answer.json())).toEqual({ minDate: '2030-01-14', today: '2030-01-10' });
  });

  it('the cancellation reasons and the cancel call answer at the product-manager base', async () => {
    const a = await accountOf(EMAILS[0]!);
    const property = propertySchema.parse(
      (await call(server, 'GET', '/properties/List_Reasons_Cancel', { session: a.session })).json(),
    );
    expect(parseCancellationReasons(property.value).map((reason) => reason.key)).toContain('TOO_EXPENSIVE');
    const cancel = await call(server, 'POST', `/api/1.0/subscription/none/cancel/${a.guid}`, {
      session: a.session,
      payload: { cancelDate: '2030-02-01', reason: 'OTHER' },
    });
    expect(cancel.json().code).toBe('subscription_not_found');
  });
});

describe('POST /transaction and the hosted payment page', () => {
  it('refuses an order that fails validateV1Order, a foreign account, a return URL elsewhere', async () => {
    const d = await accountOf(EMAILS[3]!);
    const bad = await transact(d, basket(d, { paymentType: 'online-VISA' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'v1_order_invalid', message: 'Client-side validation failed' });
    expect((await transact(d, basket(d, { productMetaData: { ...meta, seller: '2' } }))).json().code).toBe(
      'v1_order_invalid',
    );
    const other = await accountOf(EMAILS[4]!);
    expect((await transact(d, basket(other))).statusCode).toBe(403);
    expect((await transact(d, basket(d), 'https://evil.example.com/')).json().code).toBe('return_url_not_allowed');
    // An allowed origin with credentials in the address is no page of the site either.
    expect((await transact(d, basket(d), 'http://x:y@localhost:8080/shop-v1.html')).json().code).toBe(
      'return_url_not_allowed',
    );
    expect(
      (
        await call(server, 'POST', '/transaction', {
          session: d.session,
          query: { channel: 'web', op: 'X' },
          payload: basket(d),
        })
      ).json().code,
    ).toBe('VALIDATION_FAILED');
  });

  it('a delivered product needs an address and a first delivery day not before the minimum', async () => {
    const d = await accountOf(EMAILS[3]!);
    const print = {
      productId: 'demo-print',
      name: 'Print',
      description: 'Monthly',
      price: 1,
      planId: 'print-monthly-eur',
      currency: 'EUR',
      quantity: 1,
      productMetaData: { ...meta, printDeliveryCode: '1111100' },
    };
    // One basket, checked out three times: the order keeps its id.
    const _id = randomUUID();
    const withDate = (date: string, address = true) =>
      basket(d, {
        _id,
        products: [print],
        productMetaData: {
          ...meta,
          startDeliveryDate: { 'demo-print': date },
          ...(address ? { deliveryAddress: { values: ADDRESS } } : {}),
        },
      });
    expect((await transact(d, withDate('2030-01-11'))).json().code).toBe('start_date_out_of_range');
    expect((await transact(d, withDate('2030-01-14', false))).json().code).toBe('INVALID_FORM');
    const ok = await transact(d, withDate('2030-01-14'));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("a line's own start delivery date and address: the date refused before the minimum, both kept on the order", async () => {
    const f = await accountOf(EMAILS[5]!);
    const _id = randomUUID();
    const print = (startDeliveryDate: string) =>
      basket(f, {
        _id,
        products: [
          {
            productId: 'demo-print',
            name: 'Print',
            description: 'Weekly',
            price: 1,
            planId: 'print-monthly-eur',
            currency: 'EUR',
            quantity: 1,
            productMetaData: {
              ...meta,
              printDeliveryCode: '1111100',
              startDeliveryDate: { 'demo-print': startDeliveryDate },
              deliveryAddress: { values: ADDRESS },
            },
          },
        ],
      });
    const minDate = (await call(server, 'GET', '/spi/product/demo-print/startDeliveryDate')).json<{
      minDate: string;
    }>().minDate;
    expect(minDate).toBe('2030-01-14');
    // Friday: after today, yet before the minimum (the basket itself names no date).
    const early = await transact(f, print('2030-01-11'));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'start_date_out_of_range' });
    expect((await call(server, 'GET', `/order/user/${f.guid}`, { session: f.session })).statusCode).toBe(404);
    await transactionOk(f, print(minDate));
    const order = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${f.guid}`, { session: f.session })).json(),
    );
    expect(order.products[0]!.productMetaData).toMatchObject({
      startDeliveryDate: { 'demo-print': '2030-01-14' },
      deliveryAddress: { values: ADDRESS },
    });
    // The priced order the payment fulfils carries both (its line's date, the line's address).
    const items = await server.db.query<{ start_delivery_date: string; delivery_address: unknown }>(
      `SELECT i.start_delivery_date::text AS start_delivery_date, o.delivery_address FROM order_items i
         JOIN orders o ON o.id = i.order_id
         JOIN v1_transactions t ON t.order_id = i.order_id WHERE t.v1_order_id = $1`,
      [_id],
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.start_delivery_date).toBe('2030-01-14');
    const stored = items[0]!.delivery_address;
    expect(typeof stored === 'string' ? JSON.parse(stored) : stored).toMatchObject({ city: ADDRESS.city });
    // Two lines naming different addresses: one order has one delivery address.
    const [line] = print(minDate).products;
    const digital = {
      ...basket(f).products[0]!,
      productMetaData: { ...meta, deliveryAddress: { values: { ...ADDRESS, city: 'Elsewhere' } } },
    };
    const split = await transact(f, basket(f, { _id, products: [line!, digital] }));
    expect(split.json()).toMatchObject({ code: 'v1_order_invalid' });
  });

  it('prices from the catalogue, pays once on the hosted page and creates the subscription once', async () => {
    const a = await accountOf(EMAILS[0]!);
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${a.guid}`, { session: a.session })).json(),
    );
    // The open order (from the order tests) is replaced by this basket's id: delete, then check out.
    await call(server, 'DELETE', `/order/user/${a.guid}/order/${open._id}`, { session: a.session });
    const order = basket(a);
    const transaction = await transactionOk(a, order);
    expect(transaction).toMatchObject({ orderId: order._id, quantity: 1, siteId: 'demo' });
    const pending = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${a.guid}`, { session: a.session })).json(),
    );
    expect(pending.status).toBe('PAYMENT_PENDING');

    const html = await hostedPage(transaction);
    // The tampered 0.01 is ignored: the page asks the catalogue's price.
    expect(html).toContain('data-amount="9900" data-currency="EUR"');
    const pay = buttonFields(html, 'PAID');
    const paid = await postForm(pay.action, pay.fields);
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.origin + back.pathname).toBe(SITE);
    expect(back.searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    expect(back.searchParams.get(V1_PAYMENT_ORDER_PARAM)).toBe(order._id);

    const subscriptions = await subscriptionsOf(a, 'digital-yearly-eur');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.subscription?.status).toBe('ACTIVE');
    // Charged through the card provider (the test Visa), whose saved card pays the renewals.
    const [stored] = await server.db.query<{ payment_provider: string; payment_method: unknown }>(
      'SELECT payment_provider, payment_method FROM subscriptions WHERE id = $1',
      [subscriptions[0]!.subscription!.id],
    );
    expect(stored).toMatchObject({
      payment_provider: 'MANUAL',
      payment_method: { provider: 'MANUAL', paymentMethod: 'pm_card_visa' },
    });
    // The result posted again (twice at once, and once more), and Cancel afterwards: nothing changes.
    const replays = await Promise.all([postForm(pay.action, pay.fields), postForm(pay.action, pay.fields)]);
    for (const replay of [...replays, await postForm(pay.action, pay.fields)]) {
      expect(replay.statusCode).toBe(303);
      expect(new URL(replay.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    }
    const cancel = buttonFields(html, 'CANCELLED');
    const late = await postForm(cancel.action, cancel.fields);
    expect(new URL(late.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    expect(await subscriptionsOf(a, 'digital-yearly-eur')).toHaveLength(1);
    // The order is closed; the plan cannot be bought again.
    expect((await call(server, 'GET', `/order/user/${a.guid}`, { session: a.session })).statusCode).toBe(404);
    const again = await transact(a, basket(a));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('plan_already_subscribed');
  });

  it('a forged, altered or unsigned result is refused', async () => {
    const b = await accountOf(EMAILS[1]!);
    const transaction = await transactionOk(
      b,
      basket(b, { products: [{ ...basket(b).products[0]!, planId: 'digital-monthly-usd', currency: 'USD' }] }),
    );
    const html = await hostedPage(transaction);
    const pay = buttonFields(html, 'PAID');
    const cancel = buttonFields(html, 'CANCELLED');
    const refused = async (fields: Record<string, string>) => {
      const response = await postForm(pay.action, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('payment_result_invalid');
    };
    // "Paid" with the Cancel button's signature; a made-up signature; an altered payload.
    await refused({ ...pay.fields, signature: cancel.fields.signature! });
    await refused({ ...pay.fields, signature: 'AAAA' });
    const [body, signature] = pay.fields.payload!.split('.');
    const altered = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...altered, a: 1 })).toString('base64url')}.${signature}`;
    await refused({ ...pay.fields, payload: forged });
    await refused({ payload: pay.fields.payload! });
    expect(await subscriptionsOf(b, 'digital-monthly-usd')).toHaveLength(0);
    // The hosted page also refuses a payload it did not get from us, or for another order.
    expect((await postForm('/pm/v1/pay', { ...v1PaymentFormFields(transaction), payload: forged })).statusCode).toBe(
      400,
    );
    expect((await postForm('/pm/v1/pay', { ...v1PaymentFormFields(transaction), orderId: 'x' })).statusCode).toBe(400);
  });

  it('Cancel leaves the order open; a newer transaction supersedes an older page', async () => {
    const c = await accountOf(EMAILS[2]!);
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${c.guid}`, { session: c.session })).json(),
    );
    const order = { ...basket(c), _id: open._id };
    const first = await hostedPage(await transactionOk(c, order));
    const cancel = buttonFields(first, 'CANCELLED');
    const cancelled = await postForm(cancel.action, cancel.fields);
    expect(new URL(cancelled.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('CANCELLED');
    // Paying on the cancelled page afterwards does not pay.
    const lateFields = buttonFields(first, 'PAID');
    const late = await postForm(lateFields.action, lateFields.fields);
    expect(new URL(late.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('CANCELLED');
    const reopened = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${c.guid}`, { session: c.session })).json(),
    );
    expect(reopened.status).toBe('OPEN');

    const older = await hostedPage(await transactionOk(c, order));
    const newer = await hostedPage(await transactionOk(c, order));
    const stale = buttonFields(older, 'PAID');
    const refused = await postForm(stale.action, stale.fields);
    expect(new URL(refused.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('REFUSED');
    expect(await subscriptionsOf(c, 'digital-yearly-eur')).toHaveLength(0);
    const current = buttonFields(newer, 'PAID');
    const paid = await postForm(current.action, current.fields);
    expect(new URL(paid.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    expect(await subscriptionsOf(c, 'digital-yearly-eur')).toHaveLength(1);
  });

  it('concurrent checkouts of one order leave one payable page: a one-off plan is bought once', async () => {
    const d = await accountOf(EMAILS[3]!);
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${d.guid}`, { session: d.session })).json(),
    );
    const [line] = basket(d).products;
    const order = basket(d, {
      _id: open._id,
      products: [{ ...line!, productId: 'demo-archive', planId: 'archive-once-jpy', currency: 'JPY' }],
    });
    const answers = await Promise.all([1, 2, 3].map(() => transact(d, order)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const pages = await Promise.all(
      answers.map((answer) => postForm('/pm/v1/pay', v1PaymentFormFields(v1TransactionSchema.parse(answer.json())))),
    );
    // The two earlier pages lapsed: they say so and offer no Pay.
    expect(pages.map((page) => page.statusCode).sort()).toEqual([200, 410, 410]);
    const payable = pages.find((page) => page.statusCode === 200)!;
    const pay = buttonFields(payable.body, 'PAID');
    const response = await postForm(pay.action, pay.fields);
    expect(new URL(response.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    expect(await subscriptionsOf(d, 'archive-once-jpy')).toHaveLength(1);
  });

  it("a tab's basket replaces the differing open order another tab synced; the replaced orders' pages no longer pay", async () => {
    const h = await accountOf(EMAILS[7]!);
    // Tab A checks out its basket and leaves its payment page open.
    const tabA = basket(h);
    const pageOfA = await hostedPage(await transactionOk(h, tabA));
    // Tab B (its own basket) syncs at login: A is deleted, B stored. A's page can no longer pay.
    const tabB = basket(h, { products: [{ ...tabA.products[0]!, planId: 'digital-monthly-eur' }] });
    const deleted = await call(server, 'DELETE', `/order/user/${h.guid}/order/${tabA._id}`, { session: h.session });
    expect(deleted.statusCode).toBe(204);
    expect((await call(server, 'POST', '/order', { session: h.session, payload: tabB })).statusCode).toBe(201);
    const stale = buttonFields(pageOfA, 'PAID');
    const refused = await postForm(stale.action, stale.fields);
    expect(new URL(refused.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('REFUSED');
    const pageOfB = await hostedPage(await transactionOk(h, tabB));

    // Tab A checks out again: its basket replaces B (not 409 v1_order_exists), and B's page lapses.
    const again = await transactionOk(h, tabA);
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${h.guid}`, { session: h.session })).json(),
    );
    expect(open).toMatchObject({ _id: tabA._id, status: 'PAYMENT_PENDING' });
    const lapsed = buttonFields(pageOfB, 'PAID');
    const late = await postForm(lapsed.action, lapsed.fields);
    expect(new URL(late.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('REFUSED');
    expect(await subscriptionsOf(h, 'digital-monthly-eur')).toHaveLength(0);
    const pay = buttonFields(await hostedPage(again), 'PAID');
    const paid = await postForm(pay.action, pay.fields);
    expect(new URL(paid.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
    expect(await subscriptionsOf(h, 'digital-yearly-eur')).toHaveLength(1);
  });

  it("two tabs: Cancel on a page another tab's sync lapsed is CANCELLED; the lapsed page says it expired, without Pay", async () => {
    const i = await accountOf(EMAILS[8]!);
    const tabA = basket(i);
    const tabB = basket(i, { products: [{ ...tabA.products[0]!, planId: 'digital-monthly-eur' }] });
    await transactionOk(i, tabA);
    // Tab B checks out its own basket (A's order is replaced) and stays on its payment page.
    const transactionOfB = await transactionOk(i, tabB);
    const pageOfB = await hostedPage(transactionOfB);
    // Tab A comes back and syncs at login: B's order is deleted, A's basket (deleted by B's
    // checkout) is the open order again.
    const deleted = await call(server, 'DELETE', `/order/user/${i.guid}/order/${tabB._id}`, { session: i.session });
    expect(deleted.statusCode).toBe(204);
    const synced = await call(server, 'POST', '/order', { session: i.session, payload: tabA });
    expect(synced.statusCode, synced.body).toBe(201);
    expect(v1OrderSchema.parse(synced.json())).toMatchObject({ _id: tabA._id, status: 'OPEN' });

    // The visitor presses Cancel on B's page, open since before it lapsed.
    const cancel = buttonFields(pageOfB, 'CANCELLED');
    const cancelled = await postForm(cancel.action, cancel.fields);
    expect(new URL(cancelled.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('CANCELLED');
    // Pay on it afterwards is not charged.
    const pay = buttonFields(pageOfB, 'PAID');
    const late = await postForm(pay.action, pay.fields);
    expect(new URL(late.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('REFUSED');
    expect(await subscriptionsOf(i, 'digital-monthly-eur')).toHaveLength(0);
    // B's page opened again (reload, back) says plainly it expired and offers no Pay.
    const again = await postForm('/pm/v1/pay', v1PaymentFormFields(transactionOfB));
    expect(again.statusCode).toBe(410);
    expect(again.body).toMatch(/<p role="alert">This payment request has expired/);
    expect(again.body).not.toContain('value="PAID"');
    expect(again.body).toContain(`<a href="${SITE}">`);
    // A's basket is still the open order, untouched by B's Cancel.
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${i.guid}`, { session: i.session })).json(),
    );
    expect(open).toMatchObject({ _id: tabA._id, status: 'OPEN' });
  });

  it('two concurrent checkouts of differing baskets for one account leave exactly one open order, the other replaced', async () => {
    const j = await accountOf(EMAILS[9]!);
    const line = basket(j).products[0]!;
    const baskets = ['digital-yearly-eur', 'digital-monthly-eur', 'digital-monthly-usd'].map((planId) =>
      basket(j, { products: [{ ...line, planId, currency: planId.endsWith('usd') ? 'USD' : 'EUR' }] }),
    );
    const answers = await Promise.all(baskets.map((order) => transact(j, order)));
    // None refused with v1_order_exists: each one replaced the open order in turn.
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual(
      answers.map((answer) => [201, answer.body]),
    );
    const open = v1OrderSchema.parse(
      (await call(server, 'GET', `/order/user/${j.guid}`, { session: j.session })).json(),
    );
    expect(open.status).toBe('PAYMENT_PENDING');
    const winner = baskets.findIndex((order) => order._id === open._id);
    expect(winner).toBeGreaterThanOrEqual(0);
    // Exactly one page pays (the open order's); the replaced ones lapsed and can be opened again by their tabs.
    const statuses = [];
    for (const answer of answers) {
      const page = await postForm('/pm/v1/pay', v1PaymentFormFields(v1TransactionSchema.parse(answer.json())));
      statuses.push(page.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses[winner]).toBe(200);
    const reopened = await call(server, 'DELETE', `/order/user/${j.guid}/order/${open._id}`, { session: j.session });
    expect(reopened.statusCode).toBe(204);
    const other = baskets[(winner + 1) % baskets.length]!;
    expect((await call(server, 'POST', '/order', { session: j.session, payload: other })).statusCode).toBe(201);
  });

  it("the hosted page's forms may lead only to itself and the transaction's return origin (CSP form-action)", async () => {
    const f = await accountOf(EMAILS[6]!);
    // One open order per account: both transactions are for the same basket.
    const order = basket(f);
    const formAction = async (returnUrl: string) => {
      const created = await transact(f, order, returnUrl);
      expect(created.statusCode, created.body).toBe(201);
      const transaction = v1TransactionSchema.parse(created.json());
      const response = await postForm('/pm/v1/pay', v1PaymentFormFields(transaction));
      expect(response.statusCode, response.body).toBe(200);
      return /form-action ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    };
    expect(await formAction(SITE)).toBe("'self' http://localhost:8080");
    expect(await formAction('http://localhost:9281/my-shop?x=1')).toBe("'self' http://localhost:9281");
    // A refused page has no form at all.
    const refused = await postForm('/pm/v1/pay', { orderId: 'x', payload: 'not-signed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-security-policy']).toContain("form-action 'none'");
  });

  it('test mode offers the test cards inside the Pay form; a bank transfer shows where to send the money', async () => {
    const g = await accountOf(EMAILS[5]!);
    const html = await hostedPage(await transactionOk(g, basket(g)));
    expect(html).toContain('<strong>Test mode</strong>');
    const payForm = /<form method="post" action="[^"]+">((?:(?!<\/form>)[\s\S])*value="PAID"[\s\S]*?)<\/form>/.exec(
      html,
    )?.[1];
    expect(payForm).toContain('<input type="radio" name="token" value="pm_card_visa" checked>');
    expect(payForm).toContain('value="pm_card_chargeCustomerFail"');

    {
      const transfer = await transactionOk(g, basket(g, { paymentType: 'offline-FAC' }));
      const page = await hostedPage(transfer);
      expect(page).not.toContain('Test mode');
      expect(page).toContain('<dd>Foyer Demo Ltd</dd>');
      expect(page).toContain('<dd>BE71 0961 2345 6769</dd>');
      expect(page).toMatch(/<dt>Reference<\/dt><dd><code>FOYER-[0-9A-F]{8}<\/code><\/dd>/);
      const place = buttonFields(page, 'PAID');
      const placed = await postForm(place.action, place.fields);
      expect(new URL(placed.headers.location as string).searchParams.get(V1_PAYMENT_OUTCOME_PARAM)).toBe('PAID');
      // Placed, awaiting the money: listed, entitling to nothing until an operator confirms it.
      const [subscription] = await subscriptionsOf(g, 'digital-yearly-eur');
      expect(subscription?.subscription?.status).toBe('ACTIVE_PENDING');
    }
  });

  it('the hosted page expires with its payload', async () => {
    const e = await accountOf(EMAILS[4]!);
    const transaction = await transactionOk(e, basket(e));
    clock.advance(61 * 60_000);
    const response = await postForm('/pm/v1/pay', v1PaymentFormFields(transaction));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
  });
});

describe('without a card provider', () => {
  it('a card transaction says no provider can take it; the page refuses what it did not issue', async () => {
    const plain = await testServer({ paymentProviders: providersFromEnv({}) });
    try {
      const { mainSession, guid } = await loginOk(plain);
      const account = { session: mainSession.sessionId, guid };
      const response = await call(plain, 'POST', '/transaction', {
        session: account.session,
        query: { channel: 'web', op: 'P_SUB', returnUrl: SITE },
        payload: basket(account),
      });
      expect(response.json().code).toBe('provider_unavailable');
      const page = await plain.app.inject({ method: 'POST', url: '/pm/v1/pay', payload: {} });
      expect(page.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
