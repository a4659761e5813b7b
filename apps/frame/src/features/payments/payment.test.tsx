import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BASKET_KEY } from '@foyer/api/widget';
import { paymentAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import ManualPaymentWidget from '../../widgets/manual-payment';
import PaymentWidget from '../../widgets/payment';
import { PaymentShell, ScriptFailed } from './PaymentShell';
import { useProviderScript } from './providerScript';
import { PaymentAttempts, submitPayment } from './submitPayment';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const total = { amount: 1299, currency: 'EUR', display: '12.99' };
const page = (providerName: string) => ({ providerName, orderId: 'ord-1', orderStatus: 'CREATED', total });
const paid = {
  paymentId: 'pay-1',
  orderId: 'ord-1',
  status: 'SUCCEEDED',
  amount: total,
  providerName: 'MANUAL',
  purchases: [{ id: 'pu-1', orderItemId: 'it-1', status: 'ACTIVE' }],
};
const basket = { products: [], id: 'ord-1' };

function setup(
  routes: Record<string, Handler>,
  options: { loggedIn?: boolean; attributes?: Record<string, string> } = {},
) {
  const server = fakeIdentityServer(routes);
  const attributes = paymentAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    preloaded: options.loggedIn === false ? {} : { session },
  });
  harness.storage.tab.setItem(BASKET_KEY, JSON.stringify(basket));
  return { server, harness, attributes };
}

describe('payment shell', () => {
  it("shows the default title, the accepted cards by name and the SSL note; 'Payment Successful' replaces the form", () => {
    const attributes = paymentAttributesSchema.parse({});
    const harness = makeHarness();
    const view = renderWith(harness, <PaymentShell attributes={attributes}>form</PaymentShell>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('PAYMENT DETAILS');
    const cards = screen.getByRole('list', { name: 'Accepted cards' });
    expect([...cards.querySelectorAll('svg[role="img"]')].map((svg) => svg.getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
    ]);
    expect(screen.getByText(/secure \(SSL\) connection/)).toBeTruthy();
    view.rerender(<PaymentShell attributes={attributes} success />);
    expect(screen.getByRole('status').textContent).toBe('Payment Successful');
    expect(screen.queryByText('form')).toBeNull();
  });

  it('shows errors in role=alert only with showErrorMsgs; a custom title; the header hidden but present', () => {
    const error = { code: 'card_declined', args: [], statusCode: 402, message: '' };
    const harness = makeHarness();
    const on = paymentAttributesSchema.parse({ title: 'Pay now', showHeader: 'false' });
    const view = renderWith(harness, <PaymentShell attributes={on} error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined');
    expect(screen.getByRole('heading', { level: 1 }).className).toBe('visually-hidden');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay now');
    view.rerender(<PaymentShell attributes={{ ...on, showErrorMsgs: false }} error={error} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the spinner while busy', () => {
    renderWith(makeHarness(), <PaymentShell attributes={paymentAttributesSchema.parse({})} busy />);
    expect(screen.getByRole('status').textContent).toContain('Processing payment…');
  });
});

describe('submitPayment', () => {
  const attempts = () => new PaymentAttempts();

  it('needs a login, then an order id, and sends nothing while a field error shows', async () => {
    const { server, harness } = setup({}, { loggedIn: false });
    const out = await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 't', attempts: attempts() }));
    expect(out).toMatchObject({ status: 'failed', error: { code: 'not_logged_in' } });
    const logged = setup({});
    const noOrder = await logged.harness.store.dispatch(
      submitPayment({ orderId: undefined, token: 't', attempts: attempts() }),
    );
    expect(noOrder).toMatchObject({ status: 'failed', error: { code: 'undefined_order_id' } });
    const fieldError = { code: 'payment.mercado.error.205', args: [], statusCode: 400, message: '' };
    const blocked = await logged.harness.store.dispatch(
      submitPayment({ orderId: 'ord-1', token: 't', attempts: attempts(), fieldError }),
    );
    expect(blocked).toEqual({ status: 'failed', error: fieldError });
    expect([...server.requests, ...logged.server.requests]).toEqual([]);
    expect(harness.published).toEqual([
      { name: 'payment.failed', payload: { code: 'not_logged_in', statusCode: 400 } },
    ]);
  });

  it('posts the token with the session and an Idempotency-Key; success removes the basket and publishes payment.success', async () => {
    const { server, harness } = setup({ 'POST /pm/api/widget/payment/ord-1': () => ({ status: 200, body: paid }) });
    const out = await harness.store.dispatch(
      submitPayment({ orderId: 'ord-1', token: 'tok_APRO', attempts: attempts() }),
    );
    expect(out.status).toBe('succeeded');
    const request = server.requests[0]!;
    expect(request.body).toEqual({ token: 'tok_APRO' });
    expect(request.headers.get('authorization')).toContain(SESSION_ID);
    expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(harness.storage.tab.getItem(BASKET_KEY)).toBeNull();
    expect(harness.published).toContainEqual({ name: 'payment.success', payload: { orderId: 'ord-1' } });
  });

  it('keeps a basket that belongs to another order', async () => {
    const { harness } = setup({
      'POST /pm/api/widget/payment/ord-9': () => ({ status: 200, body: { ...paid, orderId: 'ord-9' } }),
    });
    await harness.store.dispatch(submitPayment({ orderId: 'ord-9', token: 'x', attempts: attempts() }));
    expect(harness.storage.tab.getItem(BASKET_KEY)).not.toBeNull();
  });

  it('reuses the key when the same attempt is retried and takes a new one for a new token', async () => {
    let calls = 0;
    const { server, harness } = setup({
      'POST /pm/api/widget/payment/ord-1': () =>
        ++calls === 1 ? 'network-error' : { status: 402, body: { code: 'card_declined' } },
    });
    const same = attempts();
    const first = await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 'pm_1', attempts: same }));
    expect(first.status).toBe('failed');
    const retry = await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 'pm_1', attempts: same }));
    expect(retry).toMatchObject({ status: 'failed', error: { code: 'card_declined', statusCode: 402 } });
    await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 'pm_2', attempts: same }));
    const keys = server.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    // Each attempt: payment.processing while its request runs (a checkout's 'Processing payment...'), then its outcome.
    const processing = (running: boolean) => ({ name: 'payment.processing', payload: { orderId: 'ord-1', running } });
    expect(harness.published.slice(-6)).toEqual([
      processing(true),
      processing(false),
      { name: 'payment.failed', payload: { code: 'card_declined', statusCode: 402 } },
      processing(true),
      processing(false),
      { name: 'payment.failed', payload: { code: 'card_declined', statusCode: 402 } },
    ]);
  });

  it('a failure without an app error code is payment_fail; REQUIRES_ACTION hands back the client secret', async () => {
    let calls = 0;
    const { harness } = setup({
      'POST /pm/api/widget/payment/ord-1': () =>
        ++calls === 1
          ? { status: 500, raw: 'oops' }
          : { status: 200, body: { ...paid, status: 'REQUIRES_ACTION', clientSecret: 'pi_1_secret', purchases: [] } },
    });
    const failed = await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 'a', attempts: attempts() }));
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'payment_fail' } });
    const action = await harness.store.dispatch(submitPayment({ orderId: 'ord-1', token: 'b', attempts: attempts() }));
    expect(action).toMatchObject({ status: 'requires_action', clientSecret: 'pi_1_secret' });
    // Not paid yet: the basket stays.
    expect(harness.storage.tab.getItem(BASKET_KEY)).not.toBeNull();
  });
});

