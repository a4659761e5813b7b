/**
 * Link and unlink need a fresh proof (issue 24, finding 4; the server's security/fresh-proof.ts):
 * when the server asks for it, link-accounts and unlink-accounts ask the visitor for the password,
 * or for an account without one a sign-in with a linked network, then do what was asked again.
 * The provider's popup is a stand-in here (its own tests are popup.test.ts); the identity server a fake.
 */
import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialNetwork } from '@foyer/api';
import { linkAccountsAttributesSchema, unlinkAccountsAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type RecordedRequest } from '../../test/harness';
import { NEW_SECURE_SESSION_ID, profileBody, reauthenticationRoutes, SESSION } from '../../test/profileFixtures';
import { SECURE_SESSION_STORAGE_KEY } from '../../app/store/secureSession';
import { socialError } from '@foyer/api';
import { SOCIAL_RESULT, SOCIAL_TICKET } from '../../test/socialReturnFixtures';
import { signInWithPopup } from '../../features/social/popup';
import type * as PopupModule from '../../features/social/popup';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from '../../features/social/redirect';
import UnlinkAccountsWidget from '../unlink-accounts/index';
import LinkAccountsWidget from './index';

// Only the popup itself stands in: the redirect's helpers (authorize URL, attempt) stay real.
vi.mock('../../features/social/popup', async (original) => ({
  ...(await original<typeof PopupModule>()),
  signInWithPopup: vi.fn(),
}));
afterEach(() => {
  vi.mocked(signInWithPopup).mockReset();
  forgetTakenResults();
});

const PROOF_TEXT = 'Please confirm it is you before you link or unlink a social network.';

/** What a request was authorised with: the session id in its Authorization header. */
const proofOf = (request: RecordedRequest) => request.headers.get('authorization') ?? '';

/**
 * The identity server: the account linked to `linked`, with a password unless `socialOnly`. Link
 * and unlink answer SOCIAL_PROOF_REQUIRED unless they come with the secure session a
 * re-authentication opened (NEW_SECURE_SESSION_ID), as the server does.
 */
function server(linked: SocialNetwork[], options: { socialOnly?: boolean } = {}) {
  const links = new Set(linked);
  const profiles = () =>
    Object.fromEntries(
      [...links].map((network) => [network.toUpperCase(), { network, socialUserId: `${network}-1`, linkedAt: 1 }]),
    );
  const answer = () => ({ status: 200, body: { hasPassword: !options.socialOnly, profiles: profiles() } });
  const refused = { status: 403, body: { code: 'SOCIAL_PROOF_REQUIRED' } };
  const proved = {
    status: 200,
    body: {
      guid: 'guid-1',
      mainSession: { sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false },
      secureSession: { sessionId: NEW_SECURE_SESSION_ID, expiry: Date.now() + 900_000 },
    },
  };
  return fakeIdentityServer({
    ...reauthenticationRoutes(options.socialOnly ? { socialOnly: linked } : {}),
    'GET /userProfile/guid-1': () => ({ status: 200, body: profileBody() }),
    'GET /social/permissions': () => ({
      status: 200,
      body: { networks: ['google', 'facebook'].map((network) => ({ network, scopes: [] })) },
    }),
    'GET /social/guid-1': answer,
    'GET /social/google/userAvatar/google-1': () => ({ status: 404, body: { code: 'SOCIAL_AVATAR_NOT_FOUND' } }),
    'GET /social/facebook/userAvatar/facebook-1': () => ({ status: 404, body: { code: 'SOCIAL_AVATAR_NOT_FOUND' } }),
    'POST /social/guid-1/facebook/reauthenticate': () => proved,
    'POST /social/result': () => ({
      status: 200,
      body: { network: 'facebook', purpose: 'confirm', ticket: SOCIAL_TICKET },
    }),
    'POST /social/guid-1/google/link': (request) => {
      if (!proofOf(request).includes(NEW_SECURE_SESSION_ID)) return refused;
      links.add('google');
      return answer();
    },
    'POST /social/guid-1/google/unlink': (request) => {
      if (!proofOf(request).includes(NEW_SECURE_SESSION_ID)) return refused;
      links.delete('google');
      return answer();
    },
  });
}

/** The prompt loads with the form it borrows from edit profile: more than the default wait on a busy machine. */
const LOADED = { timeout: 5_000 };

function renderLink(fake: ReturnType<typeof server>, options: Record<string, string> = {}) {
  const attributes = linkAccountsAttributesSchema.parse(options);
  const harness = makeHarness({
    fetch: fake.fetch,
    attributes,
    preloaded: { session: sessionStateFrom(SESSION) },
    frame: { hostUrl: 'https://news.example.com/account' },
  });
  renderWith(harness, <LinkAccountsWidget attributes={attributes} />);
  return { harness, user: userEvent.setup() };
}

