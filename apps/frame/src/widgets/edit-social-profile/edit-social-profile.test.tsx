import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editSocialProfileAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { DEMO_SERVICE, fakeIdentityServer, makeHarness, renderWith, type Handler } from '../../test/harness';
import { NEW_SECURE_SESSION_ID, reauthenticationRoutes, SESSION } from '../../test/profileFixtures';
import { signInWithPopup } from '../../features/social/popup';
import EditSocialProfileWidget from './index';

// The provider's popup (its own tests: features/social/popup.test.ts); here it answers what each test says.
vi.mock('../../features/social/popup', () => ({ signInWithPopup: vi.fn() }));
afterEach(() => vi.mocked(signInWithPopup).mockReset());

/** A scheme with two identifiers and a non-password validator besides the password ones. */
const TEMPLATE = {
  identifiers: [
    { name: 'email', label: 'Email', type: 'STRING', mandatory: true, inputType: 'email' },
    { name: 'nickname', label: 'Nickname', type: 'STRING', mandatory: false },
  ],
  validators: [
    { name: 'password', label: 'Password', type: 'STRING', mandatory: true, inputType: 'password' },
    { name: 'confirmPassword', label: 'Confirm password', type: 'STRING', mandatory: true },
    { name: 'memberNumber', label: 'Member number', type: 'STRING', mandatory: false },
  ],
  attributes: [{ name: 'firstName', label: 'First name', type: 'STRING', mandatory: true }],
};

function setup(
  routes: Record<string, Handler> = {},
  options: { attributes?: Record<string, string>; loggedIn?: boolean } = {},
) {
  let email = 'sam@social.test';
  const profile = () => ({
    guid: 'guid-1',
    attributes: [
      { name: 'email', value: email },
      { name: 'nickname', value: 'sam' },
      { name: 'memberNumber', value: 'M-1' },
      { name: 'firstName', value: 'Sam' },
    ],
    roles: [],
    services: ['demo'],
    state: 'ACTIVE',
  });
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
    'GET /ui/template/registration/default': () => ({ status: 200, body: TEMPLATE }),
    'GET /ui/template/registration/other': () => ({
      status: 200,
      body: { ...TEMPLATE, identifiers: [TEMPLATE.identifiers[0]], validators: [] },
    }),
    'GET /userProfile/guid-1': () => ({ status: 200, body: profile() }),
    'PUT /userProfile/guid-1/demo': (request) => {
      const body = request.body as { attributes: { name: string; value: string }[] };
      email = body.attributes.find((a) => a.name === 'email')?.value ?? email;
      return { status: 200, body: profile() };
    },
    ...routes,
  });
  const attributes = editSocialProfileAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    preloaded: options.loggedIn === false ? {} : { session: sessionStateFrom(SESSION) },
  });
  renderWith(harness, <EditSocialProfileWidget attributes={attributes} />);
  return { server, harness, user: userEvent.setup() };
}

const field = (label: string) => screen.findByLabelText(label, { selector: 'input' }) as Promise<HTMLInputElement>;

