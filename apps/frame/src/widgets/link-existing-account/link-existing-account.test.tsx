import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { linkExistingAccountAttributesSchema } from '@foyer/protocol/social-attributes';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  sessionBody,
} from '../../test/harness';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from '../_social/redirect';
import LinkExistingAccountWidget from './index';

const RESULT = 'r'.repeat(43);
const TICKET = 't'.repeat(43);

beforeEach(() => forgetTakenResults());

describe('link-existing-account', () => {
  // Found walking issue 14: the login before the link switched the widget to "You are logged in",
  // which unmounted the panel, so a refused link was never shown and the visitor thought it done.
  it('shows a link refused after its login (the same network twice), not "You are logged in"', async () => {
    const server = fakeIdentityServer({
      'GET /social/permissions': () => ({ status: 200, body: { networks: [{ network: 'facebook', scopes: [] }] } }),
      'POST /social/result': () => ({ status: 200, body: { network: 'facebook', purpose: 'signIn', ticket: TICKET } }),
      'POST /social/facebook/session': () => ({
        status: 404,
        body: { code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND', message: 'not found', args: [] },
      }),
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/social/link/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
      'POST /session': () => ({ status: 200, body: sessionBody() }),
      'POST /social/guid-1/facebook/link': () => ({
        status: 409,
        body: { code: 'USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK', message: 'linked', args: [] },
      }),
    });
    const attributes = linkExistingAccountAttributesSchema.parse({ networks: 'facebook' });
    const h = makeHarness({
      fetch: server.fetch,
      attributes,
      frame: { query: { foyerSocial: RESULT, foyerSocialFor: 'signIn' }, hostUrl: 'https://news.example.com/a' },
    });
    // Back from the provider by a full redirect: the frame kept its attempt.
    h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
    renderWith(h, <LinkExistingAccountWidget attributes={attributes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Link Account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already/i);
    expect(screen.queryByText('You are logged in')).toBeNull();
    // Cancel leaves the panel: the visitor is logged in.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
  });
});