function renderUnlink(fake: ReturnType<typeof server>) {
  const attributes = unlinkAccountsAttributesSchema.parse({});
  const harness = makeHarness({ fetch: fake.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
  renderWith(harness, <UnlinkAccountsWidget attributes={attributes} />);
  return { harness, user: userEvent.setup() };
}

const requestsTo = (fake: ReturnType<typeof server>, path: string) =>
  fake.requests.filter((request) => request.path === path);

// Issue 32, item 3: showCancel and showLabels do what they say.
describe('link accounts: showCancel and showLabels', () => {
  it('no Cancel by default; the buttons say which network they link', async () => {
    renderLink(server(['facebook']));
    const google = await screen.findByRole('button', { name: 'Link Google' });
    expect(google.querySelector('.visually-hidden')).toBeNull();
    expect(google.textContent).toContain('Link Google');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('showCancel: a Cancel that publishes linkAccounts.cancelled', async () => {
    const { harness, user } = renderLink(server(['facebook']), { showCancel: 'true' });
    await screen.findByRole('button', { name: 'Link Google' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.published).toEqual([{ name: 'linkAccounts.cancelled', payload: {} }]);
    expect(signInWithPopup).not.toHaveBeenCalled();
  });

  it('showLabels false: the words are visually hidden and still name each button', async () => {
    renderLink(server(['facebook']), { showLabels: 'false' });
    const google = await screen.findByRole('button', { name: 'Link Google' });
    expect(google.querySelector('.visually-hidden')?.textContent).toBe('Link Google');
  });
});

describe('link accounts asks for a fresh proof', () => {
  it('with a password: the prompt takes focus, the password (by keyboard) proves it, and the link is made with the same ticket', async () => {
    const fake = server(['facebook']);
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-1' });
    const { harness, user } = renderLink(fake);
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));

    // Why, announced; the list gives way to the prompt, which has the focus.
    const password = await screen.findByLabelText('Enter your password to continue', {}, LOADED);
    expect(screen.getByRole('alert').textContent).toContain(PROOF_TEXT);
    expect(screen.queryByRole('button', { name: 'Link Google' })).toBeNull();
    expect(document.activeElement?.contains(screen.getByRole('alert'))).toBe(true);
    await user.type(password, 'foyer-demo-1{Enter}');

    expect(await screen.findByText('Google is now linked to your account.')).toBeTruthy();
    expect(requestsTo(fake, `/session/${SESSION_ID}`)).toHaveLength(1);
    const links = requestsTo(fake, '/social/guid-1/google/link');
    expect(links.map((request) => request.body)).toEqual([
      { ticket: 'ticket-google-1' },
      { ticket: 'ticket-google-1' },
    ]);
    expect(proofOf(links[0]!)).toContain(SESSION_ID);
    expect(proofOf(links[1]!)).toContain(NEW_SECURE_SESSION_ID);
    // Only one sign-in with the provider: the proof did not need another.
    expect(vi.mocked(signInWithPopup)).toHaveBeenCalledTimes(1);
    // The page hears of the link, not of a failure: asking for the proof is a step of it.
    const names = harness.published.map((event) => event.name);
    expect(names).toContain('socialLink.success');
    expect(names).not.toContain('socialLink.failed');
  });

  it('without a password: Confirm with the linked network, then the link goes on', async () => {
    const fake = server(['facebook'], { socialOnly: true });
    vi.mocked(signInWithPopup)
      .mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-1' })
      .mockResolvedValueOnce({ ok: true, ticket: 'ticket-facebook-again' });
    const { user } = renderLink(fake);
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));
    expect(
      await screen.findByText('Your account has no password: to go on, sign in again with a network linked to it.'),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Confirm with Facebook' }, LOADED));

    expect(await screen.findByText('Google is now linked to your account.')).toBeTruthy();
    expect(vi.mocked(signInWithPopup).mock.calls[1]?.[0]).toMatchObject({ network: 'facebook' });
    expect(requestsTo(fake, '/social/guid-1/facebook/reauthenticate')[0]?.body).toEqual({
      ticket: 'ticket-facebook-again',
    });
    expect(proofOf(requestsTo(fake, '/social/guid-1/google/link').at(-1)!)).toContain(NEW_SECURE_SESSION_ID);
  });

  it('a live secure session goes along, so a link right after a password login asks nothing', async () => {
    const fake = server(['facebook']);
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-1' });
    const attributes = linkAccountsAttributesSchema.parse({});
    const harness = makeHarness({ fetch: fake.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
    harness.storage.tab.setItem(
      SECURE_SESSION_STORAGE_KEY,
      JSON.stringify({ sessionId: NEW_SECURE_SESSION_ID, expiry: Date.now() + 900_000 }),
    );
    renderWith(harness, <LinkAccountsWidget attributes={attributes} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link Google' }));
    expect(await screen.findByText('Google is now linked to your account.')).toBeTruthy();
    expect(requestsTo(fake, '/social/guid-1/google/link')).toHaveLength(1);
    expect(screen.queryByText(PROOF_TEXT)).toBeNull();
  });
});

describe('where the popup is blocked', () => {
  it('Confirm with the linked network takes the full-redirect trip (purpose confirm), keeping its attempt', async () => {
    const fake = server(['facebook'], { socialOnly: true });
    vi.mocked(signInWithPopup)
      .mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-1' })
      .mockResolvedValueOnce({ ok: false, error: socialError('SOCIAL_POPUP_CLOSED'), blocked: true });
    const { harness, user } = renderLink(fake);
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm with Facebook' }, LOADED));
    // The page goes to the provider for a confirmation (purpose confirm), with the attempt kept.
    await vi.waitFor(() => expect(harness.navigations).toHaveLength(1));
    const trip = new URL(harness.navigations[0]!);
    expect(trip.pathname).toBe('/ic/api/social/facebook/authorize');
    expect(trip.searchParams.get('purpose')).toBe('confirm');
    expect(JSON.parse(harness.storage.tab.getItem(PENDING_REDIRECT_KEY)!)).toMatchObject({ purpose: 'confirm' });
  });

  it('back from the trip: the result proves it, and the next link asks nothing', async () => {
    const fake = server(['facebook'], { socialOnly: true });
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-2' });
    const attributes = linkAccountsAttributesSchema.parse({});
    const harness = makeHarness({
      fetch: fake.fetch,
      attributes,
      preloaded: { session: sessionStateFrom(SESSION) },
      frame: {
        query: { foyerSocial: SOCIAL_RESULT, foyerSocialFor: 'confirm' },
        hostUrl: 'https://news.example.com/a',
      },
    });
    harness.storage.tab.setItem(
      PENDING_REDIRECT_KEY,
      JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'confirm' }),
    );
    renderWith(harness, <LinkAccountsWidget attributes={attributes} />);
    expect(await screen.findByText('Thank you: you can link or unlink a network now.')).toBeTruthy();
    expect(requestsTo(fake, '/social/result')[0]?.body).toEqual({ result: SOCIAL_RESULT, attempt: 'attempt-kept-1' });
    expect(requestsTo(fake, '/social/guid-1/facebook/reauthenticate')[0]?.body).toEqual({ ticket: SOCIAL_TICKET });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link Google' }));
    expect(await screen.findByText('Google is now linked to your account.')).toBeTruthy();
    const links = requestsTo(fake, '/social/guid-1/google/link');
    expect(links).toHaveLength(1);
    expect(proofOf(links[0]!)).toContain(NEW_SECURE_SESSION_ID);
  });
});

describe('unlink accounts asks for a fresh proof', () => {
  it('by keyboard: Cancel leaves the link; asked again, the password proves it and the unlink is made', async () => {
    const fake = server(['google', 'facebook']);
    const { harness, user } = renderUnlink(fake);
    const unlinkGoogle = await screen.findByRole('button', { name: 'Unlink Google' });
    unlinkGoogle.focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(PROOF_TEXT);
    expect(screen.queryByRole('button', { name: 'Unlink Google' })).toBeNull();

    // Cancel: the cards are back, Google still linked, nothing published.
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('button', { name: 'Unlink Google' });
    expect(screen.queryByText(PROOF_TEXT)).toBeNull();
    // Said, and the focus is on what says it, not dropped to the page.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Nothing was changed.'));
    expect(harness.published.map((event) => event.name)).not.toContain('socialUnlink.failed');

    again.focus();
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText('Enter your password to continue', {}, LOADED), 'foyer-demo-1{Enter}');
    expect(await screen.findByText('Google is no longer linked to your account.')).toBeTruthy();
    const unlinks = requestsTo(fake, '/social/guid-1/google/unlink');
    expect(unlinks).toHaveLength(3);
    expect(proofOf(unlinks[2]!)).toContain(NEW_SECURE_SESSION_ID);
    expect(harness.published.map((event) => event.name)).toContain('socialUnlink.success');
  });
});
