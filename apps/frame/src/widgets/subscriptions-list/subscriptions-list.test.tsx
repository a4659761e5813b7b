import '../../test/setup';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptionsListAttributesSchema } from '@foyer/protocol';
import { loadLocale, setLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID } from '../../test/harness';
import SubscriptionsList from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const body = {
  guid: 'guid-1',
  subscriptions: [
    {
      _id: 'sub-1',
      pName: 'Digital',
      startDate: '2030-03-05',
      paymentPlan: { _id: 'y', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
      status: 'ACTIVE_PENDING',
      productId: 'demo-digital',
    },
  ],
};

function setup() {
  const server = fakeIdentityServer({ 'GET /pm/api/account/guid-1': () => ({ status: 200, body }) });
  const attributes = subscriptionsListAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  renderWith(harness, <SubscriptionsList attributes={attributes} />);
  return harness;
}

afterEach(() => setLocale('en'));

describe('subscriptions list and item', () => {
  it('shows name, start date (dd-MMMM-yyyy), plan frequency and status, from the older service', async () => {
    const harness = setup();
    const row = (await screen.findByText('Digital')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '05-March-2030',
      'Yearly',
      'Active',
    ]);
    expect(harness.published).toContainEqual({ name: 'subscriptionsList.loaded', payload: { count: 1 } });
  });

  it('speaks Spanish: month names and labels', async () => {
    await loadLocale('es');
    setup();
    const row = (await screen.findByText('Digital')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '05-marzo-2030',
      'Anual',
      'Activa',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Frecuencia del plan' })).toBeTruthy();
  });
});