describe('payment widget', () => {
  it('needs a login and an order before asking the server', async () => {
    const { server, attributes, harness } = setup({}, { loggedIn: false });
    renderWith(harness, <PaymentWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not Logged In');
    const noOrder = setup({});
    noOrder.harness.storage.tab.clear();
    renderWith(noOrder.harness, <PaymentWidget attributes={noOrder.attributes} />);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'The order has not been created',
      ),
    );
    expect([...server.requests, ...noOrder.server.requests]).toEqual([]);
  });

  it("shows the provider the payment page names: MANUAL's button pays, once, even on a double click", async () => {
    let resolvePayment: (reply: { status: number; body: unknown }) => void = () => {};
    const { server, harness, attributes } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page('MANUAL') }),
      'POST /pm/api/widget/payment/ord-1': () => new Promise((resolve) => (resolvePayment = resolve)),
    });
    renderWith(harness, <PaymentWidget attributes={attributes} />);
    const button = await screen.findByRole('button', { name: 'Pay €12.99' });
    await userEvent.dblClick(button);
    expect(screen.getByRole('button', { name: /Processing payment/ })).toHaveProperty('disabled', true);
    await act(async () => resolvePayment({ status: 200, body: paid }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment Successful');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(server.requests[1]?.body).toEqual({ token: 'manual' });
    expect(harness.storage.tab.getItem(BASKET_KEY)).toBeNull();
  });

  it('shows the direct-debit request for GOCARDLESS orders', async () => {
    const { harness, attributes } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page('GOCARDLESS') }),
    });
    renderWith(harness, <PaymentWidget attributes={attributes} />);
    expect(await screen.findByRole('button', { name: 'Process payment' })).toBeTruthy();
  });

  it('shows the server error of the payment page (an order of someone else)', async () => {
    const { harness, attributes } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 404, body: { code: 'order_not_created' } }),
    });
    renderWith(harness, <PaymentWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toBe("An order hasn't been created.");
    expect(harness.published).toContainEqual({
      name: 'payment.failed',
      payload: { code: 'order_not_created', statusCode: 404 },
    });
  });

  it('manual-payment pays the orderId attribute', async () => {
    const { server, harness, attributes } = setup(
      {
        'GET /pm/api/widget/payment/ord-7': () => ({ status: 200, body: { ...page('MANUAL'), orderId: 'ord-7' } }),
        'POST /pm/api/widget/payment/ord-7': () => ({ status: 200, body: { ...paid, orderId: 'ord-7' } }),
      },
      { attributes: { orderId: 'ord-7', submitLabel: 'Confirm order' } },
    );
    renderWith(harness, <ManualPaymentWidget attributes={attributes} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment Successful');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /pm/api/widget/payment/ord-7',
      'POST /pm/api/widget/payment/ord-7',
    ]);
  });
});

describe('provider scripts', () => {
  function Probe({ load }: { load: () => Promise<string> }) {
    const [state, retry] = useProviderScript(load);
    if (state.status === 'failed') return <ScriptFailed onRetry={retry} />;
    return <p>{state.status === 'ready' ? state.value : 'loading'}</p>;
  }

  it('a failed load shows the error with Retry, and Retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error('blocked')).mockResolvedValueOnce('ready now');
    renderWith(makeHarness(), <Probe load={load} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ready now')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
