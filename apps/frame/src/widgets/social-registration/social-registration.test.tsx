import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { socialRegistrationAttributesSchema } from '@foyer/protocol/social-attributes';
import { fakeIdentityServer, renderWith } from '../../test/harness';
import { HELLO_STORAGE_KEY } from '../../app/store/helloEntry';
import { LINK_PANEL_ROUTES, returnedFromRedirect, unknownIdentityRoutes } from '../../test/socialReturnFixtures';
import { forgetTakenResults } from '../../features/social/redirect';
import SocialRegistrationWidget from './index';

beforeEach(() => forgetTakenResults());

const EMAIL_ONLY_TEMPLATE = {
  identifiers: [
    { name: 'email', label: 'Email', type: 'STRING', mandatory: true, autocomplete: 'email', inputType: 'email' },
  ],
  validators: [],
  attributes: [],
};

/** Back from the provider with an identity no account has: the social registration form, over `extra` attributes. */
async function atTheForm(extra: Record<string, string> = {}) {
  const server = fakeIdentityServer({
    ...unknownIdentityRoutes('twitter'),
    ...LINK_PANEL_ROUTES,
    'GET /ui/template/social/registration/demo': () => ({ status: 200, body: EMAIL_ONLY_TEMPLATE }),
    'GET /social/twitter/socialProfile': () => ({
      status: 200,
      body: { network: 'twitter', socialUserId: 'x-1', firstName: 'Robin' },
    }),
  });
  const attributes = socialRegistrationAttributesSchema.parse({ networks: 'twitter', ...extra });
  const h = returnedFromRedirect(server.fetch, attributes);
  h.storage.persistent.setItem(HELLO_STORAGE_KEY, '{"twitter":{}}');
  h.storage.tab.setItem(HELLO_STORAGE_KEY, '{"twitter":{}}');
  renderWith(h, <SocialRegistrationWidget attributes={attributes} />);
  const user = userEvent.setup();
  await screen.findByLabelText('Email');
  return { h, server, user };
}

// Issue 32, item 1: the way out of social registration.
describe('social-registration: Cancel', () => {
  it.each<Record<string, string>>([{}, { showLinkPanel: 'false' }])(
    'Cancel (%o) leaves the form for the buttons, removes the hello entry and publishes socialRegistration.cancelled',
    async (extra) => {
      const { h, server, user } = await atTheForm(extra);
      await user.type(screen.getByLabelText('Email'), 'typed@example.com');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: 'Sign up with X' })).toBeTruthy();
      expect(screen.queryByLabelText('Email')).toBeNull();
      expect(h.published.filter((event) => event.name === 'socialRegistration.cancelled')).toEqual([
        { name: 'socialRegistration.cancelled', payload: {} },
      ]);
      expect(h.storage.persistent.getItem(HELLO_STORAGE_KEY)).toBeNull();
      expect(h.storage.tab.getItem(HELLO_STORAGE_KEY)).toBeNull();
      expect(server.requests.some((request) => request.path === '/social/twitter/register')).toBe(false);
    },
  );

  it("linkCancelLabel words the link panel's anchor back to the form ('Create New account' by default)", async () => {
    const { user } = await atTheForm({ linkCancelLabel: 'No, make me a new one' });
    await user.click(screen.getByRole('button', { name: 'I already have a account' }));
    await user.click(await screen.findByRole('button', { name: 'No, make me a new one' }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
  });
});

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

// Issue 32, item 4: the spec's roles and rolesToAssign reach the registration.
describe('social-registration: roles', () => {
  it('roles and rolesToAssign go with the form as lists', async () => {
    const { server, user } = await atTheForm({ roles: 'newsletter', rolesToAssign: 'beta, newsletter' });
    await user.type(screen.getByLabelText('Email'), 'typed@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/social/twitter/register')?.body).toMatchObject({
        roles: ['newsletter'],
        rolesToAssign: ['beta', 'newsletter'],
      }),
    );
  });
});
