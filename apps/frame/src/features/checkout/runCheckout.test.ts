import { describe, expect, it } from 'vitest';
import { BASKET_KEY, basketSchema, EMPTY_BASKET, type Basket } from '@foyer/api/widget';
import { fakeIdentityServer, makeHarness, SESSION_ID, type Handler, type Harness } from '../../test/harness';
import { readBasket, writeBasket } from '../../app/store/basketStorage';
import { paymentTypesRequest } from '../../app/store/paymentTypes';
import { saveBasket } from '../../app/store/basketThunks';
import type { CheckoutRunner } from './decide';
import { orderFromBasket, runCheckout } from './runCheckout';
import { BUNDLE, digitalBasket, logIn, ORDER, settle } from './test/testData';

function setup(
  options: {
    routes?: Record<string, Handler>;
    settings?: Record<string, unknown>;
    loggedIn?: boolean;
    basket?: Basket;
    hostAccepts?: boolean;
  } = {},
) {
  const server = fakeIdentityServer({
    'POST /pm/api/widget/order': () => ({ status: 201, body: ORDER }),
    ...options.routes,
  });
  const harness = makeHarness({
    fetch: server.fetch,
    settings: options.settings ?? {},
    ...(options.hostAccepts === undefined ? {} : { hostAccepts: options.hostAccepts }),
  });
  if (options.loggedIn ?? true) logIn(harness);
  writeBasket(harness.storage.tab, options.basket ?? digitalBasket());
  return { server, harness };
}

function start(harness: Harness, runner: CheckoutRunner = 'checkout-button') {
  const controller = new AbortController();
  const steps: string[] = [];
  const outcome = harness.store.dispatch(
    runCheckout(runner, { signal: controller.signal, onStep: (step) => steps.push(step) }),
  );
  return { outcome, controller, steps };
}

const emit = (harness: Harness, event: Parameters<Harness['services']['events']['emit']>[0]) =>
  harness.services.events.emit(event);
const names = (harness: Harness) => harness.published.map((event) => event.name);
const marker = (harness: Harness) => readBasket(harness.storage.tab).checkout;

