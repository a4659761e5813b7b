import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { socialRegistrationAttributesSchema } from '@foyer/protocol/social-attributes';
import { fakeIdentityServer, renderWith } from '../../test/harness';
import { returnedFromRedirect, unknownIdentityRoutes } from '../../test/socialReturnFixtures';
import { forgetTakenResults } from '../_social/redirect';
import SocialRegistrationWidget from './index';

beforeEach(() => forgetTakenResults());

describe('social-registration', () => {
  // Found walking issue 14: after "check your mailbox" the widget offered nothing; the visitor
  // had to reload the page to get the buttons back.
  it('an address the network did not give waits for its mail; OK goes back to the buttons', async () => {
    const server = fakeIdentityServer({
      ...unknownIdentityRoutes('twitter'),
      'GET /ui/template/social/registration/demo': () => ({
        status: 200,
        body: {
          identifiers: [
            {
              name: 'email',
              label: 'Email',
              type: 'STRING',
              mandatory: true,
              autocomplete: 'email',
              inputType: 'email',
            },
          ],
          validators: [],
          attributes: [],
        },
      }),
      'GET /social/twitter/socialProfile': () => ({
        status: 200,
        body: { network: 'twitter', socialUserId: 'x-1', firstName: 'Robin' },
      }),
      'POST /social/twitter/register': () => ({ status: 202, body: { guid: 'guid-9', state: 'INACTIVE' } }),
    });
    const attributes = socialRegistrationAttributesSchema.parse({ networks: 'twitter' });
    const h = returnedFromRedirect(server.fetch, attributes);
    renderWith(h, <SocialRegistrationWidget attributes={attributes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'typed@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(/typed@example\.com/)).toBeTruthy();
    expect(h.store.getState().session.loggedIn).toBe(false);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Sign up with X' })).toBeTruthy();
  });
});
