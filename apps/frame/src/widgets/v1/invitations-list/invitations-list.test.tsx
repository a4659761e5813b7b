import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { invitationsListAttributesSchema } from '@foyer/protocol';
import { loadLocale, setLocale } from '../../../app/i18n';
import { sessionStateFrom } from '../../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../../test/harness';
import InvitationsList from './index';

const session = sessionStateFrom({ guid: 'owner-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const subscription = (id: string, pName: string, status = 'ACTIVE') => ({
  _id: id,
  pName,
  startDate: '2030-01-10',
  paymentPlan: { _id: 'plan', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
  status,
  productId: 'demo-digital',
});
const grant = (key: string, email: string, status = 'PENDING', subscriptionId = 'sub-1') => ({
  key,
  roleName: 'demo-digital:reader',
  status,
  email,
  subscriptionId,
  productName: 'Digital access',
  expiresAt: Date.now() + 86_400_000,
});

function setup(routes: Record<string, Handler>) {
  const server = fakeIdentityServer(routes);
  const attributes = invitationsListAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  renderWith(harness, <InvitationsList attributes={attributes} />);
  return { server, harness };
}

afterEach(() => setLocale('en'));

describe('v1/invitations-list', () => {
  it('asks for a valid email first, then invites through the older service; a duplicate is refused', async () => {
    const sent = [grant('g-1', 'old@x.test', 'REMOVED')];
    const { server, harness } = setup({
      'GET /pm/api/account/owner-1': () => ({
        status: 200,
        body: { guid: 'owner-1', subscriptions: [subscription('sub-1', 'Digital access')] },
      }),
      'GET /userProfile/owner-1/grant/sent': () => ({ status: 200, body: sent }),
      'POST /pm/api/subscription/invite/owner-1': (request) => {
        const body = request.body as { email: string; subscriptionId: string; message?: string };
        if (sent.some((row) => row.email === body.email && row.status !== 'REMOVED')) {
          return { status: 409, body: { code: 'duplicated_beneficiary' } };
        }
        sent.unshift(grant('g-2', body.email));
        return { status: 201, body: { key: 'g-2', email: body.email, status: 'PENDING', subscriptionId: 'sub-1' } };
      },
    });
    // A removed invitation is not listed.
    expect(await screen.findByText('No one invited yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add beneficiary to Digital access' }));
    const dialog = screen.getByRole('dialog', { name: 'Add beneficiary' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(document.activeElement).toBe(email);
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.tab();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email is required.');
    await user.type(email, 'friend');
    expect(within(dialog).getByRole('alert').textContent).toBe('Email is invalid.');
    expect(add.disabled).toBe(true);
    await user.type(email, '@x.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'Enjoy');
    expect(add.disabled).toBe(false);
    await user.click(add);
    const done = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(within(done).getByText('Your friend has been invited')).toBeTruthy();
    const invite = server.requests.find((request) => request.method === 'POST')!;
    expect(invite.body).toEqual({ subscriptionId: 'sub-1', email: 'friend@x.test', message: 'Enjoy' });
    expect(harness.published).toContainEqual({ name: 'beneficiary.invited', payload: { subscriptionId: 'sub-1' } });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('friend@x.test')).toBeTruthy();

    // The same address again: the server's duplicated_beneficiary, inside the dialog; it stays open.
    await user.click(screen.getByRole('button', { name: 'Add beneficiary to Digital access' }));
    const again = screen.getByRole('dialog', { name: 'Add beneficiary' });
    await user.type(within(again).getByRole('textbox', { name: 'Email' }), 'friend@x.test');
    await user.click(within(again).getByRole('button', { name: 'Add' }));
    expect(await within(again).findByText('Duplicate beneficiary for this purchase')).toBeTruthy();
    // The focus stays in the dialog (back on the address to correct), so Escape still closes it.
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('textbox', { name: 'Email' })));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('delete email and delete subscription ask first (No keeps them), then confirm', async () => {
    let sent = [grant('g-1', 'ann@x.test'), grant('g-2', 'bob@x.test', 'ACCEPTED'), grant('g-3', 'cy@x.test')];
    const remove = (key: string) => () => {
      sent = sent.filter((row) => row.key !== key);
      return { status: 204 };
    };
    const { server } = setup({
      'GET /pm/api/account/owner-1': () => ({
        status: 200,
        body: { guid: 'owner-1', subscriptions: [subscription('sub-1', 'Digital access')] },
      }),
      'GET /userProfile/owner-1/grant/sent': () => ({ status: 200, body: sent }),
      'DELETE /userProfile/owner-1/grant/g-1': remove('g-1'),
      'DELETE /userProfile/owner-1/grant/g-2': remove('g-2'),
      'DELETE /userProfile/owner-1/grant/g-3': remove('g-3'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the invitation of ann@x.test' }));
    let question = screen.getByRole('dialog', { name: 'Delete email' });
    expect(within(question).getByText('Delete ann@x.test? They lose access to Digital access at once.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete the invitation of ann@x.test' }));
    question = screen.getByRole('dialog', { name: 'Delete email' });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Delete email' });
    expect(within(confirmation).getByText('ann@x.test has been deleted.')).toBeTruthy();
    await user.click(within(confirmation).getByRole('button', { name: 'OK' }));
    await expect.poll(() => screen.queryByText('ann@x.test')).toBeNull();
    expect(screen.getByText('bob@x.test')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete all invitations to Digital access' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete subscription' })).getByRole('button', { name: 'Yes' }),
    );
    const all = await screen.findByRole('dialog', { name: 'Delete subscription' });
    expect(within(all).getByText('The invitations to Digital access have been deleted.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/userProfile/owner-1/grant/g-1',
      '/userProfile/owner-1/grant/g-2',
      '/userProfile/owner-1/grant/g-3',
    ]);
    expect(await screen.findByText('No one invited yet')).toBeTruthy();
  });

  it('says so when there is no subscription to share', async () => {
    setup({
      'GET /pm/api/account/owner-1': () => ({
        status: 200,
        body: { guid: 'owner-1', subscriptions: [subscription('sub-9', 'Old', 'CANCELLED')] },
      }),
      'GET /userProfile/owner-1/grant/sent': () => ({ status: 200, body: [] }),
    });
    expect(await screen.findByText('You have no subscription to share')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
  });

  it('speaks Spanish: the list, the modal and its email problems', async () => {
    await loadLocale('es');
    setup({
      'GET /pm/api/account/owner-1': () => ({
        status: 200,
        body: { guid: 'owner-1', subscriptions: [subscription('sub-1', 'Acceso digital')] },
      }),
      'GET /userProfile/owner-1/grant/sent': () => ({ status: 200, body: [] }),
    });
    expect(await screen.findByText('Aún no has invitado a nadie')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Añadir beneficiario a Acceso digital' }));
    const dialog = screen.getByRole('dialog', { name: 'Añadir beneficiario' });
    await user.tab();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('El correo electrónico es obligatorio.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
