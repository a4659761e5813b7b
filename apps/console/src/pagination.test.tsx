import type { AccountSummary } from '@foyer/api/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, session, stubApi } from './test/harness';

const account = (n: number): AccountSummary => ({
  guid: `guid-${n}`,
  email: `reader${n}@foyer.test`,
  name: null,
  state: 'ACTIVE',
  realm: 'default',
  services: ['demo'],
  createdAt: Date.UTC(2026, 0, n),
});

describe('the accounts list', () => {
  it('pages on the server by cursor, Next and Previous, and filters from the first page', async () => {
    const user = userEvent.setup();
    const calls = stubApi(({ path, search }) => {
      if (path === '/admin/api/session') return { body: session('support') };
      if (path !== '/admin/api/accounts') return undefined;
      if (search.get('q')) return { body: { items: [account(9)], next: null } };
      const cursor = search.get('cursor');
      if (!cursor) return { body: { items: [account(1), account(2)], next: 'cursor-2' } };
      if (cursor === 'cursor-2') return { body: { items: [account(3)], next: null } };
    });
    renderConsole('/accounts');
    const table = () => screen.getByRole('region', { name: /Accounts, page/ });

    expect(await screen.findByRole('link', { name: 'reader1@foyer.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'reader3@foyer.test' })).toBeTruthy();
    expect(within(table()).queryByText('reader1@foyer.test')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(table().getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(table()).getByText('Accounts, page 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'reader1@foyer.test' })).toBeTruthy();

    // A search starts again from the first page.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'reader3@foyer.test' });
    await user.type(screen.getByLabelText('E-mail or guid'), 'reader9');
    await user.selectOptions(screen.getByLabelText('State'), 'ACTIVE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'reader9@foyer.test' })).toBeTruthy();

    const lists = calls.filter((call) => call.path === '/admin/api/accounts').map((call) => call.search.toString());
    expect(lists).toContain('limit=25');
    expect(lists).toContain('limit=25&cursor=cursor-2');
    expect(lists.at(-1)).toBe('q=reader9&state=ACTIVE&limit=25');
  });
});
