import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { linkExistingAccountAttributesSchema } from '@foyer/protocol/social-attributes';
import { SOCIAL_ERRORS } from '@foyer/api';
import { API, fakeIdentityServer, makeHarness, renderWith, type Handler } from '../../test/harness';
import { socialLinkFormRequest } from '../../features/social/requests';
import { LINK_PANEL_ROUTES, returnedFromRedirect, unknownIdentityRoutes } from '../../test/socialReturnFixtures';
import { forgetTakenResults } from '../../features/social/redirect';
import LinkExistingAccountWidget from './index';

beforeEach(() => forgetTakenResults());

/** The widget back from the provider with an unknown Facebook identity: the link panel, over `routes`. */
function renderLinkPanel(routes: Record<string, Handler> = {}, extra: Record<string, string> = {}) {
  const server = fakeIdentityServer({ ...unknownIdentityRoutes('facebook'), ...LINK_PANEL_ROUTES, ...routes });
  const attributes = linkExistingAccountAttributesSchema.parse({ networks: 'facebook', ...extra });
  renderWith(returnedFromRedirect(server.fetch, attributes), <LinkExistingAccountWidget attributes={attributes} />);
  return { user: userEvent.setup() };
}

describe('link-existing-account', () => {
  // Found walking issue 14: the login before the link switched the widget to "You are logged in",
  // which unmounted the panel, so a refused link was never shown and the visitor thought it done.
  it('shows a link refused after its login (the same network twice), not "You are logged in"', async () => {
    const { user } = renderLinkPanel(
      {
        'POST /social/guid-1/facebook/link': () => ({
          status: 409,
          body: { code: 'USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK', message: 'linked', args: [] },
        }),
      },
      { showCancel: 'true' },
    );
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Link Account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already/i);
    expect(screen.queryByText('You are logged in')).toBeNull();
    // Cancel leaves the panel: the visitor is logged in.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
  });

  // Issue 32, item 3: showCancel (default off, identity spec §9) decides the panel's Cancel.
  it.each([
    [{}, false],
    [{ showCancel: 'false' }, false],
    [{ showCancel: 'true' }, true],
  ] as const)('with %o the link panel has a Cancel: %s', async (extra, shown) => {
    const { user } = renderLinkPanel({}, extra);
    await screen.findByLabelText('Email');
    expect(!!screen.queryByRole('button', { name: 'Cancel' })).toBe(shown);
    if (shown) {
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('button', { name: /Facebook/ })).toBeTruthy();
    }
  });

  // Found walking issue 14: the flip lost what the visitor had typed, both ways.
  it('carries the typed e-mail to the forgot-password panel and back (not the password)', async () => {
    const { user } = renderLinkPanel();
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@foyer.test');
    // The carried address is a change: the visitor can ask for the reset without retyping it.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Link Account' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@foyer.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('brings back an address corrected in the forgot-password panel', async () => {
    const { user } = renderLinkPanel({
      'POST /userProfile/resetAttributeWorkflow/default': () => ({ status: 202, body: { accepted: true } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'demo@foyer.test{Enter}');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Link Account' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@foyer.test');
  });
});

describe('link panel: the authentication scheme (identity spec §5)', () => {
  it("no scheme to log in with: 'Auth Scheme name should not be empty!', no template call", async () => {
    const server = fakeIdentityServer({});
    const harness = makeHarness({
      fetch: server.fetch,
      frame: { config: { icDomain: API, defaultServiceName: '', allowedHostOrigins: [] } },
    });
    const outcome = await harness.store.dispatch(socialLinkFormRequest.start('  '));
    expect(outcome.payload).toMatchObject({
      code: 'SOCIAL_AUTH_SCHEME_EMPTY',
      message: SOCIAL_ERRORS.SOCIAL_AUTH_SCHEME_EMPTY.text,
    });
    expect(SOCIAL_ERRORS.SOCIAL_AUTH_SCHEME_EMPTY.text).toBe('Auth Scheme name should not be empty!');
    expect(server.requests).toEqual([]);
  });
});
