import '../../test/setup';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BASKET_KEY } from '@foyer/api/widget';
import { paymentAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import PaymentWidget from '../payment';
import { testChallengeReference } from '../../features/payments/manual/testChallenge';

/**
 * Issue 25 in the payment step: the test card provider's test mode (picker, 3-D Secure stand-in)
 * and a bank transfer's instructions once the order is placed.
 */
const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const total = { amount: 1299, currency: 'EUR', display: '12.99' };
const page = (extra: Record<string, unknown> = {}) => ({
  providerName: 'MANUAL',
  orderId: 'ord-1',
  orderStatus: 'CREATED',
  total,
  ...extra,
});
const paid = (extra: Record<string, unknown> = {}) => ({
  paymentId: 'pay-1',
  orderId: 'ord-1',
  status: 'SUCCEEDED',
  amount: total,
  providerName: 'MANUAL',
  purchases: [{ id: 'pu-1', orderItemId: 'it-1', status: 'ACTIVE' }],
  ...extra,
});
const instructions = {
  beneficiary: 'Foyer Demo SRL',
  account: 'BE71 0961 2345 6769',
  bic: 'GKCCBEBB',
  reference: 'FOYER-0A1B2C3D',
  amount: total,
};

function setup(routes: Record<string, Handler>) {
  const server = fakeIdentityServer(routes);
  const attributes = paymentAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  harness.storage.tab.setItem(BASKET_KEY, JSON.stringify({ products: [], id: 'ord-1' }));
  renderWith(harness, <PaymentWidget attributes={attributes} />);
  return { server, harness };
}

const posts = (server: ReturnType<typeof fakeIdentityServer>) =>
  server.requests.filter((request) => request.method === 'POST');

describe('test mode (the test card provider)', () => {
  it('reads the reference of a test challenge only', () => {
    expect(testChallengeReference('test_challenge_pay-1')).toBe('pay-1');
    expect(testChallengeReference('pi_1_secret_2')).toBeNull();
    expect(testChallengeReference('test_challenge_')).toBeNull();
  });

  it('marks the step as test mode and sends the chosen test card as the token', async () => {
    const { server, harness } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page({ testMode: true }) }),
      'POST /pm/api/widget/payment/ord-1': () => ({ status: 200, body: paid() }),
    });
    const card = await screen.findByLabelText('Test card');
    expect(screen.getByText('Test mode').closest('p')!.textContent).toContain('No real card is charged');
    expect(card.getAttribute('aria-describedby')).toBe(screen.getByText('Test mode').closest('p')!.id);
    await userEvent.selectOptions(card, 'pm_card_chargeCustomerFail');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €12.99' }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment Successful');
    expect(posts(server)[0]!.body).toEqual({ token: 'pm_card_chargeCustomerFail' });
    expect(harness.published).toContainEqual({ name: 'payment.success', payload: { orderId: 'ord-1' } });
  });

  it('a failed test challenge is told to the server, and the second post answers the refusal', async () => {
    let calls = 0;
    const { server } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page({ testMode: true }) }),
      'POST /pm/api/widget/payment/ord-1': () =>
        ++calls === 1
          ? {
              status: 200,
              body: paid({ status: 'REQUIRES_ACTION', clientSecret: 'test_challenge_pay-1', purchases: [] }),
            }
          : { status: 402, body: { code: 'card_declined', message: 'declined', args: [] } },
      'POST /dev/test-challenge/pay-1': () => ({ status: 204 }),
    });
    await userEvent.selectOptions(await screen.findByLabelText('Test card'), 'pm_card_authenticationRequired');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €12.99' }));
    const challenge = await screen.findByRole('dialog', { name: 'Test 3-D Secure' });
    expect(screen.getByRole('status').textContent).toContain('Confirming with your card issuer');
    // Keyboard: Escape ends the challenge as failed, as closing a bank's challenge does.
    within(challenge).getByRole('button', { name: 'Fail authentication' }).focus();
    await userEvent.keyboard('{Escape}');
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = posts(server);
    expect(sent.map((request) => request.path)).toEqual([
      '/pm/api/widget/payment/ord-1',
      '/dev/test-challenge/pay-1',
      '/pm/api/widget/payment/ord-1',
    ]);
    expect(sent[1]!.body).toEqual({ passed: false });
    expect(sent[0]!.headers.get('idempotency-key')).toBe(sent[2]!.headers.get('idempotency-key'));
  });

  it('without test mode the manual provider keeps its one confirm button (no picker)', async () => {
    setup({ 'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page() }) });
    expect(await screen.findByRole('button', { name: 'Pay €12.99' })).toBeTruthy();
    expect(screen.queryByLabelText('Test card')).toBeNull();
    expect(screen.queryByText('Test mode')).toBeNull();
  });
});

describe('bank transfer instructions', () => {
  it('show beneficiary, account, BIC, reference and amount once the order is placed; Done publishes payment.success', async () => {
    const { harness } = setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page() }),
      'POST /pm/api/widget/payment/ord-1': () => ({
        status: 200,
        body: paid({
          purchases: [{ id: 'pu-1', orderItemId: 'it-1', status: 'ACTIVE_PENDING' }],
          transferInstructions: instructions,
        }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €12.99' }));
    expect((await screen.findByText('Your order is placed')).getAttribute('role')).toBe('status');
    const block = screen.getByRole('region', { name: 'How to pay' });
    const pairs = [...block.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
    expect(pairs).toEqual([
      ['Beneficiary', 'Foyer Demo SRL'],
      ['Account (IBAN)', 'BE71 0961 2345 6769'],
      ['BIC / SWIFT', 'GKCCBEBB'],
      ['Reference', 'FOYER-0A1B2C3D'],
      ['Amount', '€12.99'],
    ]);
    // The order is placed (the basket goes), but the step is not over until the visitor says so.
    expect(harness.storage.tab.getItem(BASKET_KEY)).toBeNull();
    expect(harness.published.map((event) => event.name)).not.toContain('payment.success');

    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    await userEvent.click(within(block).getByRole('button', { name: 'Copy reference' }));
    expect(copied).toBe('FOYER-0A1B2C3D');
    expect(within(block).getByRole('status').textContent).toBe('Reference copied');

    await userEvent.click(within(block).getByRole('button', { name: 'Done' }));
    expect(harness.published.filter((event) => event.name === 'payment.success')).toEqual([
      { name: 'payment.success', payload: { orderId: 'ord-1' } },
    ]);
    expect(within(block).queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('a frame without the clipboard selects the reference for the visitor to copy', async () => {
    setup({
      'GET /pm/api/widget/payment/ord-1': () => ({ status: 200, body: page() }),
      'POST /pm/api/widget/payment/ord-1': () => ({
        status: 200,
        body: paid({ transferInstructions: { ...instructions, bic: undefined } }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €12.99' }));
    const block = await screen.findByRole('region', { name: 'How to pay' });
    expect(within(block).queryByText('BIC / SWIFT')).toBeNull();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    await act(async () => within(block).getByRole('button', { name: 'Copy reference' }).click());
    expect(within(block).getByRole('status').textContent).toContain('The reference is selected');
    expect(window.getSelection()?.toString()).toBe('FOYER-0A1B2C3D');
  });
});
