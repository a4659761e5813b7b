import '../../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  checkoutButtonAttributesSchema,
  v1ProductItemAttributesSchema,
  v1ProductSelectionAttributesSchema,
  v1ProductSummaryAttributesSchema,
} from '@foyer/protocol';
import { addDays, nextDeliveryDay } from '@foyer/api/widget';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import { sessionStarted } from '../../app/store/sessionSlice';
import { DIGITAL, GROUP, PRINT } from '../../features/checkout/test/testData';
import {
  ACCOUNT,
  basketOf,
  DIGITAL as DIGITAL_LINE,
  lineRuleRoutes,
  PRINT as PRINT_LINE,
} from '../../features/v1/test/testV1Basket';
import { readStoredV1Basket, writeV1Basket } from '../../features/v1/v1BasketStorage';
import V1CheckoutButton from './checkout-button';
import V1ProductItem from './product-item';
import V1ProductSelection from './product-selection';
import V1ProductSummary from './product-summary';

function harnessWith(routes: Record<string, Handler>, loggedIn = true, query: Record<string, string> = {}) {
  const server = fakeIdentityServer(routes);
  const h = makeHarness({ fetch: server.fetch, frame: { query } });
  const forms: { url: string; fields: Record<string, string> }[] = [];
  h.services.host.postForm = (url, fields) => {
    forms.push({ url, fields });
    return Promise.resolve(true);
  };
  if (loggedIn) {
    h.store.dispatch(sessionStarted({ guid: ACCOUNT, sessionId: SESSION_ID, expiry: 0, sessionCookie: false }));
  }
  return { h, server, forms, user: userEvent.setup() };
}

const noOrder: Handler = () => ({ status: 404, body: { code: 'order_not_created' } });
/** The print line's earliest first delivery day (GET /spi/product/print/startDeliveryDate). */
// As the server answers it: always a delivery day (Monday to Friday).
const MIN_DATE = nextDeliveryDay(dayjs().add(5, 'day').format('YYYY-MM-DD'));
const DAY_BEFORE = dayjs(MIN_DATE).subtract(1, 'day').format('YYYY-MM-DD');
const ORDER_PATH = `GET /pm/api/order/user/${ACCOUNT}`;

