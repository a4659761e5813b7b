import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureAttributesSchema, editProfileAttributesSchema } from '@foyer/protocol';
import { profileLoaded } from '../../app/store/profileSlice';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { saveSession } from '../../app/store/sessionStorage';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import {
  NEW_SECURE_SESSION_ID,
  PROFILE_TEMPLATE,
  profileBody,
  profileRoutes,
  reauthenticationRoutes,
  SESSION,
} from '../../test/profileFixtures';
import CaptureWidget from '../capture';
import EditProfileWidget from './index';
import type { Grecaptcha, RecaptchaRenderParameters } from '../../ui/form/recaptcha';
import { SECURE_SESSION_STORAGE_KEY } from '../../app/store/secureSession';
import { updateProfile } from '../../features/profile/update';

function setup(
  routes: Record<string, Handler> = {},
  options: {
    attributes?: Record<string, string>;
    settings?: Record<string, unknown>;
    loggedIn?: boolean;
    storageRefused?: boolean;
  } = {},
) {
  let firstName = 'Demo';
  const server = fakeIdentityServer({
    'GET /ui/template/profile/demo': () => ({ status: 200, body: PROFILE_TEMPLATE }),
    'GET /userProfile/guid-1': () => ({ status: 200, body: profileBody(firstName) }),
    'PUT /userProfile/guid-1/demo': (request) => {
      const body = request.body as { attributes: { name: string; value: string }[] };
      firstName = body.attributes.find((a) => a.name === 'firstName')?.value ?? firstName;
      return { status: 200, body: profileBody(firstName) };
    },
    ...routes,
  });
  const attributes = editProfileAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    settings: options.settings,
    preloaded: options.loggedIn === false ? {} : { session: sessionStateFrom(SESSION) },
    storageRefused: options.storageRefused,
  });
  renderWith(harness, <EditProfileWidget attributes={attributes} />);
  return { server, harness, user: userEvent.setup() };
}

