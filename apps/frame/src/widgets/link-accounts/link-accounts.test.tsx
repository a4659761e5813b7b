/**
 * Link and unlink need a fresh proof (issue 24, finding 4; the server's security/fresh-proof.ts):
 * when the server asks for it, link-accounts and unlink-accounts ask the visitor for the password,
 * or for an account without one a sign-in with a linked network, then do what was asked again.
 * The provider's popup is a stand-in here (its own tests are popup.test.ts); the identity server a fake.
 */
import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialNetwork } from '@foyer/api';
import { linkAccountsAttributesSchema, unlinkAccountsAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type RecordedRequest } from '../../test/harness';
import { NEW_SECURE_SESSION_ID, profileBody, reauthenticationRoutes, SESSION } from '../../test/profileFixtures';
import { SECURE_SESSION_STORAGE_KEY } from '../edit-profile/secureSession';
import { signInWithPopup } from '../_social/popup';
import UnlinkAccountsWidget from '../unlink-accounts/index';
import LinkAccountsWidget from './index';

vi.mock('../_social/popup', () => ({ signInWithPopup: vi.fn() }));
afterEach(() => vi.mocked(signInWithPopup).mockReset());

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

function renderLink(fake: ReturnType<typeof server>) {
  const attributes = linkAccountsAttributesSchema.parse({});
  const harness = makeHarness({ fetch: fake.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
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

describe('link accounts asks for a fresh proof', () => {
  it('with a password: the prompt takes focus, the password (by keyboard) proves it, and the link is made with the same ticket', async () => {
    const fake = server(['facebook']);
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: true, ticket: 'ticket-google-1' });
    const { harness, user } = renderLink(fake);
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));

    // Why, announced; the list gives way to the prompt, which has the focus.
    const password = await screen.findByLabelText('Enter your password to continue');
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
    await user.click(await screen.findByRole('button', { name: 'Confirm with Facebook' }));

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
    expect(harness.published.map((event) => event.name)).not.toContain('socialUnlink.failed');

    again.focus();
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText('Enter your password to continue'), 'foyer-demo-1{Enter}');
    expect(await screen.findByText('Google is no longer linked to your account.')).toBeTruthy();
    const unlinks = requestsTo(fake, '/social/guid-1/google/unlink');
    expect(unlinks).toHaveLength(3);
    expect(proofOf(unlinks[2]!)).toContain(NEW_SECURE_SESSION_ID);
    expect(harness.published.map((event) => event.name)).toContain('socialUnlink.success');
  });
});
