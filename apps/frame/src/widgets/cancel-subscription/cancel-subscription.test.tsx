import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelSubscriptionAttributesSchema } from '@foyer/protocol';
import { loadLocale, setLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import CancelSubscription from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const purchase = (id: string, status: string, plan: string) => ({
  id: `pu-${id}`,
  status,
  orderItemId: `it-${id}`,
  orderItem: {
    product: { name: 'demo-digital', displayName: 'Digital' },
    paymentPlan: { _id: plan, displayName: plan, frequency: { id: 'MONTH12' } },
  },
  subscription: { id, status, startDate: '2030-01-10', endDate: '2031-01-10' },
  beneficiaries: 0,
});

const routes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /pm/api/widget/account/purchases/': () => ({
    status: 200,
    body: [
      purchase('sub-1', 'ACTIVE', 'Yearly'),
      purchase('sub-2', 'CANCELLED', 'Monthly'),
      // Its renewal unpaid: it may still be cancelled (then its retries stop).
      purchase('sub-3', 'PAST_DUE', 'Weekly'),
    ],
  }),
  'GET /pm/api/properties/List_Reasons_Cancel': () => ({
    status: 200,
    body: { name: 'List_Reasons_Cancel', value: 'TOO_EXPENSIVE:It is too expensive;MOVING:I am moving abroad' },
  }),
  ...extra,
});

function setup(handlers: Record<string, Handler>) {
  const server = fakeIdentityServer(handlers);
  const attributes = cancelSubscriptionAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  renderWith(harness, <CancelSubscription attributes={attributes} />);
  return { server, harness };
}

afterEach(() => setLocale('en'));

describe('cancel-subscription', () => {
  it('offers the running subscriptions and the reasons; checks the dd/MM/yyyy date; cancels', async () => {
    const { server, harness } = setup(
      routes({
        'POST /pm/api/api/1.0/subscription/sub-1/cancel/guid-1': (request) => ({
          status: 200,
          body: {
            id: 'sub-1',
            status: 'CANCELLED',
            startDate: '2030-01-10',
            endDate: (request.body as { cancelDate: string }).cancelDate,
            cancelDate: (request.body as { cancelDate: string }).cancelDate,
          },
        }),
      }),
    );
    const subscription = (await screen.findByLabelText('Subscription')) as HTMLSelectElement;
    expect([...subscription.options].map((option) => option.text)).toEqual([
      'Choose a subscription',
      'Digital — Yearly',
      'Digital — Weekly',
    ]);
    const reason = screen.getByLabelText('Reason') as HTMLSelectElement;
    // Known keys are translated; an unknown key shows the server's words.
    expect([...reason.options].map((option) => option.text)).toEqual([
      'Choose a reason',
      'It is too expensive',
      'I am moving abroad',
    ]);
    const submit = screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(subscription, 'sub-1');
    await userEvent.selectOptions(reason, 'MOVING');
    const date = screen.getByLabelText('Cancellation date');
    await userEvent.type(date, '31/02/2031');
    await userEvent.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a real date as dd/mm/yyyy.');
    await userEvent.clear(date);
    await userEvent.type(date, dayjs().subtract(1, 'day').format('DD/MM/YYYY'));
    expect((await screen.findByRole('alert')).textContent).toBe('The cancellation date cannot be in the past.');
    const tomorrow = dayjs().add(1, 'day');
    await userEvent.clear(date);
    await userEvent.type(date, tomorrow.format('DD/MM/YYYY'));
    await userEvent.click(submit);
    expect(
      await screen.findByText(`Your subscription Digital — Yearly ends on ${tomorrow.format('DD/MM/YYYY')}`),
    ).toBeTruthy();
    const sent = server.requests.find((request) => request.method === 'POST')!;
    expect(sent.body).toEqual({ cancelDate: tomorrow.format('YYYY-MM-DD'), reason: 'MOVING' });
    expect(harness.published).toContainEqual({
      name: 'subscription.cancelled',
      payload: { subscriptionId: 'sub-1', cancelDate: tomorrow.format('YYYY-MM-DD') },
    });
  }, 20_000);

  it("reads the purchases without publishing the purchases list's events: only purchases-list publishes purchasesList.loaded", async () => {
    const { harness } = setup(routes());
    await screen.findByLabelText('Subscription');
    const names = harness.published.map((event) => event.name);
    expect(names).not.toContain('purchasesList.loaded');
    expect(names.filter((name) => name.startsWith('purchasesList.'))).toEqual([]);
  });

  it("a failed read of the purchases is its own failure (cancelSubscription.failed), not the list's", async () => {
    const { harness } = setup(
      routes({
        'GET /pm/api/widget/account/purchases/': () => ({
          status: 500,
          body: { code: 'technical_difficulties', message: 'x', args: [] },
        }),
      }),
    );
    await screen.findByRole('alert');
    expect(harness.published.map((event) => event.name)).toEqual(['cancelSubscription.failed']);
  });

  it('shows the server refusal and the date placeholder in Brazilian Portuguese', async () => {
    await loadLocale('pt-BR');
    setup(
      routes({
        'POST /pm/api/api/1.0/subscription/sub-1/cancel/guid-1': () => ({
          status: 409,
          body: { code: 'subscription_not_cancellable', message: 'x', args: [] },
        }),
      }),
    );
    await userEvent.selectOptions(await screen.findByLabelText('Assinatura'), 'sub-1');
    await userEvent.selectOptions(screen.getByLabelText('Motivo'), 'TOO_EXPENSIVE');
    expect(screen.getByRole('option', { name: 'É cara demais' })).toBeTruthy();
    // The placeholder is translated like the hint ('aaaa' for the year), not the English 'yyyy'.
    expect(screen.getByLabelText('Data de cancelamento').getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await userEvent.type(screen.getByLabelText('Data de cancelamento'), dayjs().add(2, 'day').format('DD/MM/YYYY'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar assinatura' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta assinatura não pode mais ser cancelada');
  }, 20_000);
});