const field = (label: string) => screen.findByLabelText(label, { selector: 'input' }) as Promise<HTMLInputElement>;
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('edit profile', () => {
  it('needs a session', () => {
    const { server } = setup({}, { loggedIn: false });
    expect(screen.getByText('You need to be logged in to use this widget')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it("an update attempted without a session: USER_NOT_LOGGED_IN ('User is not loggedIn.'), no call", async () => {
    const server = fakeIdentityServer({});
    const harness = makeHarness({ fetch: server.fetch });
    const result = await harness.store.dispatch(
      updateProfile({ serviceName: 'demo', attributes: [], rolesToAssign: [], rolesToUnAssign: [] }),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_LOGGED_IN', message: 'User is not loggedIn.' },
    });
    expect(server.requests).toEqual([]);
  });

  it("secure mode needs a live secure session, else 'Session has expired.'", async () => {
    setup({}, { settings: { secureMode: true } });
    // (This fake server knows no service: the password prompt below cannot load; the message stays.)
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toContain('Session has expired.');
  });

  it.each([
    ['granted', false],
    ['refused (the secure session is kept in memory)', true],
  ])(
    'secure mode without a secure session, storage %s: the password again (POST /session/:id), then the update uses the new secure session',
    async (_mode, storageRefused) => {
      const { server, user } = setup(reauthenticationRoutes(), { settings: { secureMode: true }, storageRefused });
      expect((await screen.findByRole('alert')).textContent).toContain('Session has expired.');
      const password = screen.getByLabelText('Enter your password to continue');
      expect(password.getAttribute('autocomplete')).toBe('current-password');
      await user.type(password, 'foyer-demo-1');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const reauth = await waitFor(() => {
        const found = server.requests.find((request) => request.path === `/session/${SESSION_ID}`);
        expect(found).toBeTruthy();
        return found!;
      });
      expect(reauth.body).toMatchObject({
        realmName: 'default',
        authenticationSchemeName: 'default',
        identifiers: [{ name: 'email', value: 'demo@foyer.test' }],
        validators: [{ name: 'password', value: 'foyer-demo-1' }],
      });
      const first = await field('First name');
      await user.clear(first);
      await user.type(first, 'Dana');
      await user.click(save());
      await waitFor(() => expect(server.requests.some((request) => request.method === 'PUT')).toBe(true));
      const put = server.requests.find((request) => request.method === 'PUT')!;
      expect(put.headers.get('authorization')).toContain(NEW_SECURE_SESSION_ID);
    },
  );

  it('outside secure mode a new address still needs the password: once proved, Save again goes with the new secure session', async () => {
    // The server asks a fresh proof for an identifier change whatever the page's mode (issue 11).
    const { server, user } = setup({
      ...reauthenticationRoutes(),
      'PUT /userProfile/guid-1/demo': (request) =>
        request.headers.get('authorization')?.includes(NEW_SECURE_SESSION_ID)
          ? { status: 202, body: profileBody() }
          : { status: 401, body: { code: 'secure_session_expired' } },
    });
    const email = await field('Email');
    await user.clear(email);
    await user.type(email, 'moved@foyer.test');
    await user.click(save());
    await user.type(await screen.findByLabelText('Enter your password to continue'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByLabelText('Enter your password to continue')).toBeNull());
    await user.click(save());
    expect(await screen.findByText(/Check your mail to confirm your new address/)).toBeTruthy();
    const puts = server.requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.headers.get('authorization')).toContain(NEW_SECURE_SESSION_ID);
  });

  it('re-authentication for a service with a captcha: Continue waits for it, and the token goes along', async () => {
    const siteKey = 'k'.repeat(40);
    let parameters: RecaptchaRenderParameters | null = null;
    const grecaptcha: Grecaptcha = {
      render: (_element, given) => {
        parameters = given;
        return 1;
      },
      reset: () => {},
    };
    window.grecaptcha = grecaptcha;
    try {
      const { server, user } = setup(
        reauthenticationRoutes({
          recaptchaSiteKey: siteKey,
          reauthenticated: () => ({ status: 401, body: { code: 'IDENTIFIERS_INVALID' } }),
        }),
        { settings: { secureMode: true } },
      );
      await user.type(await screen.findByLabelText('Enter your password to continue'), 'foyer-demo-1');
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(next).toHaveProperty('disabled', true);
      await waitFor(() => expect(parameters?.sitekey).toBe(siteKey));
      act(() => parameters?.callback('reauth-token'));
      expect(next).toHaveProperty('disabled', false);
      await user.click(next);
      await waitFor(() =>
        expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
          recaptchaResponse: 'reauth-token',
        }),
      );
      expect(await screen.findByText(/Invalid username and password/)).toBeTruthy();
    } finally {
      delete window.grecaptcha;
    }
  });

  it('a secure session that ended while editing: the password again, and Save again keeps what was typed', async () => {
    const server = fakeIdentityServer({ ...profileRoutes(), ...reauthenticationRoutes() });
    const attributes = editProfileAttributesSchema.parse({});
    const harness = makeHarness({
      fetch: server.fetch,
      attributes,
      settings: { secureMode: true },
      preloaded: { session: sessionStateFrom(SESSION) },
    });
    harness.storage.tab.setItem(
      SECURE_SESSION_STORAGE_KEY,
      JSON.stringify({ sessionId: 'secure-session-old-0123', expiry: Date.now() + 1e6 }),
    );
    renderWith(harness, <EditProfileWidget attributes={attributes} />);
    const user = userEvent.setup();
    const first = await field('First name');
    await user.clear(first);
    await user.type(first, 'Dana');
    // The secure session ends while the visitor types.
    harness.storage.tab.removeItem(SECURE_SESSION_STORAGE_KEY);
    await user.click(save());
    await user.type(await screen.findByLabelText('Enter your password to continue'), 'foyer-demo-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByLabelText('Enter your password to continue')).toBeNull());
    expect((await field('First name')).value).toBe('Dana');
    await user.click(save());
    await waitFor(() => expect(server.requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(put.headers.get('authorization')).toContain(NEW_SECURE_SESSION_ID);
  });

  it('secure mode with a live secure session loads the form and saves with the secure session id', async () => {
    const server = fakeIdentityServer(profileRoutes());
    const attributes = editProfileAttributesSchema.parse({});
    const secure = makeHarness({
      fetch: server.fetch,
      attributes,
      settings: { secureMode: true },
      preloaded: { session: sessionStateFrom(SESSION) },
    });
    secure.storage.tab.setItem(
      SECURE_SESSION_STORAGE_KEY,
      JSON.stringify({ sessionId: 'secure-session-id-0123', expiry: Date.now() + 1e6 }),
    );
    renderWith(secure, <EditProfileWidget attributes={attributes} />);
    const first = await field('First name');
    expect(first.value).toBe('Demo');
    const user = userEvent.setup();
    await user.clear(first);
    await user.type(first, 'Dana');
    await user.click(save());
    await waitFor(() => expect(server.requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(put.headers.get('authorization')).toContain('secure-session-id-0123');
    // Reads keep using the main session.
    expect(server.requests[0]!.headers.get('authorization')).not.toContain('secure-session-id-0123');
  });

  it('shows the existing attributes; saves only what changed; reloads; profile.updated; the success text', async () => {
    const { server, harness, user } = setup();
    const first = await field('First name');
    expect(first.value).toBe('Demo');
    expect((await field('Email')).value).toBe('demo@foyer.test');
    await user.clear(first);
    await user.type(first, 'Dana');
    await user.click(screen.getByRole('checkbox', { name: 'Sport' }));
    await user.click(screen.getByRole('checkbox', { name: 'News' }));
    await user.click(save());
    expect((await screen.findByRole('status')).textContent).toContain('Successfully Updated!');
    const put = server.requests.find((r) => r.method === 'PUT');
    // The multi-choice value is the comma-joined option values, in the template's order.
    expect(put?.body).toEqual({
      attributes: [
        { name: 'firstName', value: 'Dana' },
        { name: 'topics', value: 'news,sport' },
      ],
    });
    expect(server.requests.filter((r) => r.path === '/userProfile/guid-1')).toHaveLength(2);
    expect(harness.published).toContainEqual({ name: 'profile.updated', payload: { guid: 'guid-1' } });
    expect(harness.store.getState().profile.data?.attributes).toContainEqual({ name: 'firstName', value: 'Dana' });
    expect((await field('First name')).value).toBe('Dana');
  });

  it('a changed e-mail answered 202: "check your mail to confirm your new address", the old address stays', async () => {
    const { user } = setup({
      'PUT /userProfile/guid-1/demo': () => ({
        status: 202,
        body: { ...profileBody(), pendingConfirmation: ['email'] },
      }),
    });
    const email = await field('Email');
    await user.clear(email);
    await user.type(email, 'new@foyer.test');
    await user.click(save());
    const notice = await screen.findByText(/Check your mail to confirm your new address/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Successfully Updated!')).toBeNull();
    // The reloaded profile still has the confirmed address until the link is opened.
    await waitFor(async () => expect((await field('Email')).value).toBe('demo@foyer.test'));
    // Typing on a loaded 2-core machine: more than the default 5 s.
  }, 20_000);

  it('a cleared optional attribute is sent empty (that removes it); a cleared mandatory one is refused', async () => {
    const { server, user } = setup();
    await user.clear(await field('Phone'));
    await user.clear(await field('First name'));
    await user.click(save());
    expect(screen.getByRole('alert').textContent).toContain('First name is mandatory.');
    await user.type(await field('First name'), 'Demo');
    await user.click(save());
    await screen.findByText('Successfully Updated!');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attributes: [{ name: 'phone', value: '' }],
    });
  });

  it('hidden attributes are not shown; non-editable ones are read-only and never sent; roles go with the update', async () => {
    const { server, user } = setup(
      {},
      {
        attributes: {
          hiddenAttributes: 'phone, topics',
          nonEditableAttributes: 'email',
          rolesToAssign: 'newsletter',
          rolesToUnAssign: 'trial',
        },
      },
    );
    const email = await field('Email (cannot be changed)');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText('Phone')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Topics' })).toBeNull();
    await user.type(await field('First name'), 'x');
    await user.click(save());
    await screen.findByText('Successfully Updated!');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attributes: [{ name: 'firstName', value: 'Demox' }],
      rolesToAssign: ['newsletter'],
      rolesToUnAssign: ['trial'],
    });
  });

  it('showExistingAttributes false: starts empty and sends only what is typed', async () => {
    const { server, user } = setup({}, { attributes: { showExistingAttributes: 'false' } });
    expect((await field('First name')).value).toBe('');
    await user.type(await field('Phone'), '777');
    await user.click(save());
    await screen.findByText('Successfully Updated!');
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attributes: [{ name: 'phone', value: '777' }],
    });
  });

  it('uses the cached profile unless disableCache', async () => {
    const attributes = editProfileAttributesSchema.parse({});
    const server = fakeIdentityServer(profileRoutes('Fresh'));
    const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
    harness.store.dispatch(profileLoaded(profileBody('Cached') as never));
    const first = renderWith(harness, <EditProfileWidget attributes={attributes} />);
    expect((await field('First name')).value).toBe('Cached');
    expect(server.requests.map((r) => r.path)).toEqual(['/ui/template/profile/demo']);

    first.unmount();
    const forced = editProfileAttributesSchema.parse({ disableCache: 'true' });
    renderWith(harness, <EditProfileWidget attributes={forced} />);
    await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('/userProfile/guid-1'));
  });

  it('server errors show their catalogue text, profile.updateFailed, and keep what was typed', async () => {
    const { harness, user } = setup({
      'PUT /userProfile/guid-1/demo': () => ({ status: 409, body: { code: 'DUPLICATE_IDENTIFIERS_FOUND' } }),
    });
    const email = await field('Email');
    await user.clear(email);
    await user.type(email, 'other@foyer.test');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toContain('Account is already associated!');
    expect(harness.published).toContainEqual({
      name: 'profile.updateFailed',
      payload: { code: 'DUPLICATE_IDENTIFIERS_FOUND', statusCode: 409 },
    });
    expect((await field('Email')).value).toBe('other@foyer.test');
  });

  it('shows the form once another frame logs in', async () => {
    const { harness } = setup({}, { loggedIn: false });
    saveSession(harness.storage, SESSION);
    act(() => harness.services.events.emit({ name: 'login.success', payload: { guid: 'guid-1' } }));
    expect((await field('First name')).value).toBe('Demo');
  });
});

describe('capture container', () => {
  it('action editProfile shows edit profile; the social actions show the social buttons', async () => {
    const server = fakeIdentityServer(profileRoutes());
    const attributes = captureAttributesSchema.parse({ action: 'editProfile' });
    const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
    const { unmount } = renderWith(harness, <CaptureWidget attributes={attributes} />);
    expect((await field('First name')).value).toBe('Demo');
    unmount();
    // The social actions show the service's networks (the flows are tested in e2e/specs/social-sign-in.spec.ts).
    const social = captureAttributesSchema.parse({ action: 'socialAccountLink' });
    const socialServer = fakeIdentityServer({
      'GET /social/permissions': () => ({
        status: 200,
        body: { networks: [{ network: 'google', scopes: ['email'] }] },
      }),
    });
    renderWith(makeHarness({ fetch: socialServer.fetch, attributes: social }), <CaptureWidget attributes={social} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(captureAttributesSchema.safeParse({ action: 'delete' }).success).toBe(false);
    expect(captureAttributesSchema.parse({}).action).toBe('register');
  });
});
