import '../../test/setup';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptionsListAttributesSchema } from '@foyer/protocol';
import { loadLocale, setLocale } from '../../i18n';
import { sessionStateFrom } from '../../store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID } from '../../test/harness';
import SubscriptionsList from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const body = [
  {
    id: 'pu-1',
    status: 'ACTIVE_PENDING',
    orderItemId: 'it-1',
    orderItem: {
      product: { name: 'demo-digital', displayName: 'Digital' },
      paymentPlan: { _id: 'y', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
    },
    subscription: { id: 'sub-1', status: 'ACTIVE_PENDING', startDate: '2030-03-05' },
    beneficiaries: 0,
  },
  {
    id: 'pu-2',
    status: 'ACTIVE',
    orderItemId: 'it-2',
    orderItem: {
      product: { name: 'demo-archive', displayName: 'Archive' },
      paymentPlan: { _id: 'o', displayName: 'Pass', frequency: { id: 'NONE' } },
    },
    beneficiaries: 0,
  },
];

function setup() {
  const server = fakeIdentityServer({ 'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body }) });
  const attributes = subscriptionsListAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  renderWith(harness, <SubscriptionsList attributes={attributes} />);
  return harness;
}

afterEach(() => setLocale('en'));

describe('subscriptions list and item', () => {
  it('shows name, start date (dd-MMMM-yyyy), plan frequency and status; one-off purchases are left out', async () => {
    const harness = setup();
    const row = (await screen.findByText('Digital — Yearly')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '05-March-2030',
      'Yearly',
      'Active',
    ]);
    expect(screen.queryByText(/Archive/)).toBeNull();
    expect(harness.published).toContainEqual({ name: 'subscriptionsList.loaded', payload: { count: 1 } });
  });

  it('speaks Spanish: month names and labels', async () => {
    await loadLocale('es');
    setup();
    const row = (await screen.findByText('Digital — Yearly')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '05-marzo-2030',
      'Anual',
      'Activa',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Frecuencia del plan' })).toBeTruthy();
  });
});
