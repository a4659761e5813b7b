import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureAttributesSchema } from '@foyer/protocol';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  sessionBody,
} from '../../test/harness';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from '../_social/redirect';
import CaptureWidget from './index';

const RESULT = 'r'.repeat(43);
const TICKET = 't'.repeat(43);

beforeEach(() => forgetTakenResults());

describe('capture socialAccountLink', () => {
  // Found walking issue 14: after the link panel's login and link, the container went back to the
  // sign-in buttons with nothing said, so the visitor could not tell that the link was made.
  it('says the visitor is logged in once the link is made, not the sign-in buttons again', async () => {
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
        status: 200,
        body: {
          hasPassword: true,
          profiles: { FACEBOOK: { network: 'facebook', socialUserId: 'f-1', linkedAt: 1 } },
        },
      }),
    });
    const attributes = captureAttributesSchema.parse({ action: 'socialAccountLink', socialNetworks: 'facebook' });
    const h = makeHarness({
      fetch: server.fetch,
      attributes,
      frame: { query: { foyerSocial: RESULT, foyerSocialFor: 'signIn' }, hostUrl: 'https://news.example.com/a' },
    });
    h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
    renderWith(h, <CaptureWidget attributes={attributes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Link Account' }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });
});
