import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness, SESSION_ID, type Handler } from '../../test/harness';
import { sessionStarted } from '../../app/store/sessionSlice';
import { decideSync, sameOrder, syncV1BasketAtLogin } from './sync';
import { ACCOUNT, basketOf, DIGITAL, PRINT } from './test/testV1Basket';
import { selectV1Basket } from './v1BasketSlice';
import { readStoredV1Basket, writeV1Basket } from './v1BasketStorage';

const SERVER_ORDER = '11111111-2222-4333-8444-555555555555';
/** The server's answer: the basket with its status and total. */
const asOrder = (basket: object) => ({ ...basket, status: 'OPEN', total: '9.99' });

describe('what the login sync does (purchase spec §4)', () => {
  const local = basketOf([DIGITAL], { accountId: ACCOUNT });
  it('keeps the same order, replaces a differing one, creates or adopts when one side has none', () => {
    expect(decideSync(local, local)).toEqual({ type: 'keep' });
    expect(decideSync(basketOf([PRINT], { _id: SERVER_ORDER }), local)).toEqual({
      type: 'replace',
      orderId: SERVER_ORDER,
      basket: local,
    });
    expect(decideSync(null, local)).toEqual({ type: 'create', basket: local });
    expect(decideSync(local, null)).toEqual({ type: 'adopt', order: local });
    expect(decideSync(null, null)).toEqual({ type: 'none' });
  });
  it('compares ids, payment types and lines (not the display prices, which are the server’s)', () => {
    expect(sameOrder(local, { ...local, products: [{ ...local.products[0]!, price: 1 }] })).toBe(true);
    expect(sameOrder(local, { ...local, paymentType: 'onlineCAU' })).toBe(false);
    expect(sameOrder(local, basketOf([DIGITAL, PRINT], { accountId: ACCOUNT }))).toBe(false);
    expect(sameOrder(local, basketOf([{ ...DIGITAL, planId: 'digital-yearly' }]))).toBe(false);
    expect(sameOrder(local, { ...local, _id: SERVER_ORDER })).toBe(false);
  });
});

function loggedInHarness(routes: Record<string, Handler>) {
  const server = fakeIdentityServer(routes);
  const h = makeHarness({ fetch: server.fetch });
  h.store.dispatch(sessionStarted({ guid: ACCOUNT, sessionId: SESSION_ID, expiry: 0, sessionCookie: false }));
  return { h, server };
}

const ORDER_PATH = `/pm/api/order/user/${ACCOUNT}`;

describe('the login sync against the product-manager service', () => {
  it('deletes a differing server order, then posts the local basket with the account', async () => {
    const { h, server } = loggedInHarness({
      [`GET ${ORDER_PATH}`]: () => ({
        status: 200,
        body: asOrder(basketOf([PRINT], { _id: SERVER_ORDER, accountId: ACCOUNT })),
      }),
      [`DELETE ${ORDER_PATH}/order/${SERVER_ORDER}`]: () => ({ status: 204 }),
      'POST /pm/api/order': (request) => ({ status: 201, body: asOrder(request.body as object) }),
    });
    writeV1Basket(h.storage.tab, basketOf([DIGITAL]));
    const result = await h.store.dispatch(syncV1BasketAtLogin());
    expect(result).toEqual({ ok: true, outcome: 'replaced' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${ORDER_PATH}`,
      `DELETE ${ORDER_PATH}/order/${SERVER_ORDER}`,
      'POST /pm/api/order',
    ]);
    expect(server.requests[2]!.body).toEqual(basketOf([DIGITAL], { accountId: ACCOUNT }));
    expect(readStoredV1Basket(h.storage.tab)).toEqual(basketOf([DIGITAL], { accountId: ACCOUNT }));
    expect(selectV1Basket(h.store.getState())?.accountId).toBe(ACCOUNT);
    expect(h.published).toContainEqual({ name: 'basket.synced', payload: { outcome: 'replaced' } });
  });

  it('keeps the same order: no delete, no post', async () => {
    const same = basketOf([DIGITAL], { accountId: ACCOUNT });
    const { h, server } = loggedInHarness({ [`GET ${ORDER_PATH}`]: () => ({ status: 200, body: asOrder(same) }) });
    writeV1Basket(h.storage.tab, same);
    expect(await h.store.dispatch(syncV1BasketAtLogin())).toEqual({ ok: true, outcome: 'kept' });
    expect(server.requests).toHaveLength(1);
  });

  it('posts the basket when the account has no open order (404), and takes the order when there is no basket', async () => {
    const created = loggedInHarness({
      [`GET ${ORDER_PATH}`]: () => ({ status: 404, body: { code: 'order_not_created' } }),
      'POST /pm/api/order': (request) => ({ status: 201, body: asOrder(request.body as object) }),
    });
    writeV1Basket(created.h.storage.tab, basketOf([DIGITAL]));
    expect(await created.h.store.dispatch(syncV1BasketAtLogin())).toEqual({ ok: true, outcome: 'created' });

    const order = basketOf([PRINT], { _id: SERVER_ORDER, accountId: ACCOUNT });
    const adopted = loggedInHarness({ [`GET ${ORDER_PATH}`]: () => ({ status: 200, body: asOrder(order) }) });
    expect(await adopted.h.store.dispatch(syncV1BasketAtLogin())).toEqual({ ok: true, outcome: 'adopted' });
    expect(readStoredV1Basket(adopted.h.storage.tab)).toEqual(order);
    expect(adopted.server.requests).toHaveLength(1);
  });

  it('leaves the basket as it was when the server fails, and does nothing without a session', async () => {
    const { h } = loggedInHarness({ [`GET ${ORDER_PATH}`]: () => ({ status: 500, body: { code: 'INTERNAL' } }) });
    writeV1Basket(h.storage.tab, basketOf([DIGITAL]));
    const result = await h.store.dispatch(syncV1BasketAtLogin());
    expect(result.ok).toBe(false);
    expect(readStoredV1Basket(h.storage.tab)).toEqual(basketOf([DIGITAL]));
    expect(h.published.some((event) => event.name === 'basket.synced')).toBe(false);

    const anonymous = makeHarness({ fetch: () => Promise.reject(new Error('no call expected')) });
    expect(await anonymous.store.dispatch(syncV1BasketAtLogin())).toEqual({ ok: true, outcome: null });
  });
});
