import type { AccountDetail, OrderDetail } from '@foyer/api/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, session, stubApi, type Call } from './test/harness';

const ACCOUNT: AccountDetail = {
  guid: 'guid-1',
  email: 'demo@foyer.test',
  name: 'Demo Reader',
  state: 'ACTIVE',
  realm: 'default',
  services: ['demo'],
  createdAt: Date.UTC(2026, 0, 5),
  attributes: {},
  roles: [],
  addressProvenAt: null,
  networks: [],
  sessions: [
    {
      id: 'session-hash-1',
      service: 'demo',
      rememberMe: false,
      createdAt: Date.UTC(2026, 10, 1),
      idleExpiresAt: Date.UTC(2026, 10, 2),
      absoluteExpiresAt: Date.UTC(2026, 10, 30),
    },
  ],
  purchases: [],
  invitations: [],
};

const ORDER: OrderDetail = {
  id: 'order-1',
  guid: 'guid-1',
  email: 'demo@foyer.test',
  service: 'demo',
  status: 'PAID',
  paymentType: 'CARD',
  provider: 'stripe',
  currency: 'EUR',
  totalMinor: 2000,
  awaitingConfirmation: false,
  createdAt: Date.UTC(2026, 10, 1),
  items: [{ productName: 'Digital', planId: 'monthly', frequency: 'MONTHLY', priceMinor: 2000, currency: 'EUR' }],
  payments: [
    {
      id: 'pay-1',
      kind: 'order',
      provider: 'stripe',
      status: 'PAID',
      amountMinor: 2000,
      currency: 'EUR',
      refundedMinor: 0,
      providerReference: 'pi_123',
      errorCode: null,
      createdAt: Date.UTC(2026, 10, 1),
      refundable: true,
    },
  ],
  providerEvents: [],
  events: [],
};

/** The API of a signed-in operator of this role, with one account and one order. */
function api(role: Parameters<typeof session>[0], order: OrderDetail = ORDER) {
  return stubApi(({ method, path, body }) => {
    if (path === '/admin/api/session') return { body: session(role, 'csrf-of-this-session') };
    if (path === '/admin/api/accounts/guid-1' && method === 'GET') return { body: ACCOUNT };
    if (path === '/admin/api/accounts/guid-1/lock') return { body: { ...ACCOUNT, state: 'LOCKED' } };
    if (path === '/admin/api/accounts/guid-1/sessions/end') return { body: { ended: 1 } };
    if (path === '/admin/api/orders/order-1' && method === 'GET') return { body: order };
    if (path === '/admin/api/orders/order-1/confirm-payment') return { body: { ...order, status: 'PAID' } };
    if (path === '/admin/api/payments/pay-1/refund') {
      const amount = (body as { amountMinor?: number }).amountMinor ?? 2000;
      return { body: { ...ORDER.payments[0], refundedMinor: amount, refundable: amount < 2000 } };
    }
  });
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('writes', () => {
  it("carry the session's CSRF token and the cookie (same-origin); reads need no token", async () => {
    const user = userEvent.setup();
    const calls = api('owner');
    renderConsole('/accounts/guid-1');
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('The account is locked.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^End the session/ }));
    expect(await screen.findByText('The session was ended.')).toBeTruthy();

    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/admin/api/accounts/guid-1/lock', {}],
      ['POST', '/admin/api/accounts/guid-1/sessions/end', { sessionId: 'session-hash-1' }],
    ]);
    for (const call of writes(calls)) {
      expect(call.headers.get('x-foyer-csrf')).toBe('csrf-of-this-session');
      expect(call.credentials).toBe('same-origin');
    }
    const reads = calls.filter((call) => call.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((call) => call.credentials === 'same-origin')).toBe(true);
  });
});

describe('permissions', () => {
  it('shows an owner every control', async () => {
    api('owner');
    renderConsole('/orders/order-1');
    expect(await screen.findByRole('button', { name: 'Refund payment pay-1' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Operators' })).toBeTruthy();
  });

  it('hides Refund, Confirm and the Operators section from support, who cannot use them', async () => {
    api('support', { ...ORDER, status: 'CREATED', awaitingConfirmation: true, paymentType: 'BANK_TRANSFER' });
    renderConsole('/orders/order-1');
    expect(await screen.findByRole('heading', { name: 'Order order-1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Operators' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toBeTruthy();
  });

  it('shows finance Confirm payment for an order awaiting a bank transfer', async () => {
    api('finance', { ...ORDER, status: 'CREATED', awaitingConfirmation: true, paymentType: 'BANK_TRANSFER' });
    renderConsole('/orders/order-1');
    expect(await screen.findByRole('button', { name: 'Confirm payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('hides Lock, Delete and Export from a read-only operator', async () => {
    api('read-only');
    renderConsole('/accounts/guid-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'demo@foyer.test' })).toBeTruthy();
    for (const name of ['Lock', 'Delete', 'Send reset link', 'End all sessions'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export' })).toBeNull();
  });

  it("hides Delete from finance (no accounts:erase) and offers support the account's actions", async () => {
    api('finance');
    const first = renderConsole('/accounts/guid-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'demo@foyer.test' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    first.unmount();

    api('support');
    renderConsole('/accounts/guid-1');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe('/admin/api/accounts/guid-1/export');
  });
});

describe('the refund dialog', () => {
  it('refunds the whole rest by default (no amount sent)', async () => {
    const user = userEvent.setup();
    const calls = api('finance');
    renderConsole('/orders/order-1');
    await user.click(await screen.findByRole('button', { name: 'Refund payment pay-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment pay-1' });
    const amount = within(dialog).getByLabelText('Amount (EUR)');
    expect((amount as HTMLInputElement).value).toBe('20.00');
    expect(document.activeElement).toBe(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('€20.00 refunded.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls).map((call) => call.body)).toEqual([{}]);
  });

  it('sends a partial amount typed in major units as minor units', async () => {
    const user = userEvent.setup();
    const calls = api('finance');
    renderConsole('/orders/order-1');
    await user.click(await screen.findByRole('button', { name: 'Refund payment pay-1' }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (EUR)');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    // More than was paid: refused here, announced.
    expect(within(dialog).getByRole('alert').textContent).toContain('at most €20.00');
    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Late delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('€12.50 refunded.')).toBeTruthy();
    expect(writes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/admin/api/payments/pay-1/refund', { amountMinor: 1250, reason: 'Late delivery' }],
    ]);
  });

  it('closes on Escape and keeps focus inside while open', async () => {
    const user = userEvent.setup();
    api('finance');
    renderConsole('/orders/order-1');
    const opener = await screen.findByRole('button', { name: 'Refund payment pay-1' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('the layout', () => {
  it('has a skip link, landmarks and a menu button that opens the sections on a phone', async () => {
    const user = userEvent.setup();
    api('owner');
    renderConsole('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, The owner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('open');
  });
});
