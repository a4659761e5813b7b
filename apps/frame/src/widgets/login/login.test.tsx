import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { loginAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { adoptSession } from '../../app/store/sessionThunks';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  API,
  SESSION_ID,
  sessionBody,
  type Handler,
  type Reply,
} from '../../test/harness';
import type { Grecaptcha, RecaptchaRenderParameters } from '../../ui/form/recaptcha';
import LoginWidget from './index';

const DEFAULT_SCHEME = { name: 'default', realmName: 'demo', identifiers: ['email'], validators: ['password'] };

function setup(
  sessionReply: Reply | Handler,
  attributes: Record<string, string> = {},
  settings: Record<string, unknown> = {},
) {
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
    'GET /authenticationScheme/default': () => ({ status: 200, body: DEFAULT_SCHEME }),
    'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    'POST /session': typeof sessionReply === 'function' ? sessionReply : () => sessionReply,
  });
  const parsed = loginAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, settings });
  renderWith(harness, <LoginWidget attributes={parsed} />);
  return { server, harness, user: userEvent.setup() };
}

const email = () => screen.findByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });

async function fill(user: ReturnType<typeof userEvent.setup>, pass = 'foyer-demo-1') {
  await user.type(await email(), 'demo@foyer.test');
  await user.type(password(), pass);
}

