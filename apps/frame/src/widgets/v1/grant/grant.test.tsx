import '../../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { grantV1AttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../../test/harness';
import GrantV1 from './index';

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

function setup(routes: Record<string, Handler>, query: Record<string, string> = {}) {
  const server = fakeIdentityServer(routes);
  const attributes = grantV1AttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, frame: { query }, preloaded: { session } });
  renderWith(harness, <GrantV1 attributes={attributes} />);
  return { server, harness };
}

describe('v1/grant', () => {
  it('lists the received grants through the identity service by user; accept reloads the list', async () => {
    let answered = false;
    const { server, harness } = setup({
      'GET /userProfile/guid-2/grant/received': () => ({
        status: 200,
        body: [grant('g-1', answered ? 'ACCEPTED' : 'PENDING')],
      }),
      'POST /userProfile/guid-2/grant/g-1/accept': () => {
        answered = true;
        return { status: 200, body: grant('g-1', 'ACCEPTED') };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation to Digital access' }));
    expect(await screen.findByText('You accepted the invitation to Digital access')).toBeTruthy();
    expect(await screen.findByText('Accepted')).toBeTruthy();
    expect(harness.published).toContainEqual({ name: 'grant.accepted', payload: { subscriptionId: 'sub-1' } });
    expect(server.requests.filter((request) => request.path.endsWith('/grant/received'))).toHaveLength(2);
    // Identity calls carry the session in the Authorization header, never the widget service's.
    expect(server.requests.every((request) => !request.path.startsWith('/pm/api'))).toBe(true);
    expect(server.requests[0]!.headers.get('authorization')).toContain(SESSION_ID);
  });

  it("reads the page's invitationKey with GET grant/{id}; a refused decline shows action_decline_fail", async () => {
    setup(
      {
        'GET /userProfile/guid-2/grant/received': () => ({ status: 200, body: [] }),
        'GET /userProfile/guid-2/grant/mailed-key': () => ({ status: 200, body: grant('g-7', 'PENDING', 'Print') }),
        'POST /userProfile/guid-2/grant/mailed-key/decline': () => ({
          status: 400,
          body: { code: 'action_decline_fail' },
        }),
      },
      { invitationKey: 'mailed-key' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Decline the invitation to Print' }));
    expect(await screen.findByText('This action can not be performed at the moment')).toBeTruthy();
  });
});
