import '../../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { grantInvitationsAttributesSchema } from '@foyer/protocol';
import { loadLocale, setLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import GrantInvitations from './index';
import { roleLabel } from '../../features/account/labels';
import '../../features/account/messages';

const session = sessionStateFrom({ guid: 'guid-2', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const grant = (key: string, status: string, productName = 'Digital access') => ({
  key,
  roleName: 'demo-digital:reader',
  status,
  email: 'friend@x.test',
  subscriptionId: 'sub-1',
  productName,
  expiresAt: Date.now() + 86_400_000,
});

function setup(routes: Record<string, Handler>, query: Record<string, string> = {}, loggedIn = true) {
  const server = fakeIdentityServer(routes);
  const attributes = grantInvitationsAttributesSchema.parse({});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    frame: { query },
    preloaded: loggedIn ? { session } : {},
  });
  renderWith(harness, <GrantInvitations attributes={attributes} />);
  return { server, harness };
}

afterEach(() => setLocale('en'));

describe('roleLabel', () => {
  it('translates a known role and shows an unknown one without its product prefix', async () => {
    expect(roleLabel('demo-digital:reader')).toBe('Reader');
    expect(roleLabel('demo-digital:editor')).toBe('editor');
    await loadLocale('pt-BR');
    expect(roleLabel('demo-digital:reader')).toBe('Leitor');
  });
});

describe('grant-invitations', () => {
  it("says 'No records' when there is nothing and no key", async () => {
    setup({ 'GET /pm/api/widget/account/grant/received': () => ({ status: 200, body: [] }) });
    expect(await screen.findByText('No records')).toBeTruthy();
  });

  it('asks an anonymous visitor to log in, and requests nothing', async () => {
    const { server } = setup({}, {}, false);
    expect(await screen.findByText('Please log in to see this.')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('the keyed invitation offers Accept and Decline while PENDING, acts with the mailed key, then hides', async () => {
    let answered = false;
    const { server, harness } = setup(
      {
        'GET /pm/api/widget/account/grant/received': () => ({
          status: 200,
          body: [grant('g-9', 'DECLINED', 'Print'), ...(answered ? [grant('g-1', 'ACCEPTED')] : [])],
        }),
        'GET /pm/api/widget/account/grant/invitation/secret-key': () => ({
          status: 200,
          body: grant('g-1', answered ? 'ACCEPTED' : 'PENDING'),
        }),
        'POST /pm/api/widget/account/grant/action/secret-key/accept': (request) => {
          expect(request.query.get('manual')).toBe('false');
          answered = true;
          return { status: 200, body: grant('g-1', 'ACCEPTED') };
        },
      },
      { invitationKey: 'secret-key' },
    );
    const accept = await screen.findByRole('button', { name: 'Accept the invitation to Digital access' });
    expect(screen.getByRole('button', { name: 'Decline the invitation to Digital access' })).toBeTruthy();
    expect(within(accept.closest('tr')!).getByText('Reader')).toBeTruthy();
    // Other statuses are text.
    expect(within(screen.getByText('Print').closest('tr')!).getByText('Declined')).toBeTruthy();
    await userEvent.click(accept);
    expect(await screen.findByText('You accepted the invitation to Digital access')).toBeTruthy();
    expect(harness.published).toContainEqual({ name: 'grant.accepted', payload: { subscriptionId: 'sub-1' } });
    // Reloaded; the keyed row is hidden once ACCEPTED, and the invitation is listed once, with
    // the received ones, its status as text.
    await expect.poll(() => server.requests.filter((r) => r.path.endsWith('/grant/received')).length).toBe(2);
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(screen.getAllByText('Digital access')).toHaveLength(1);
    expect(within(screen.getByText('Digital access').closest('tr')!).getByText('Accepted')).toBeTruthy();
  });

  it('an answer shows at once: no Accept or Decline for it while the list reloads', async () => {
    let answered = false;
    setup(
      {
        // The reload after the answer does not end during this test.
        'GET /pm/api/widget/account/grant/received': () =>
          answered ? new Promise(() => {}) : { status: 200, body: [grant('g-1', 'PENDING')] },
        'GET /pm/api/widget/account/grant/invitation/secret-key': () => ({
          status: 200,
          body: grant('g-1', 'PENDING'),
        }),
        'POST /pm/api/widget/account/grant/action/secret-key/decline': () => {
          answered = true;
          return { status: 200, body: grant('g-1', 'DECLINED') };
        },
      },
      { invitationKey: 'secret-key' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Decline the invitation to Digital access' }));
    expect(await screen.findByText('You declined the invitation to Digital access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
    expect(within(screen.getByText('Digital access').closest('tr')!).getByText('Declined')).toBeTruthy();
  });

  it('the mailed link opened again after answering shows the invitation and its status, not an empty widget', async () => {
    setup(
      {
        'GET /pm/api/widget/account/grant/received': () => ({ status: 200, body: [grant('g-1', 'ACCEPTED')] }),
        'GET /pm/api/widget/account/grant/invitation/secret-key': () => ({
          status: 200,
          body: grant('g-1', 'ACCEPTED'),
        }),
      },
      { invitationKey: 'secret-key' },
    );
    const row = (await screen.findByText('Digital access')).closest('tr')!;
    expect(within(row).getByText('Accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
  });

  it('a refused action shows action_decline_fail, in Spanish too', async () => {
    await loadLocale('es');
    setup({
      'GET /pm/api/widget/account/grant/received': () => ({ status: 200, body: [grant('g-1', 'PENDING')] }),
      'POST /pm/api/widget/account/grant/action/g-1/decline': () => ({
        status: 400,
        body: { code: 'action_decline_fail', message: 'x', args: [] },
      }),
    });
    expect(await screen.findByText('INVITACIONES')).toBeTruthy();
    // The role through its translated label, never the server's `product:role` key.
    const row = screen.getByText('Digital access').closest('tr')!;
    expect(within(row).getByText('Lector')).toBeTruthy();
    expect(row.textContent).not.toContain('reader');
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar la invitación a Digital access' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta acción no se puede realizar en este momento');
  });
});
