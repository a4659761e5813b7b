import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Basket } from '@foyer/api/widget';
import { checkoutButtonAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import { readBasket, writeBasket } from '../../app/store/basketStorage';
import { basketFromAnotherFrame } from '../../test/testBasket';
import { digitalBasket, logIn, ORDER } from '../../features/checkout/test/testData';
import CheckoutButtonWidget from './index';

function setup(
  attributes: Record<string, string> = {},
  options: { basket?: Basket; order?: Reply | Promise<Reply>; settings?: Record<string, unknown> } = {},
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

  it("says 'Processing …' only while a request runs; calm and static while the modal waits for the visitor", async () => {
    let answerOrder: (reply: Reply) => void = () => {};
    const { harness, user } = setup({}, { order: new Promise<Reply>((resolve) => (answerOrder = resolve)) });
    const waitingName = 'Checkout open — continue in the window';
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    // The profile step is open in the modal: disabled, no spinner, not busy, said once politely.
    const waiting = await screen.findByRole('button', { name: waitingName });
    expect(waiting).toHaveProperty('disabled', true);
    expect(waiting.getAttribute('aria-busy')).toBe('false');
    expect(waiting.querySelector('.spinner')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(waitingName);
    expect(screen.queryByText(/Processing/)).toBeNull();
    // Every other frame of the page reads the same from the basket's marker.
    expect(readBasket(harness.storage.tab).checkout).toMatchObject({ step: 'profile', waiting: true });
    emit(harness, { name: 'productProfile.success', payload: { guid: 'guid-1' } });
    await waitFor(() =>
      expect(harness.opened.at(-1)).toEqual({ widget: 'product-summary', attributes: { mode: 'review' } }),
    );
    expect(screen.getByRole('button', { name: waitingName })).toHaveProperty('disabled', true);
    emit(harness, { name: 'productSummary.success', payload: { productCount: 1 } });
    // The order request runs: now the step's caption and a spinner.
    const processing = await screen.findByRole('button', { name: 'Processing order...' });
    expect(processing).toHaveProperty('disabled', true);
    expect(processing.getAttribute('aria-busy')).toBe('true');
    expect(processing.querySelector('.spinner')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Processing order...');
    expect(readBasket(harness.storage.tab).checkout).toEqual({ step: 'order', since: expect.any(Number) });
    answerOrder({ status: 201, body: ORDER });
    // The payment step is open: calm again.
    await screen.findByRole('button', { name: waitingName });
    expect(harness.opened.at(-1)?.widget).toBe('payment');
    // The visitor pays in the modal: its request runs — the third step, 'Processing payment...'
    // (issue 32, item 6), in every frame of the page.
    emit(harness, { name: 'payment.processing', payload: { orderId: 'order-1', running: true } });
    const paying = await screen.findByRole('button', { name: 'Processing payment...' });
    expect(paying).toHaveProperty('disabled', true);
    expect(paying.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Processing payment...');
    expect(readBasket(harness.storage.tab).checkout).toEqual({ step: 'payment', since: expect.any(Number) });
    // Answered (a declined card): the modal waits for the visitor again.
    emit(harness, { name: 'payment.processing', payload: { orderId: 'order-1', running: false } });
    emit(harness, { name: 'payment.failed', payload: { code: 'card_declined', statusCode: 402 } });
    await screen.findByRole('button', { name: waitingName });
    expect(readBasket(harness.storage.tab).checkout).toMatchObject({ step: 'payment', waiting: true });
    emit(harness, { name: 'payment.processing', payload: { orderId: 'order-1', running: true } });
    await screen.findByRole('button', { name: 'Processing payment...' });
    act(() => {
      basketFromAnotherFrame(harness, null);
    });
    emit(harness, { name: 'payment.success', payload: { orderId: 'order-1' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment Successful'));
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
  });

  it("is calm while another frame's checkout waits in the modal, and back to normal when it closes", () => {
    const { harness } = setup();
    act(() => {
      basketFromAnotherFrame(
        harness,
        digitalBasket({ checkout: { step: 'payment', since: Date.now(), waiting: true } }),
      );
    });
    const waiting = screen.getByRole('button', { name: 'Checkout open — continue in the window' });
    expect(waiting).toHaveProperty('disabled', true);
    expect(waiting.querySelector('.spinner')).toBeNull();
    expect(screen.queryByText(/Processing/)).toBeNull();
    act(() => {
      basketFromAnotherFrame(harness, digitalBasket());
    });
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe('');
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