describe('runCheckout: the whole journey (purchase spec §4)', () => {
  it('profile → summary → order → payment → paid, with the marker while running', async () => {
    const { harness, server } = setup();
    const run = start(harness);
    await settle();
    expect(harness.opened).toEqual([{ widget: 'product-profile', attributes: {} }]);
    expect(marker(harness)).toMatchObject({ step: 'profile' });
    expect(harness.published[0]).toEqual({ name: 'checkout.started', payload: { productCount: 1 } });

    emit(harness, { name: 'productProfile.success', payload: { guid: 'guid-1' } });
    await settle();
    expect(harness.opened[1]).toEqual({ widget: 'product-summary', attributes: { mode: 'review' } });
    expect(marker(harness)).toMatchObject({ step: 'summary' });

    emit(harness, { name: 'productSummary.success', payload: { productCount: 1 } });
    await settle();
    await settle();
    const request = server.requests.find((entry) => entry.path === '/pm/api/widget/order')!;
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }],
      paymentType: 'CARD',
    });
    expect(request.headers.get('authorization')).toContain(SESSION_ID);
    expect(harness.opened[2]).toEqual({ widget: 'payment', attributes: { orderId: 'order-1' } });
    expect(readBasket(harness.storage.tab)).toMatchObject({ id: 'order-1', total: ORDER.total });
    expect(harness.published).toContainEqual({ name: 'order.created', payload: { orderId: 'order-1' } });
    expect(marker(harness)).toMatchObject({ step: 'payment' });

    // The payment widget removes the basket, then publishes payment.success.
    writeBasket(harness.storage.tab, null);
    emit(harness, { name: 'payment.success', payload: { orderId: 'order-1' } });
    expect(await run.outcome).toEqual({ status: 'paid', orderId: 'order-1' });
    expect(run.steps).toEqual(['profile', 'summary', 'order', 'payment']);
    expect(harness.storage.tab.getItem(BASKET_KEY)).toBeNull();
    expect(names(harness)).not.toContain('checkout.failed');
  });

  // Issue 32, item 7: the lines carry startDate, endDate and a delivered product's startDeliveryDate.
  it("dates the order's lines from the server's days: today, the period's end, the chosen first delivery", async () => {
    const digital = digitalBasket().products[0]!;
    const print = {
      ...digital,
      name: 'demo-print',
      displayName: 'Print and digital',
      requiresDeliveryAddress: true,
      paymentPlan: { ...digital.paymentPlan, _id: 'print-weekly-eur', frequency: { id: 'WEEK1' as const } },
    };
    const days = (minDate: string) => () => ({ status: 200, body: { minDate, today: '2030-01-31' } });
    const routes = {
      'GET /pm/api/spi/product/demo-digital/startDeliveryDate': days('2030-01-31'),
      'GET /pm/api/spi/product/demo-print/startDeliveryDate': days('2030-02-04'),
    };
    const chosen = setup({
      routes,
      settings: { skipProfile: true, skipValidation: true, skipSummary: true },
      basket: { products: [digital, { ...print, startDeliveryDate: '2030-02-06' }], paymentType: 'CARD' },
    });
    const run = start(chosen.harness);
    await settle();
    await settle();
    const placed = chosen.server.requests.find((entry) => entry.path === '/pm/api/widget/order')!;
    expect(placed.body).toMatchObject({
      orderItems: [
        { product: 'demo-digital', startDate: '2030-01-31', endDate: '2030-02-28' },
        { product: 'demo-print', startDate: '2030-01-31', endDate: '2030-02-07', startDeliveryDate: '2030-02-06' },
      ],
    });
    expect((placed.body as { orderItems: object[] }).orderItems[0]).not.toHaveProperty('startDeliveryDate');
    run.controller.abort();
    await run.outcome;
    // Not chosen (the profile step skipped): the earliest delivery day.
    expect(
      orderFromBasket({ products: [print] }, 'CARD', { 'demo-print': { minDate: '2030-02-04', today: '2030-01-31' } }),
    ).toMatchObject({ orderItems: [{ startDeliveryDate: '2030-02-04' }] });
  });

  it("storage refused: a payment heard before the payer's basket change still leaves the basket empty", async () => {
    // No storage: the runner's slice is its only copy, and the payer's "basket removed" message on
    // the siblings' channel may arrive after payment.success has come through the host page.
    const server = fakeIdentityServer({ 'POST /pm/api/widget/order': () => ({ status: 201, body: ORDER }) });
    const harness = makeHarness({
      fetch: server.fetch,
      storageRefused: true,
      settings: { skipProfile: true, skipValidation: true, skipSummary: true },
    });
    logIn(harness);
    harness.store.dispatch(saveBasket(digitalBasket()));
    const summary = harness.sibling();
    const heard: unknown[] = [];
    summary.share('basket', { schema: basketSchema, current: () => undefined, receive: (value) => heard.push(value) });
    const run = start(harness);
    await settle();
    await settle();
    expect(harness.opened.at(-1)).toEqual({ widget: 'payment', attributes: { orderId: 'order-1' } });
    emit(harness, { name: 'payment.success', payload: { orderId: 'order-1' } });
    expect(await run.outcome).toEqual({ status: 'paid', orderId: 'order-1' });
    expect(harness.store.getState().basket).toEqual(EMPTY_BASKET);
    // What the page's other frames heard last is the empty basket, not the paid products again.
    expect(heard.at(-1)).toEqual(EMPTY_BASKET);
    summary.close();
  });

  it('the summary runner goes from the profile straight to the order', async () => {
    const { harness } = setup();
    const run = start(harness, 'product-summary');
    await settle();
    emit(harness, { name: 'productProfile.success', payload: { guid: 'guid-1' } });
    await settle();
    await settle();
    expect(harness.opened.map((entry) => entry.widget)).toEqual(['product-profile', 'payment']);
    run.controller.abort();
    expect(await run.outcome).toEqual({ status: 'stopped' });
    expect(marker(harness)).toBeUndefined();
  });
});