describe('login widget', () => {
  // Issue 32, item 13: the spec's 'Realm should not be empty!' (§5), announced, and no call.
  it("a page whose realm is blank says 'Realm should not be empty!' and sends nothing", async () => {
    const { server, user } = setup({ status: 200, body: sessionBody() }, {}, { realmName: '   ' });
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Realm should not be empty!');
    expect(server.requests.some((request) => request.path === '/session')).toBe(false);
  });

  it('loads the scheme from the service, then renders the template fields with autocomplete', async () => {
    const { server } = setup({ status: 200, body: sessionBody() });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const field = await email();
    expect(field.getAttribute('type')).toBe('email');
    expect(field.getAttribute('autocomplete')).toBe('username');
    expect(password().getAttribute('type')).toBe('password');
    expect(password().getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /service/demo',
      'GET /ui/template/login/default',
    ]);
  });

  it('asks for the named scheme at once, checked by GET /authenticationScheme beside its template; the service is still asked for its captcha site key', async () => {
    const { server } = setup({ status: 200, body: sessionBody() }, { authenticationSchemeName: 'default' });
    await email();
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/authenticationScheme/default',
      '/service/demo',
      '/ui/template/login/default',
    ]);
  });

  it('a misspelt scheme shows AUTHENTICATION_SCHEME_NOT_FOUND even when the template answers a bare 404', async () => {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /authenticationScheme/defualt': () => ({ status: 404, raw: '' }),
      'GET /ui/template/login/defualt': () => ({ status: 404, raw: '' }),
    });
    const attributes = loginAttributesSchema.parse({ authenticationSchemeName: 'defualt' });
    renderWith(makeHarness({ fetch: server.fetch, attributes }), <LoginWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The authentication scheme defualt does not exist.',
    );
  });

  it('AUTH_SCHEME_EMPTY when no scheme can be resolved, without asking for a template', async () => {
    const server = fakeIdentityServer({});
    const attributes = loginAttributesSchema.parse({ authenticationSchemeName: '   ' });
    const harness = makeHarness({
      fetch: server.fetch,
      attributes,
      frame: { config: { icDomain: API, defaultServiceName: '', allowedHostOrigins: [] } },
    });
    renderWith(harness, <LoginWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_ERRORS.AUTH_SCHEME_EMPTY.text);
    expect(server.requests).toEqual([]);
  });

  it('keeps submit disabled until the form is valid and changed', async () => {
    const { user } = setup({ status: 200, body: sessionBody() });
    await email();
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(await email(), 'not-an-email');
    await user.type(password(), 'x');
    expect(submit()).toHaveProperty('disabled', true);
    await user.clear(await email());
    await user.type(await email(), 'demo@foyer.test');
    expect(submit()).toHaveProperty('disabled', false);
    await user.clear(password());
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('submits with Enter and shows the logged-in pane', async () => {
    const { user, server, harness } = setup({ status: 200, body: sessionBody() });
    await user.type(await email(), 'demo@foyer.test');
    await user.type(password(), 'foyer-demo-1{Enter}');
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: 'demo@foyer.test' }],
      validators: [{ name: 'password', value: 'foyer-demo-1' }],
      rememberMe: false,
    });
    expect(harness.published.map((e) => e.name)).toEqual(['login.success', 'session.refresh']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('You are logged in'));
  });

  it('shows a spinner while submitting and sends rememberMe', async () => {
    let release: (reply: Reply) => void = () => {};
    const { user, server } = setup(() => new Promise<Reply>((resolve) => (release = resolve)));
    await fill(user);
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(submit());
    const busy = screen.getByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.querySelector('.spinner')).toBeTruthy();
    await act(async () => release({ status: 200, body: sessionBody() }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect((server.requests.find((r) => r.method === 'POST')?.body as { rememberMe: boolean }).rememberMe).toBe(true);
  });

  it('publishes login.missingAttributes on status 202', async () => {
    const { user, harness } = setup({ status: 202, body: { ...sessionBody(), missingAttributes: ['postcode'] } });
    await fill(user);
    await user.click(submit());
    await screen.findByText('You are logged in');
    expect(harness.published).toEqual([
      { name: 'login.missingAttributes', payload: { guid: 'guid-1', serviceName: 'demo', attributes: ['postcode'] } },
      { name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1' } },
    ]);
  });

  it.each([
    [
      // The reference server never sends it (enumeration defence); another identity server may.
      'IDENTIFIERS_NOT_FOUND',
      { status: 401, body: { code: 'IDENTIFIERS_NOT_FOUND' } },
      IDENTITY_ERRORS.IDENTIFIERS_NOT_FOUND.text,
    ],
    [
      'IDENTIFIERS_INVALID',
      { status: 401, body: { code: 'IDENTIFIERS_INVALID' } },
      IDENTITY_ERRORS.IDENTIFIERS_INVALID.text,
    ],
    [
      'TOO_MANY_ATTEMPTS',
      { status: 429, body: { code: 'TOO_MANY_ATTEMPTS', args: ['15'] } },
      'Too many attempts. Please wait 15 minutes before you try again.',
    ],
    [
      'user_profile_inactive',
      { status: 403, body: { code: 'user_profile_inactive' } },
      'Your account is not yet activated',
    ],
    [
      'USER_PROFILE_LOCKED',
      { status: 403, body: { code: 'USER_PROFILE_LOCKED' } },
      IDENTITY_ERRORS.USER_PROFILE_LOCKED.text,
    ],
    ['NETWORK_ERROR', 'network-error' as const, IDENTITY_ERRORS.NETWORK_ERROR.text],
    [
      'technical_difficulties',
      { status: 502, raw: '<html>Bad gateway</html>' },
      IDENTITY_ERRORS.technical_difficulties.text,
    ],
  ])('shows %s with its catalogue text, clears the password, keeps the identifier', async (code, reply, text) => {
    const { user, harness } = setup(reply as Reply);
    await fill(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.message-text')?.textContent).toBe(text);
    // Status 0 (no answer) is "info" by the spec's colour rule; every HTTP error is "danger".
    expect(alert.className).toContain(code === 'NETWORK_ERROR' ? 'message-info' : 'message-danger');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(((await email()) as HTMLInputElement).value).toBe('demo@foyer.test');
    expect((password() as HTMLInputElement).value).toBe('');
    expect(harness.published).toEqual([
      { name: 'login.failed', payload: { code, statusCode: expect.any(Number) as number } },
    ]);
    // Still usable: type the password again and retry.
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(password(), 'again');
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('after a failed login clears the password without flagging it (the error alone speaks)', async () => {
    const { user } = setup({ status: 401, body: { code: 'IDENTIFIERS_INVALID' } });
    await user.type(await email(), 'demo@foyer.test');
    // Enter from the password field: focus then moves from the field to the error.
    await user.type(password(), 'wrong-password{Enter}');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect((password() as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('Password is required.')).toBeNull();
    expect(password().getAttribute('aria-invalid')).toBeNull();
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('shows a field problem when the field is left, and every problem on Enter while submit waits', async () => {
    const { user, server } = setup({ status: 200, body: sessionBody() });
    await user.type(await email(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect((await email()).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Password is required.')).toBeNull();
    await user.type(password(), '{Enter}');
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(password().getAttribute('aria-describedby')).toBe('login-validator-password-error');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('closes the error with its Close button', async () => {
    const { user } = setup({ status: 401, body: { code: 'IDENTIFIERS_INVALID' } });
    await fill(user);
    await user.click(submit());
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps labels for assistive technology when showLabels is false, and honours showHeader/title', async () => {
    setup({ status: 200, body: sessionBody() }, { showLabels: 'false', showHeader: 'true', title: 'Sign in to News' });
    expect((await email()).id).toBe('login-identifier-email');
    expect(document.querySelector('label[for="login-identifier-email"]')?.className).toBe('visually-hidden');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to News' })).toBeTruthy();
  });

  it('hides the header and remember-me when told', async () => {
    setup({ status: 200, body: sessionBody() }, { showHeader: 'false', showRememberMe: 'false' });
    await email();
    // Hidden from sight, still there for screen readers.
    expect(screen.getByRole('heading', { level: 1 }).className).toBe('visually-hidden');
    expect(screen.queryByLabelText('Remember me')).toBeNull();
  });

  it('shows a template load error with a retry', async () => {
    let fail = true;
    const server = fakeIdentityServer({
      'GET /service/demo': () => (fail ? 'network-error' : { status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    });
    const attributes = loginAttributesSchema.parse({});
    renderWith(makeHarness({ fetch: server.fetch, attributes }), <LoginWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_ERRORS.NETWORK_ERROR.text);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('when already logged in: "You are logged in" and Log out', async () => {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
      [`GET /session/${SESSION_ID}`]: () => ({ status: 200, body: sessionBody() }),
      [`DELETE /session/${SESSION_ID}`]: () => ({ status: 404, body: { code: 'SESSION_NOT_FOUND' } }),
    });
    const attributes = loginAttributesSchema.parse({});
    const harness = makeHarness({
      fetch: server.fetch,
      attributes,
      preloaded: {
        session: sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false }),
      },
    });
    renderWith(harness, <LoginWidget attributes={attributes} />);
    expect(screen.getByText('You are logged in')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    // Logged out here: focus goes on to the first field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(harness.published).toEqual([{ name: 'logout.action', payload: { guid: 'guid-1' } }]);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /session/${SESSION_ID}`);
  });
});

describe('login: focus follows only what the visitor did in this frame', () => {
  it('a logout heard from another frame shows the form without taking focus', async () => {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    });
    const attributes = loginAttributesSchema.parse({});
    const harness = makeHarness({ fetch: server.fetch, attributes });
    renderWith(harness, <LoginWidget attributes={attributes} />);
    await screen.findByLabelText('Email');
    // The profile widget's frame logs in, then out: this frame hears both.
    const session = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };
    act(() => void harness.store.dispatch(adoptSession(session)));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    act(() => void harness.store.dispatch(adoptSession(null)));
    const field = await screen.findByLabelText('Email');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).not.toBe(field);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('login captcha (a service with a reCAPTCHA site key)', () => {
  const SITE_KEY = 'l'.repeat(40);
  afterEach(() => {
    delete window.grecaptcha;
  });

  function installGrecaptcha() {
    let parameters: RecaptchaRenderParameters | null = null;
    const api: Grecaptcha = {
      render: (_element, given) => {
        parameters = given;
        return 1;
      },
      reset: vi.fn(),
    };
    window.grecaptcha = api;
    return { api, params: () => parameters };
  }

  function setupWithCaptcha(sessionReply: Reply) {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: { ...DEMO_SERVICE, recaptchaSiteKey: SITE_KEY } }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
      'POST /session': () => sessionReply,
    });
    const parsed = loginAttributesSchema.parse({});
    renderWith(makeHarness({ fetch: server.fetch, attributes: parsed }), <LoginWidget attributes={parsed} />);
    return { server, user: userEvent.setup() };
  }

  it("'Please verify that you are not a robot' until solved; then the token goes with the login", async () => {
    const fake = installGrecaptcha();
    const { server, user } = setupWithCaptcha({ status: 200, body: sessionBody() });
    await fill(user);
    await waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    expect(screen.getByRole('group', { name: 'Verification' })).toBeTruthy();
    await user.click(submit());
    expect(await screen.findByText('Please verify that you are not a robot')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    act(() => fake.params()?.callback('login-token'));
    expect(screen.queryByText('Please verify that you are not a robot')).toBeNull();
    await user.click(submit());
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ recaptchaResponse: 'login-token' });
  });

  it("a refused token shows the catalogue's message and resets the captcha for the next try", async () => {
    const fake = installGrecaptcha();
    const { user } = setupWithCaptcha({ status: 400, body: { code: 'RECAPTCHA_VERIFICATION_FAILED' } });
    await fill(user);
    await waitFor(() => expect(fake.params()).not.toBeNull());
    act(() => fake.params()?.callback('stale-token'));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Please verify that you are not a robot');
    expect(fake.api.reset).toHaveBeenCalled();
  });
});