describe('edit social profile', () => {
  it("needs a session: 'User session should not be empty!', no call", () => {
    const { server } = setup({}, { loggedIn: false });
    expect(screen.getByRole('alert').textContent).toContain('User session should not be empty!');
    expect(server.requests).toEqual([]);
  });

  it("shows the service scheme's identifiers and validators without password and confirmPassword, filled in", async () => {
    setup();
    expect((await field('Email')).value).toBe('sam@social.test');
    expect((await field('Nickname')).value).toBe('sam');
    expect((await field('Member number')).value).toBe('M-1');
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    // Not the scheme's other attributes: edit-profile is for those.
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('starts empty with showExistingAttributes off', async () => {
    setup({}, { attributes: { showExistingAttributes: 'false' } });
    expect((await field('Email')).value).toBe('');
  });

  it('sends what changed; success shows the message with a cancel button; cancel resets and publishes cancelled', async () => {
    const { server, harness, user } = setup({}, { attributes: { showCancel: 'false' } });
    const email = await field('Email');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.clear(email);
    await user.type(email, 'sam.new@social.test');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your account has been updated successfully.')).toBeTruthy();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ attributes: [{ name: 'email', value: 'sam.new@social.test' }] });
    expect(harness.published).toContainEqual({
      name: 'socialProfile.updated',
      payload: {
        statusCode: 200,
        message: 'Your account has been updated successfully.',
        response: { guid: 'guid-1' },
      },
    });
    expect(harness.published).toContainEqual({ name: 'profile.updated', payload: { guid: 'guid-1' } });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Your account has been updated successfully.')).toBeNull();
    expect(harness.published).toContainEqual({ name: 'editSocialProfile.cancelled', payload: {} });
    expect((await field('Email')).value).toBe('sam.new@social.test');
  });

  it('a required identifier emptied is refused before any call; nothing changed says so', async () => {
    const { server, user } = setup();
    const email = await field('Email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Nothing has changed.')).toBeTruthy();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toContain('Email is mandatory.');
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('a filled-in address that is not one is to be checked, not mandatory', async () => {
    const { server, user } = setup();
    const email = await field('Email');
    await user.clear(email);
    await user.type(email, 'sam@@social.test');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const summary = screen
      .getAllByRole('alert')
      .map((alert) => alert.textContent)
      .join(' ');
    expect(summary).toContain('Please check: Email.');
    expect(summary).not.toContain('mandatory');
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('a refused update shows its error and publishes socialProfile.updateFailed', async () => {
    const { harness, user } = setup({
      'PUT /userProfile/guid-1/demo': () => ({
        status: 409,
        body: { code: 'DUPLICATE_IDENTIFIERS_FOUND', message: 'taken', statusCode: 409 },
      }),
    });
    const nickname = await field('Nickname');
    await user.type(nickname, '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Account is already associated!');
    expect(harness.published).toContainEqual({
      name: 'socialProfile.updateFailed',
      payload: { code: 'DUPLICATE_IDENTIFIERS_FOUND', statusCode: 409 },
    });
  });

  it("an auth-scheme-failed notice loads that scheme's form and says why", async () => {
    const { harness } = setup();
    await field('Nickname');
    act(() =>
      harness.services.events.emit({
        name: 'socialUnlink.authSchemeFailed',
        payload: { authenticationSchemeName: 'other' },
      }),
    );
    expect(await screen.findByText('Complete these details before you unlink your last social network.')).toBeTruthy();
    expect(screen.queryByLabelText('Nickname')).toBeNull();
    expect((await field('Email')).value).toBe('sam@social.test');
  });

  describe('an account without a password (social registration) changing its address', () => {
    /** The server's side: a new address needs the secure session a re-authentication gives. */
    function socialOnly(reauthenticated: Handler = () => reauthenticatedAnswer()) {
      return setup({
        ...reauthenticationRoutes({ socialOnly: ['google', 'linkedin'] }),
        'GET /social/permissions': () => ({
          status: 200,
          body: {
            networks: [
              { network: 'google', scopes: ['email'] },
              { network: 'facebook', scopes: ['email'] },
            ],
          },
        }),
        'POST /social/guid-1/google/reauthenticate': reauthenticated,
        'PUT /userProfile/guid-1/demo': (request) =>
          request.headers.get('authorization')?.includes(NEW_SECURE_SESSION_ID)
            ? { status: 202, body: { guid: 'guid-1', attributes: [], roles: [], services: ['demo'], state: 'ACTIVE' } }
            : { status: 401, body: { code: 'secure_session_expired' } },
      });
    }
    const reauthenticatedAnswer = () => ({
      status: 200,
      body: {
        guid: 'guid-1',
        mainSession: { sessionId: SESSION.sessionId, expiry: Date.now() + 3_600_000, sessionCookie: false },
        secureSession: { sessionId: NEW_SECURE_SESSION_ID, expiry: Date.now() + 900_000 },
      },
    });
    async function submitNewAddress(user: ReturnType<typeof userEvent.setup>) {
      const email = await field('Email');
      await user.clear(email);
      await user.type(email, 'sam.new@social.test');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      // Why the step is asked, not 'Session has expired.': the account may be a minute old.
      expect(await screen.findByText(/Your account has no password/)).toBeTruthy();
      expect(screen.queryByText(/Session has expired/)).toBeNull();
    }

    it('confirms with a linked network the service offers (no password field), then Submit again saves', async () => {
      vi.mocked(signInWithPopup).mockResolvedValue({ ok: true, ticket: 'fresh-ticket' });
      const { server, user } = socialOnly();
      await submitNewAddress(user);
      expect(await screen.findByText(/Your account has no password/)).toBeTruthy();
      expect(screen.queryByLabelText('Enter your password to continue')).toBeNull();
      // Google is linked and offered; LinkedIn is linked but not offered; Facebook is offered but not linked.
      expect(screen.getAllByRole('button', { name: /^Confirm with/ }).map((button) => button.textContent)).toEqual([
        'GConfirm with Google',
      ]);
      await user.click(screen.getByRole('button', { name: 'Confirm with Google' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm with Google' })).toBeNull());
      const proof = server.requests.find((request) => request.path === '/social/guid-1/google/reauthenticate');
      expect(proof?.body).toEqual({ ticket: 'fresh-ticket' });
      expect(vi.mocked(signInWithPopup).mock.calls[0]?.[0]).toMatchObject({ network: 'google', serviceName: 'demo' });
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText(/Check your mail to confirm your new address/)).toBeTruthy();
      const puts = server.requests.filter((request) => request.method === 'PUT');
      expect(puts.at(-1)?.headers.get('authorization')).toContain(NEW_SECURE_SESSION_ID);
    });

    it('a refused confirmation says why and leaves the buttons to try again', async () => {
      vi.mocked(signInWithPopup).mockResolvedValue({ ok: true, ticket: 'other-persons-ticket' });
      const { user } = socialOnly(() => ({ status: 403, body: { code: 'SOCIAL_PROOF_TOO_RECENT' } }));
      await submitNewAddress(user);
      await user.click(await screen.findByRole('button', { name: 'Confirm with Google' }));
      expect(await screen.findByText(/A network linked in the last 24 hours cannot confirm/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Confirm with Google' })).toHaveProperty('disabled', false);
    });

    it('a blocked popup is told, not turned into a full-page trip that would lose the form', async () => {
      vi.mocked(signInWithPopup).mockResolvedValue({
        ok: false,
        error: { code: 'SOCIAL_POPUP_CLOSED', message: '', args: [], statusCode: 400 },
        blocked: true,
      });
      const { server, user } = socialOnly();
      await submitNewAddress(user);
      await user.click(await screen.findByRole('button', { name: 'Confirm with Google' }));
      expect(await screen.findByText(/Your browser blocked the sign-in window/)).toBeTruthy();
      expect(server.requests.some((request) => request.path.includes('/social/result'))).toBe(false);
      expect((await field('Email')).value).toBe('sam.new@social.test');
    });
  });
});