describe('runCheckout: without a session', () => {
  it('publishes not_logged_in, opens the login with register offered, and goes on after login', async () => {
    const { harness } = setup({ loggedIn: false });
    const run = start(harness);
    await settle();
    expect(harness.published).toContainEqual({
      name: 'checkout.failed',
      payload: { code: 'not_logged_in', statusCode: 400 },
    });
    expect(harness.opened).toEqual([{ widget: 'login', attributes: { showRegister: 'true' } }]);
    // The login frame stored the session; this frame adopted it (start.ts) before the runner hears the event.
    logIn(harness);
    emit(harness, { name: 'login.success', payload: { guid: 'guid-1' } });
    await settle();
    expect(harness.opened[1]?.widget).toBe('product-profile');
    run.controller.abort();
    await run.outcome;
  });

  it('login.register opens the profile step, which creates the account and logs in', async () => {
    const { harness } = setup({ loggedIn: false });
    const run = start(harness);
    await settle();
    emit(harness, { name: 'login.register', payload: {} });
    await settle();
    expect(harness.opened[1]).toEqual({ widget: 'product-profile', attributes: {} });
    logIn(harness);
    emit(harness, { name: 'productProfile.success', payload: { guid: 'guid-1' } });
    await settle();
    expect(harness.opened[2]).toEqual({ widget: 'product-summary', attributes: { mode: 'review' } });
    run.controller.abort();
    await run.outcome;
  });

  it('a dismissed login stops quietly: idle, basket kept, marker cleared', async () => {
    const { harness } = setup({ loggedIn: false });
    const run = start(harness);
    await settle();
    emit(harness, { name: 'modal.dismissed', payload: { widget: 'login' } });
    expect(await run.outcome).toEqual({ status: 'stopped' });
    expect(readBasket(harness.storage.tab)).toEqual(digitalBasket());
    expect(names(harness).filter((name) => name === 'checkout.failed')).toHaveLength(1); // the not_logged_in notice only
  });

  it('with the login setting off, fails with not_logged_in and opens nothing', async () => {
    const { harness } = setup({ loggedIn: false, settings: { login: false } });
    const run = start(harness);
    expect(await run.outcome).toMatchObject({ status: 'failed', error: { code: 'not_logged_in', statusCode: 400 } });
    expect(harness.opened).toEqual([]);
  });
});

describe('runCheckout: page settings', () => {
  it('skipProfile validates the profile for every product; invalid opens the profile', async () => {
    const { harness, server } = setup({
      settings: { skipProfile: true },
      basket: {
        ...digitalBasket(),
        products: [...digitalBasket().products, { ...digitalBasket().products[0]!, name: 'demo-print' }],
      },
      routes: {
        'GET /pm/api/widget/profile/validate/demo': () => ({
          status: 200,
          body: { valid: false, missing: ['deliveryAddress'] },
        }),
      },
    });
    const run = start(harness);
    await settle();
    await settle();
    const request = server.requests.find((entry) => entry.path.startsWith('/pm/api/widget/profile/validate'))!;
    expect(request.query.getAll('product')).toEqual(['demo-digital', 'demo-print']);
    expect(harness.opened).toEqual([{ widget: 'product-profile', attributes: {} }]);
    run.controller.abort();
    await run.outcome;
  });

  it('a valid profile with skipSummary goes straight to the order and the payment', async () => {
    const { harness } = setup({
      settings: { skipProfile: true, skipSummary: true },
      routes: {
        'GET /pm/api/widget/profile/validate/demo': () => ({ status: 200, body: { valid: true, missing: [] } }),
      },
    });
    const run = start(harness);
    await settle();
    await settle();
    await settle();
    expect(harness.opened).toEqual([{ widget: 'payment', attributes: { orderId: 'order-1' } }]);
    run.controller.abort();
    await run.outcome;
  });

  it('skipProfile with skipValidation makes no validate call', async () => {
    const { harness, server } = setup({ settings: { skipProfile: true, skipValidation: true } });
    const run = start(harness);
    await settle();
    expect(harness.opened).toEqual([{ widget: 'product-summary', attributes: { mode: 'review' } }]);
    expect(server.requests).toEqual([]);
    run.controller.abort();
    await run.outcome;
  });
});