describe('v1/product-selection', () => {
  it('shows the group’s offers and adds a plan after 1000 ms, busy meanwhile', async () => {
    const { h, user } = harnessWith({ 'GET /pm/api/offers': () => ({ status: 200, body: GROUP.products }) }, false);
    const attributes = v1ProductSelectionAttributesSchema.parse({ groupName: 'demo', decimals: '2' });
    renderWith(h, <V1ProductSelection attributes={attributes} />);
    const choose = await screen.findByRole('button', { name: /Monthly \(Digital access\)/ });
    expect(screen.getAllByText('€1.00').length).toBeGreaterThan(0);
    const clicked = Date.now();
    await user.click(choose);
    expect(await screen.findByText('Adding Digital access to your basket…')).toBeTruthy();
    expect(readStoredV1Basket(h.storage.tab)).toBeNull();
    await waitFor(() => expect(readStoredV1Basket(h.storage.tab)?.products).toHaveLength(1), { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    expect(readStoredV1Basket(h.storage.tab)?.products[0]).toMatchObject({
      productId: DIGITAL.productId,
      planId: 'digital-monthly-eur',
      price: 1,
      currency: 'EUR',
      quantity: 1,
      productMetaData: { seller: '1', purchaseReason: '1' },
    });
    expect(h.published).toContainEqual({ name: 'basket.updated', payload: { productCount: 1 } });
  });
});

describe('v1/product-item', () => {
  it("needs a chosen plan: nothing_selected 'Please select an option to continue'", async () => {
    const { h, user } = harnessWith(
      { [`GET /pm/api/offers/${PRINT.productId}`]: () => ({ status: 200, body: PRINT }) },
      false,
    );
    const attributes = v1ProductItemAttributesSchema.parse({ productId: PRINT.productId });
    renderWith(h, <V1ProductItem attributes={attributes} />);
    await user.click(await screen.findByRole('button', { name: 'Add to basket' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please select an option to continue');
    expect(h.published).toContainEqual({
      name: 'productSelection.failed',
      payload: { code: 'nothing_selected', statusCode: 400 },
    });
    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(readStoredV1Basket(h.storage.tab)?.products[0]?.planId).toBe('print-monthly-eur'), {
      timeout: 3000,
    });
  });
});

describe('v1/product-summary', () => {
  it('lists the lines with the total in the configured decimals, removes one, sets an active payment type', async () => {
    const { h, user } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: noOrder,
      'POST /pm/api/order': (request) => ({
        status: 201,
        body: { ...(request.body as object), status: 'OPEN', total: '29.49' },
      }),
      'GET /pm/api/widget/payment/types': () => ({
        status: 200,
        body: [
          { name: 'CASH', displayName: 'Cash' },
          { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
          { name: 'CARD', displayName: 'Card' },
        ],
      }),
    });
    writeV1Basket(h.storage.tab, basketOf([DIGITAL_LINE, PRINT_LINE]));
    const attributes = v1ProductSummaryAttributesSchema.parse({ decimals: '2' });
    renderWith(h, <V1ProductSummary attributes={attributes} />);
    expect(await screen.findByText('€29.49')).toBeTruthy();
    const select = await screen.findByRole('combobox', { name: 'Payment type' });
    await waitFor(() => expect(readStoredV1Basket(h.storage.tab)?.paymentType).toBe('offline-FAC'));
    await user.selectOptions(select, 'Card');
    await waitFor(() => expect(readStoredV1Basket(h.storage.tab)?.paymentType).toBe('online-CAU'));
    await user.click(screen.getByRole('button', { name: 'Remove Digital' }));
    expect(await screen.findByText('€19.50', { selector: 'tfoot td' })).toBeTruthy();
    expect(readStoredV1Basket(h.storage.tab)?.products.map((line) => line.productId)).toEqual(['print']);
  });

  it('back from the payment page, says the outcome: cancelled and paid as a status, refused as an alert', async () => {
    const routes = { ...lineRuleRoutes(MIN_DATE), [ORDER_PATH]: noOrder };
    const attributes = v1ProductSummaryAttributesSchema.parse({});
    const cases = [
      ['CANCELLED', 'status', 'You cancelled the payment. Nothing was charged; your basket is still here.'],
      [
        'REFUSED',
        'alert',
        'The payment was not taken (refused, or the payment page had expired). Nothing was charged.',
      ],
      ['PAID', 'status', 'Payment received. Thank you!'],
    ] as const;
    for (const [outcome, role, text] of cases) {
      const { h } = harnessWith(routes, false, { v1Payment: outcome, v1Order: basketOf([DIGITAL_LINE])._id });
      const { unmount } = renderWith(h, <V1ProductSummary attributes={attributes} />);
      expect((await screen.findByRole(role)).textContent).toBe(text);
      unmount();
    }
    // Any other value (a hand-edited address) says nothing.
    const { h } = harnessWith(routes, false, { v1Payment: 'HACKED' });
    renderWith(h, <V1ProductSummary attributes={attributes} />);
    expect(await screen.findByText('No products selected')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lets the visitor pick a delivered line's start delivery date, not before the product's minDate", async () => {
    const { h } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: noOrder,
      'GET /pm/api/widget/payment/types': () => ({ status: 200, body: [{ name: 'CARD', displayName: 'Card' }] }),
    });
    writeV1Basket(h.storage.tab, basketOf([DIGITAL_LINE, PRINT_LINE]));
    renderWith(h, <V1ProductSummary attributes={v1ProductSummaryAttributesSchema.parse({})} />);
    // Only the delivered line (print) asks for a date; the digital one does not.
    const date = await screen.findByLabelText('First delivery of Print');
    expect(screen.queryByLabelText('First delivery of Digital')).toBeNull();
    expect(date.getAttribute('type')).toBe('date');
    expect(date.getAttribute('min')).toBe(MIN_DATE);
    const earliest = dayjs(MIN_DATE).format('DD/MM/YYYY');
    expect(screen.getByText(`From ${earliest} on. Left empty, the first delivery is on ${earliest}.`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const stored = () => readStoredV1Basket(h.storage.tab)?.products.find((line) => line.productId === 'print');

    fireEvent.change(date, { target: { value: DAY_BEFORE } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Choose ${earliest} or a later day for the first delivery.`,
    );
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(stored()?.productMetaData?.startDeliveryDate).toEqual({ print: DAY_BEFORE });

    fireEvent.change(date, { target: { value: MIN_DATE } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(stored()?.productMetaData).toMatchObject({ startDeliveryDate: { print: MIN_DATE }, seller: '1' });
  });

  // Issue 32, item 7: deliveries start Monday to Friday, as the server's orders require.
  it('says at once that a Saturday or Sunday is not a delivery day', async () => {
    const { h } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: noOrder,
      'GET /pm/api/widget/payment/types': () => ({ status: 200, body: [{ name: 'CARD', displayName: 'Card' }] }),
    });
    writeV1Basket(h.storage.tab, basketOf([PRINT_LINE]));
    renderWith(h, <V1ProductSummary attributes={v1ProductSummaryAttributesSchema.parse({})} />);
    const date = await screen.findByLabelText('First delivery of Print');
    let weekend = MIN_DATE;
    while (new Date(`${weekend}T00:00:00Z`).getUTCDay() !== 6) weekend = addDays(weekend, 1);
    fireEvent.change(date, { target: { value: weekend } });
    expect((await screen.findByRole('alert')).textContent).toBe('Deliveries start on a working day (Monday to Friday)');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(date, { target: { value: addDays(weekend, 2) } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

// Issue 32, item 9: PUT /order where the spec calls it.
describe('v1/product-summary: changes on the open order (PUT /order)', () => {
  const types: Handler = () => ({
    status: 200,
    body: [
      { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
      { name: 'CARD', displayName: 'Card' },
    ],
  });

  it('a logged-in visitor changing the payment type or a start delivery date updates the open order', async () => {
    const basket = basketOf([DIGITAL_LINE, PRINT_LINE], { accountId: ACCOUNT, paymentType: 'offline-FAC' });
    const { h, server, user } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      // The login sync finds this very basket as the account's open order: kept.
      [ORDER_PATH]: () => ({ status: 200, body: { ...basket, status: 'OPEN', total: '29.49' } }),
      'GET /pm/api/widget/payment/types': types,
      'PUT /pm/api/order': (request) => ({ status: 200, body: { ...(request.body as object), status: 'OPEN' } }),
    });
    writeV1Basket(h.storage.tab, basket);
    renderWith(h, <V1ProductSummary attributes={v1ProductSummaryAttributesSchema.parse({})} />);
    const puts = () =>
      server.requests.filter((request) => request.method === 'PUT' && request.path === '/pm/api/order');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Payment type' }), 'Card');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ _id: basket._id, accountId: ACCOUNT, paymentType: 'online-CAU' });

    fireEvent.change(await screen.findByLabelText('First delivery of Print'), { target: { value: MIN_DATE } });
    await waitFor(() => expect(puts()).toHaveLength(2));
    const sent = puts()[1]!.body as typeof basket;
    expect(sent.paymentType).toBe('online-CAU');
    expect(sent.products.find((line) => line.productId === 'print')?.productMetaData).toMatchObject({
      startDeliveryDate: { print: MIN_DATE },
    });
    // Nothing else is sent again: no delete, no new order.
    expect(server.requests.some((request) => request.method === 'DELETE' || request.method === 'POST')).toBe(false);
  });

  it('without a session nothing is sent: the basket is only the page’s', async () => {
    const { h, server, user } = harnessWith(
      { ...lineRuleRoutes(MIN_DATE), 'GET /pm/api/widget/payment/types': types },
      false,
    );
    writeV1Basket(h.storage.tab, basketOf([DIGITAL_LINE]));
    renderWith(h, <V1ProductSummary attributes={v1ProductSummaryAttributesSchema.parse({})} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Payment type' }), 'Card');
    await waitFor(() => expect(readStoredV1Basket(h.storage.tab)?.paymentType).toBe('online-CAU'));
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe('v1/checkout-button', () => {
  const transaction = {
    paymentUrl: 'https://pay.example/hosted',
    siteId: 'site-1',
    orderId: 'order-1',
    quantity: 1,
    payload: 'signed',
  };

  it('refuses an incomplete order client-side (400) and says so, without a transaction', async () => {
    const { h, server, user } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: noOrder,
      'POST /pm/api/order': () => ({ status: 500 }),
    });
    const bad = basketOf([DIGITAL_LINE], { accountId: ACCOUNT, startDate: Date.now() });
    writeV1Basket(h.storage.tab, { ...bad, productMetaData: { ...bad.productMetaData, printDeliveryCode: '12' } });
    renderWith(h, <V1CheckoutButton attributes={checkoutButtonAttributesSchema.parse({})} />);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Client-side validation failed');
    expect(h.published).toContainEqual({
      name: 'checkout.failed',
      payload: { code: 'v1_order_invalid', statusCode: 400 },
    });
    expect(server.requests.some((request) => request.path === '/pm/api/transaction')).toBe(false);
  });

  it('posts the transaction (channel=web, op=P_SUB) and has the loader post its form to the payment page', async () => {
    const basket = basketOf([DIGITAL_LINE], { accountId: ACCOUNT, startDate: Date.now() });
    const { h, server, forms, user } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: () => ({ status: 200, body: { ...basket, status: 'OPEN', total: '9.99' } }),
      'POST /pm/api/transaction': () => ({ status: 201, body: transaction }),
    });
    writeV1Basket(h.storage.tab, basket);
    renderWith(h, <V1CheckoutButton attributes={checkoutButtonAttributesSchema.parse({})} />);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    const posted = server.requests.find((request) => request.path === '/pm/api/transaction')!;
    expect(Object.fromEntries(posted.query)).toEqual({ channel: 'web', op: 'P_SUB' });
    expect(posted.body).toMatchObject({ _id: basket._id, accountId: ACCOUNT, paymentType: 'online-CAU' });
    expect(forms[0]).toEqual({
      url: 'https://pay.example/hosted',
      fields: { siteId: 'site-1', orderId: 'order-1', quantity: '1', payload: 'signed' },
    });
    expect(h.published).toContainEqual({ name: 'transaction.created', payload: { orderId: 'order-1' } });
  });

  it('refuses a start delivery date before the minimum client-side; fills the earliest and the saved address when none was picked', async () => {
    const basket = basketOf([PRINT_LINE], { accountId: ACCOUNT, startDate: Date.now() });
    const dated = (date: string) => ({
      ...basket,
      products: [
        { ...basket.products[0]!, productMetaData: { ...basket.productMetaData, startDeliveryDate: { print: date } } },
      ],
    });
    const { h, server, forms, user } = harnessWith({
      ...lineRuleRoutes(MIN_DATE),
      [ORDER_PATH]: () => ({ status: 200, body: { ...basket, status: 'OPEN', total: '19.50' } }),
      'POST /pm/api/transaction': () => ({ status: 201, body: transaction }),
    });
    writeV1Basket(h.storage.tab, dated(DAY_BEFORE));
    renderWith(h, <V1CheckoutButton attributes={checkoutButtonAttributesSchema.parse({})} />);
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    await user.click(checkout);
    expect((await screen.findByRole('alert')).textContent).toContain('Client-side validation failed');
    expect(server.requests.some((request) => request.path === '/pm/api/transaction')).toBe(false);

    // No date picked: the earliest, and the account's saved delivery address (purchase spec §3).
    writeV1Basket(h.storage.tab, basket);
    await user.click(checkout);
    await waitFor(() => expect(forms).toHaveLength(1));
    const posted = server.requests.find((request) => request.path === '/pm/api/transaction')!;
    expect(posted.body).toMatchObject({
      products: [
        {
          productId: 'print',
          productMetaData: { startDeliveryDate: { print: MIN_DATE }, deliveryAddress: { id: 'addr-home' } },
        },
      ],
    });
    // The basket keeps what the checkout filled in.
    expect(readStoredV1Basket(h.storage.tab)?.products[0]?.productMetaData?.deliveryAddress).toEqual({
      id: 'addr-home',
    });
  });

  it("a delivered line and no saved address: INVALID_FORM 'Invalid profile', no transaction", async () => {
    const { h, server, user } = harnessWith({ ...lineRuleRoutes(MIN_DATE, false), [ORDER_PATH]: noOrder });
    writeV1Basket(h.storage.tab, basketOf([PRINT_LINE], { accountId: ACCOUNT, startDate: Date.now() }));
    renderWith(h, <V1CheckoutButton attributes={checkoutButtonAttributesSchema.parse({})} />);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(h.published).toContainEqual({ name: 'checkout.failed', payload: { code: 'INVALID_FORM', statusCode: 400 } });
    expect(server.requests.some((request) => request.path === '/pm/api/transaction')).toBe(false);
    // Another problem as well (a day before the minimum): the order is refused as invalid first.
    const basket = readStoredV1Basket(h.storage.tab)!;
    writeV1Basket(h.storage.tab, {
      ...basket,
      products: basket.products.map((line) => ({
        ...line,
        productMetaData: { ...line.productMetaData, startDeliveryDate: { print: DAY_BEFORE } },
      })),
    });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(h.published).toContainEqual({
        name: 'checkout.failed',
        payload: { code: 'v1_order_invalid', statusCode: 400 },
      }),
    );
  });

  it('without a session fails with not_logged_in and opens the login', async () => {
    const { h, user } = harnessWith({}, false);
    writeV1Basket(h.storage.tab, basketOf([DIGITAL_LINE]));
    renderWith(h, <V1CheckoutButton attributes={checkoutButtonAttributesSchema.parse({})} />);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not Logged In');
    expect(h.published).toContainEqual({
      name: 'checkout.failed',
      payload: { code: 'not_logged_in', statusCode: 400 },
    });
    expect(h.opened).toEqual([{ widget: 'login', attributes: {} }]);
  });
});
