import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { linkAccountsAttributesSchema, unlinkAccountsAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Harness } from '../../test/harness';
import { SOCIAL_RESULT, SOCIAL_TICKET } from '../../test/socialReturnFixtures';
import LinkAccountsWidget from '../../widgets/link-accounts/index';
import UnlinkAccountsWidget from '../../widgets/unlink-accounts/index';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from './redirect';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false };
const GOOGLE = { network: 'google', socialUserId: 'g-1', linkedAt: 1 };

/** The account's links as the identity server holds them: the tests change them as other frames would. */
function linksServer(initiallyLinked: boolean) {
  const state = { linked: initiallyLinked };
  const profiles = () => (state.linked ? { GOOGLE } : {});
  const server = fakeIdentityServer({
    'GET /social/permissions': () => ({ status: 200, body: { networks: [{ network: 'google', scopes: [] }] } }),
    'GET /social/guid-1': () => ({ status: 200, body: { hasPassword: true, profiles: profiles() } }),
    'GET /social/google/userAvatar/g-1': () => ({ status: 404, body: { code: 'SOCIAL_AVATAR_NOT_FOUND' } }),
    'POST /social/result': () => ({
      status: 200,
      body: { network: 'google', purpose: 'link', ticket: SOCIAL_TICKET },
    }),
    'POST /social/guid-1/google/link': () => {
      state.linked = true;
      return { status: 200, body: { hasPassword: true, profiles: profiles() } };
    },
    'POST /social/guid-1/google/unlink': () => {
      state.linked = false;
      return { status: 200, body: { hasPassword: true, profiles: profiles() } };
    },
  });
  return { server, state };
}

/** Another frame of the page changed the links: the host relays its socialSession.refresh here. */
function otherFrameChanged(harness: Harness, linked: string[]) {
  act(() => harness.services.events.emit({ name: 'socialSession.refresh', payload: { linked } }));
}

beforeEach(() => forgetTakenResults());

describe('link and unlink accounts: a change made in another frame', () => {
  // Found walking issue 14: after Google was unlinked in unlink-accounts, link-accounts offered
  // Google again under its own 'Google is now linked to your account.'
  it("link-accounts drops its 'now linked' line when another frame unlinks that network", async () => {
    const { server, state } = linksServer(false);
    const attributes = linkAccountsAttributesSchema.parse({});
    // Back from the provider by a full redirect with a link result: the widget links Google.
    const harness = makeHarness({
      fetch: server.fetch,
      attributes,
      preloaded: { session: sessionStateFrom(SESSION) },
      frame: { query: { foyerSocial: SOCIAL_RESULT, foyerSocialFor: 'link' }, hostUrl: 'https://news.example.com/a' },
    });
    harness.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'link' }));
    renderWith(harness, <LinkAccountsWidget attributes={attributes} />);
    expect(await screen.findByText('Google is now linked to your account.')).toBeTruthy();
    expect(await screen.findByText('All social networks are connected!')).toBeTruthy();

    state.linked = false;
    otherFrameChanged(harness, []);
    expect(await screen.findByRole('button', { name: /Google/ })).toBeTruthy();
    expect(screen.queryByText('Google is now linked to your account.')).toBeNull();
  });

  it("unlink-accounts drops its 'no longer linked' line when another frame links that network again", async () => {
    const { server, state } = linksServer(true);
    const attributes = unlinkAccountsAttributesSchema.parse({});
    const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
    renderWith(harness, <UnlinkAccountsWidget attributes={attributes} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByText('Google is no longer linked to your account.')).toBeTruthy();
    expect(await screen.findByText('No social network is linked!')).toBeTruthy();

    state.linked = true;
    otherFrameChanged(harness, ['GOOGLE']);
    expect(await screen.findByRole('button', { name: 'Unlink Google' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Google is no longer linked to your account.')).toBeNull());
  });
});