describe('runCheckout: failures keep the basket', () => {
  const toOrder = { settings: { skipProfile: true, skipValidation: true, skipSummary: true } };

  it('an empty basket is no_products_selected, before checkout.started', async () => {
    const { harness } = setup({ basket: { products: [] } });
    expect(await start(harness).outcome).toMatchObject({ status: 'failed', error: { code: 'no_products_selected' } });
    expect(harness.published).toEqual([
      { name: 'checkout.failed', payload: { code: 'no_products_selected', statusCode: 400 } },
    ]);
  });

  it('a server failure creating the order is ERROR_PROCESSING_ORDER', async () => {
    const { harness } = setup({
      ...toOrder,
      routes: { 'POST /pm/api/widget/order': () => ({ status: 500, raw: 'oops' }) },
    });
    const outcome = await start(harness).outcome;
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'ERROR_PROCESSING_ORDER', statusCode: 500 } });
    expect(harness.published).toContainEqual({
      name: 'checkout.failed',
      payload: { code: 'ERROR_PROCESSING_ORDER', statusCode: 500 },
    });
    expect(readBasket(harness.storage.tab)).toEqual(digitalBasket());
  });

  it('a purchase error code of the server passes through', async () => {
    const { harness } = setup({
      ...toOrder,
      routes: {
        'POST /pm/api/widget/order': () => ({
          status: 409,
          body: [{ appErrorCode: 'plan_already_subscribed', message: 'x', httpErrorCode: 409 }],
        }),
      },
    });
    expect(await start(harness).outcome).toMatchObject({ error: { code: 'plan_already_subscribed', statusCode: 409 } });
  });

  it('a session expired at the order ends the run and the session', async () => {
    const { harness } = setup({
      ...toOrder,
      routes: { 'POST /pm/api/widget/order': () => ({ status: 401, body: { code: 'SESSION_HAS_EXPIRED' } }) },
    });
    expect(await start(harness).outcome).toMatchObject({ error: { code: 'SESSION_HAS_EXPIRED' } });
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(names(harness)).toContain('session.expired');
    expect(readBasket(harness.storage.tab).products).toHaveLength(1);
    expect(marker(harness)).toBeUndefined();
  });

  it('a session that expires in another frame while a step is open ends the run', async () => {
    const { harness } = setup();
    const run = start(harness);
    await settle();
    emit(harness, { name: 'session.expired', payload: {} });
    expect(await run.outcome).toMatchObject({ status: 'failed', error: { code: 'SESSION_HAS_EXPIRED' } });
  });

  it('a cancelled summary stops without an error', async () => {
    const { harness } = setup({ settings: { skipProfile: true, skipValidation: true } });
    const run = start(harness);
    await settle();
    emit(harness, { name: 'productSummary.cancelled', payload: {} });
    expect(await run.outcome).toEqual({ status: 'stopped' });
    expect(names(harness)).not.toContain('checkout.failed');
  });

  it('a host that refuses to open the step (standalone) is checkout_error', async () => {
    const { harness } = setup({ hostAccepts: false });
    expect(await start(harness).outcome).toMatchObject({ status: 'failed', error: { code: 'checkout_error' } });
    expect(marker(harness)).toBeUndefined();
  });

  it('does not start while another frame runs a checkout', async () => {
    const { harness } = setup({ basket: digitalBasket({ checkout: { step: 'profile', since: Date.now() } }) });
    expect(await start(harness).outcome).toEqual({ status: 'busy' });
    expect(harness.published).toEqual([]);
    // A stale marker (its frame went away) does not block.
    writeBasket(harness.storage.tab, digitalBasket({ checkout: { step: 'profile', since: Date.now() - 3_600_000 } }));
    const run = start(harness);
    await settle();
    expect(harness.opened).toHaveLength(1);
    run.controller.abort();
    await run.outcome;
  });
});

