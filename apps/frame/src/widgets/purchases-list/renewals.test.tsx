import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { purchasesListAttributesSchema } from '@foyer/protocol';
import { loadLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import PurchasesList from './index';

/**
 * Issue 25: the purchases list shows where each subscription is in its lifecycle, and a past-due
 * one is paid again from the list ("Update payment": the provider's card form in a dialog).
 */
const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const PURCHASES = 'GET /pm/api/widget/account/purchases/';
const PAYMENT_PAGE = 'GET /pm/api/widget/account/subscription/sub-1/payment';
const PAY = 'POST /pm/api/widget/account/subscription/sub-1/payment';
const amountDue = { amount: 999, currency: 'EUR', display: '9.99' };

function monthly(id: string, subscription: Record<string, string>) {
  return {
    id: `pu-${id}`,
    status: subscription.status,
    orderItemId: `it-${id}`,
    orderItem: {
      product: { name: `demo-${id}`, displayName: `Product ${id}` },
      paymentPlan: { _id: 'digital-monthly-eur', displayName: 'Monthly', frequency: { id: 'MONTH1' } },
    },
    subscription: { id: `sub-${id}`, startDate: '2030-01-10', ...subscription },
    beneficiaries: 0,
  };
}
const pastDue = monthly('1', { status: 'PAST_DUE', endDate: '2030-02-10', graceEndDate: '2030-02-24' });
const renewed = monthly('1', { status: 'ACTIVE', endDate: '2030-03-10', nextChargeDate: '2030-03-10' });
const testPage = { subscriptionId: 'sub-1', providerName: 'MANUAL', amountDue, testMode: true };
const succeeded = { status: 'SUCCEEDED', subscription: renewed.subscription };

function setup(routes: Record<string, Handler>) {
  const server = fakeIdentityServer(routes);
  const attributes = purchasesListAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  renderWith(harness, <PurchasesList attributes={attributes} />);
  return { server, harness };
}

const statusCell = async (name: string) => (await screen.findByText(name)).closest('tr')!.querySelectorAll('td')[3]!;

/** The list answers `before` until the subscription is paid, then `after`. */
function payableRoutes(pay: Handler): Record<string, Handler> {
  let paid = false;
  return {
    [PURCHASES]: () => ({ status: 200, body: [paid ? renewed : pastDue] }),
    [PAYMENT_PAGE]: () => ({ status: 200, body: testPage }),
    [PAY]: async (request) => {
      const reply = await pay(request);
      if (reply !== 'network-error' && (reply.body as { status?: string } | undefined)?.status === 'SUCCEEDED')
        paid = true;
      return reply;
    },
  };
}

async function openUpdatePayment() {
  const button = await screen.findByRole('button', { name: 'Update payment for Product 1 — Monthly' });
  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Update payment for Product 1 — Monthly' });
  return { button, dialog };
}

describe('purchases-list statuses (issue 25)', () => {
  afterEach(() => loadLocale('en'));

  it('shows each status translated with what it means: renews on, access until, ends on, expired', async () => {
    setup({
      [PURCHASES]: () => ({
        status: 200,
        body: [
          monthly('1', { status: 'ACTIVE', endDate: '2030-02-10', nextChargeDate: '2030-02-10' }),
          monthly('2', { status: 'PAST_DUE', endDate: '2030-02-10', graceEndDate: '2030-02-24' }),
          monthly('3', { status: 'CANCELLED', endDate: '2030-02-10', cancelDate: '2030-02-05' }),
          monthly('4', { status: 'EXPIRED', endDate: '2030-02-10' }),
        ],
      }),
    });
    expect((await statusCell('Product 1 — Monthly')).textContent).toBe('Active Renews on 10-Feb-2030');
    const due = await statusCell('Product 2 — Monthly');
    expect(due.textContent).toBe('Past due Payment failed — access until 24-Feb-2030 Update payment');
    expect(within(due).getByRole('button', { name: 'Update payment for Product 2 — Monthly' })).toBeTruthy();
    expect((await statusCell('Product 3 — Monthly')).textContent).toBe('Cancelled Ends on 05-Feb-2030');
    expect((await statusCell('Product 4 — Monthly')).textContent).toBe('Expired');
    // Only the past-due subscription offers to pay.
    expect(screen.getAllByRole('button', { name: /^Update payment/ })).toHaveLength(1);
  });

  it('speaks Spanish and Portuguese', async () => {
    await loadLocale('es');
    setup({ [PURCHASES]: () => ({ status: 200, body: [pastDue] }) });
    expect((await statusCell('Product 1 — Monthly')).textContent).toBe(
      'Pago vencido El pago falló — acceso hasta el 24-feb-2030 Actualizar el pago',
    );
  });

  it('pays a past-due subscription with a test card: the list shows it Active with its new period', async () => {
    const { server, harness } = setup(payableRoutes(() => ({ status: 200, body: succeeded })));
    const { dialog } = await openUpdatePayment();
    expect(await within(dialog).findByText('Amount due: €9.99')).toBeTruthy();
    const card = (await within(dialog).findByLabelText('Test card')) as HTMLSelectElement;
    expect(within(dialog).getByText('Test mode')).toBeTruthy();
    expect([...card.options].map((option) => [option.value, option.text])).toEqual([
      ['pm_card_visa', 'Visa — always pays'],
      ['pm_card_chargeDeclined', 'Declined — every payment is refused'],
      ['pm_card_chargeCustomerFail', 'Pays now, declines the renewals'],
      ['pm_card_authenticationRequired', 'Asks for 3-D Secure authentication'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €9.99' }));

    const paid = await within(dialog).findByRole('status');
    expect(paid.textContent).toBe('Payment received: Product 1 — Monthly is active again. It renews on 10-Mar-2030.');
    expect(document.activeElement).toBe(paid);
    const post = server.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ token: 'pm_card_visa' });
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers.get('authorization')).toContain(SESSION_ID);
    expect(harness.published).toContainEqual({ name: 'subscription.paid', payload: { subscriptionId: 'sub-1' } });
    // The list read the purchases again.
    await waitFor(async () =>
      expect((await statusCell('Product 1 — Monthly')).textContent).toBe('Active Renews on 10-Mar-2030'),
    );
    // Closed: the Update payment button is gone, the row's status takes the focus.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Active');
    expect((await statusCell('Product 1 — Monthly')).contains(document.activeElement)).toBe(true);
  }, 20_000);

  it('a declined card is announced; the dialog closes with Escape and the focus returns to Update payment', async () => {
    const { server } = setup(
      payableRoutes(() => ({ status: 402, body: { code: 'card_declined', message: 'declined', args: [] } })),
    );
    const { button, dialog } = await openUpdatePayment();
    await userEvent.selectOptions(await within(dialog).findByLabelText('Test card'), 'pm_card_chargeDeclined');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €9.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your card was declined');
    expect(server.requests.filter((request) => request.method === 'POST')[0]?.body).toEqual({
      token: 'pm_card_chargeDeclined',
    });
    within(dialog).getByLabelText('Test card').focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect((await statusCell('Product 1 — Monthly')).textContent).toContain('Past due');
  }, 20_000);

  it('3-D Secure with the test card: the stand-in challenge is answered, then the same attempt is posted again', async () => {
    let posts = 0;
    const { server } = setup({
      ...payableRoutes(() =>
        ++posts === 1
          ? {
              status: 200,
              body: {
                status: 'REQUIRES_ACTION',
                clientSecret: 'test_challenge_pay-77',
                subscription: pastDue.subscription,
              },
            }
          : { status: 200, body: succeeded },
      ),
      'POST /dev/test-challenge/pay-77': () => ({ status: 204 }),
    });
    const { dialog } = await openUpdatePayment();
    await userEvent.selectOptions(await within(dialog).findByLabelText('Test card'), 'pm_card_authenticationRequired');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €9.99' }));
    const challenge = await screen.findByRole('dialog', { name: 'Test 3-D Secure' });
    expect(challenge.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete authentication' }));
    expect(await within(dialog).findByText(/is active again/)).toBeTruthy();
    const calls = server.requests.filter((request) => request.method === 'POST');
    expect(calls.map((request) => request.path)).toEqual([
      '/pm/api/widget/account/subscription/sub-1/payment',
      '/dev/test-challenge/pay-77',
      '/pm/api/widget/account/subscription/sub-1/payment',
    ]);
    expect(calls[1]!.body).toEqual({ passed: true });
    expect(calls[0]!.headers.get('idempotency-key')).toBe(calls[2]!.headers.get('idempotency-key'));
    expect(calls[2]!.body).toEqual({ token: 'pm_card_authenticationRequired' });
  }, 20_000);

  it('a renewal waiting for the bank: the renewal’s own charge is confirmed (no card form, no new charge)', async () => {
    let authenticated = false;
    const { server, harness } = setup({
      [PURCHASES]: () => ({ status: 200, body: [authenticated ? renewed : pastDue] }),
      [PAYMENT_PAGE]: () => ({
        status: 200,
        body: { ...testPage, authentication: { clientSecret: 'test_challenge_manual_renew_9' } },
      }),
      'POST /dev/test-challenge/manual_renew_9': () => ({ status: 204 }),
      'POST /pm/api/widget/account/subscription/sub-1/payment/authentication': () => {
        authenticated = true;
        return { status: 200, body: succeeded };
      },
    });
    const { dialog } = await openUpdatePayment();
    expect(await within(dialog).findByText('Your bank asks you to confirm the renewal payment of €9.99.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Test card')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm with your bank' }));
    const challenge = await screen.findByRole('dialog', { name: 'Test 3-D Secure' });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete authentication' }));
    expect(await within(dialog).findByText(/is active again/)).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/dev/test-challenge/manual_renew_9',
      '/pm/api/widget/account/subscription/sub-1/payment/authentication',
    ]);
    await waitFor(async () =>
      expect((await statusCell('Product 1 — Monthly')).textContent).toBe('Active Renews on 10-Mar-2030'),
    );
    // The page's other frames (the paywall, the account widgets) hear it and read again.
    expect(harness.published).toContainEqual({ name: 'subscription.paid', payload: { subscriptionId: 'sub-1' } });
  }, 20_000);

  it('a renewal waiting for the bank: a refusal is announced and another card can pay instead', async () => {
    setup({
      ...payableRoutes(() => ({ status: 200, body: succeeded })),
      [PAYMENT_PAGE]: () => ({
        status: 200,
        body: { ...testPage, authentication: { clientSecret: 'test_challenge_manual_renew_9' } },
      }),
      'POST /dev/test-challenge/manual_renew_9': () => ({ status: 204 }),
      'POST /pm/api/widget/account/subscription/sub-1/payment/authentication': () => ({
        status: 402,
        body: { code: 'payment_fail', message: 'failed', args: [] },
      }),
    });
    const { dialog } = await openUpdatePayment();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm with your bank' }));
    const challenge = await screen.findByRole('dialog', { name: 'Test 3-D Secure' });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Fail authentication' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Error Processing Payment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay with another card instead' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay €9.99' }));
    expect(await within(dialog).findByText(/is active again/)).toBeTruthy();
  }, 20_000);

  it('the payment page cannot be read: its error is announced with Retry', async () => {
    let reads = 0;
    setup({
      [PURCHASES]: () => ({ status: 200, body: [pastDue] }),
      [PAYMENT_PAGE]: () =>
        ++reads === 1
          ? { status: 404, body: { code: 'subscription_not_found', message: 'Subscription not found', args: [] } }
          : { status: 200, body: testPage },
    });
    const { dialog } = await openUpdatePayment();
    expect((await within(dialog).findByRole('alert')).textContent).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Test card')).toBeTruthy();
  }, 20_000);
});
