import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Basket } from '@foyer/api/widget';
import { checkoutButtonAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import { readBasket, writeBasket } from '../_purchase/basketStorage';
import { basketFromAnotherFrame } from '../_purchase/testBasket';
import { digitalBasket, logIn, ORDER } from '../_checkout/testData';
import CheckoutButtonWidget from './index';

function setup(
  attributes: Record<string, string> = {},
  options: { basket?: Basket; order?: Reply; settings?: Record<string, unknown> } = {},
) {
  const server = fakeIdentityServer({
    'POST /pm/api/widget/order': () => options.order ?? { status: 201, body: ORDER },
  });
  const parsed = checkoutButtonAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, settings: options.settings ?? {} });
  logIn(harness);
  writeBasket(harness.storage.tab, options.basket ?? digitalBasket());
  renderWith(harness, <CheckoutButtonWidget attributes={parsed} />);
  return { harness, server, user: userEvent.setup() };
}

const emit = (
  harness: ReturnType<typeof setup>['harness'],
  event: Parameters<typeof harness.services.events.emit>[0],
) => act(() => harness.services.events.emit(event));

describe('checkout-button widget', () => {
  it("has the default caption 'Checkout' and the caption attribute", () => {
    setup();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false);
  });

  it('uses the caption attribute', () => {
    setup({ caption: 'Buy now' });
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();
  });

  it('is disabled with an empty basket', () => {
    setup({}, { basket: { products: [] } });
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
  });

  it('is disabled and shows the step while another frame runs a checkout', () => {
    const { harness } = setup();
    act(() => {
      basketFromAnotherFrame(harness, digitalBasket({ checkout: { step: 'order', since: Date.now() } }));
    });
    expect(screen.getByRole('button', { name: 'Processing order...' })).toHaveProperty('disabled', true);
    act(() => {
      basketFromAnotherFrame(harness, digitalBasket());
    });
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false);
  });

  it('runs the three steps in order with their captions, then says Payment Successful', async () => {
    const { harness, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('button', { name: 'Processing profile...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Processing profile...');
    emit(harness, { name: 'productProfile.success', payload: { guid: 'guid-1' } });
    await screen.findByRole('button', { name: 'Processing order...' });
    expect(harness.opened.at(-1)).toEqual({ widget: 'product-summary', attributes: { mode: 'review' } });
    emit(harness, { name: 'productSummary.success', payload: { productCount: 1 } });
    await screen.findByRole('button', { name: 'Processing payment...' });
    act(() => {
      basketFromAnotherFrame(harness, null);
    });
    emit(harness, { name: 'payment.success', payload: { orderId: 'order-1' } });
    // The status shows the running step until the run has ended: wait for its last text.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment Successful'));
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
  });

  it("shows 'Payment Successful' when another frame's checkout was paid", () => {
    const { harness } = setup();
    emit(harness, { name: 'payment.success', payload: { orderId: 'order-1' } });
    expect(screen.getByText('Payment Successful')).toBeTruthy();
  });

  it('shows an order error in role=alert, keeps the basket and is usable again', async () => {
    const { harness, user } = setup(
      {},
      { order: { status: 500, raw: '' }, settings: { skipProfile: true, skipValidation: true, skipSummary: true } },
    );
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error processing order');
    expect(readBasket(harness.storage.tab).products).toHaveLength(1);
    expect(readBasket(harness.storage.tab).checkout).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false);
  });

  it('keeps errors out of sight with showErrorMsgs off (the event still tells the page)', async () => {
    const { harness, user } = setup(
      { showErrorMsgs: 'false' },
      { order: { status: 500, raw: '' }, settings: { skipProfile: true, skipValidation: true, skipSummary: true } },
    );
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(harness.published).toContainEqual({
        name: 'checkout.failed',
        payload: { code: 'ERROR_PROCESSING_ORDER', statusCode: 500 },
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows checkout_error when the host refuses to open the step (standalone)', async () => {
    const server = fakeIdentityServer({});
    const parsed = checkoutButtonAttributesSchema.parse({});
    const harness = makeHarness({ fetch: server.fetch, attributes: parsed, hostAccepts: false });
    logIn(harness);
    writeBasket(harness.storage.tab, digitalBasket());
    renderWith(harness, <CheckoutButtonWidget attributes={parsed} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The checkout could not be completed');
  });
});
