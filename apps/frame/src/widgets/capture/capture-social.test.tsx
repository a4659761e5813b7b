import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, renderWith } from '../../test/harness';
import { LINK_PANEL_ROUTES, returnedFromRedirect, unknownIdentityRoutes } from '../../test/socialReturnFixtures';
import { forgetTakenResults } from '../../features/social/redirect';
import CaptureWidget from './index';

beforeEach(() => forgetTakenResults());

describe('capture socialAccountLink', () => {
  // Found walking issue 14: after the link panel's login and link, the container went back to the
  // sign-in buttons with nothing said, so the visitor could not tell that the link was made.
  it('says the visitor is logged in once the link is made, not the sign-in buttons again', async () => {
    const server = fakeIdentityServer({
      ...unknownIdentityRoutes('facebook'),
      ...LINK_PANEL_ROUTES,
      'POST /social/guid-1/facebook/link': () => ({
        status: 200,
        body: {
          hasPassword: true,
          profiles: { FACEBOOK: { network: 'facebook', socialUserId: 'f-1', linkedAt: 1 } },
        },
      }),
    });
    const attributes = captureAttributesSchema.parse({ action: 'socialAccountLink', socialNetworks: 'facebook' });
    const h = returnedFromRedirect(server.fetch, attributes);
    renderWith(h, <CaptureWidget attributes={attributes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Link Account' }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });
});