describe('runCheckout: a basket without a chosen payment type', () => {
  const orderOn = async (types: Handler) => {
    const { harness, server } = setup({
      routes: { 'GET /pm/api/widget/payment/types': types },
      settings: { skipProfile: true, skipValidation: true, skipSummary: true },
    });
    start(harness);
    await settle();
    await settle();
    return server.requests.find((entry) => entry.path === '/pm/api/widget/order')?.body;
  };

  it("orders by the site's first active type where it takes no cards (the paywall's checkout on npm start)", async () => {
    const body = await orderOn(() => ({
      status: 200,
      body: [{ name: 'BANK_TRANSFER', displayName: 'Bank transfer' }],
    }));
    expect(body).toMatchObject({ paymentType: 'BANK_TRANSFER' });
  });

  it('orders by card where the site takes cards, or when the active types are not known', async () => {
    const both = [
      { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
      { name: 'CARD', displayName: 'Card' },
    ];
    expect(await orderOn(() => ({ status: 200, body: both }))).toMatchObject({ paymentType: 'CARD' });
    expect(await orderOn(() => ({ status: 500, body: {} }))).toMatchObject({ paymentType: 'CARD' });
  });

  it("uses the active types this frame's payment widgets already loaded, without asking again", async () => {
    const { harness, server } = setup({
      routes: {
        'GET /pm/api/widget/payment/types': () => ({
          status: 200,
          body: [{ name: 'BANK_TRANSFER', displayName: 'Bank transfer' }],
        }),
      },
      settings: { skipProfile: true, skipValidation: true, skipSummary: true },
    });
    await harness.store.dispatch(paymentTypesRequest.start(undefined));
    start(harness);
    await settle();
    await settle();
    const asked = server.requests.filter((entry) => entry.path === '/pm/api/widget/payment/types');
    expect(asked).toHaveLength(1);
    expect(server.requests.find((entry) => entry.path === '/pm/api/widget/order')?.body).toMatchObject({
      paymentType: 'BANK_TRANSFER',
    });
  });
});

describe('orderFromBasket', () => {
  it('orders bundles with bundlePlan, keeps the payment type and the address groups', () => {
    const bundlePlan = BUNDLE.bundlePlans[0]!;
    const basket: Basket = {
      products: [
        ...digitalBasket().products,
        {
          name: BUNDLE.name,
          displayName: BUNDLE.displayName,
          type: 'BUNDLE',
          requiresDeliveryAddress: false,
          requiresBillingAddress: false,
          paymentPlan: { ...digitalBasket().products[0]!.paymentPlan, _id: bundlePlan._id },
        },
      ],
      paymentType: 'BANK_TRANSFER',
      deliveryAddressGroup: { id: 'addr-1' },
      billingAddressGroup: { values: { city: 'Brussels' } },
    };
    expect(orderFromBasket(basket)).toEqual({
      orderItems: [
        { product: 'demo-digital', paymentPlan: 'digital-monthly-eur' },
        { product: 'demo-bundle', bundlePlan: 'bundle-yearly-eur' },
      ],
      paymentType: 'BANK_TRANSFER',
      deliveryAddressGroup: { id: 'addr-1' },
      billingAddressGroup: { values: { city: 'Brussels' } },
    });
  });
});
