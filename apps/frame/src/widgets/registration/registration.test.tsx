import '../../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { captureAttributesSchema, registrationAttributesSchema } from '@foyer/protocol';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  sessionBody,
  type Handler,
} from '../../test/harness';
import type { Grecaptcha, RecaptchaRenderParameters } from '../../ui/form/recaptcha';
import CaptureWidget from '../capture';
import RegistrationWidget from './index';
import { HELLO_STORAGE_KEY } from '../../features/identity/register';

export const REGISTRATION_TEMPLATE = {
  identifiers: [
    { name: 'email', label: 'Email', type: 'STRING', mandatory: true, autocomplete: 'email', inputType: 'email' },
  ],
  validators: [
    {
      name: 'password',
      label: 'Password',
      type: 'STRING',
      mandatory: true,
      autocomplete: 'new-password',
      inputType: 'password',
    },
  ],
  attributes: [
    { name: 'firstName', label: 'First name', type: 'STRING', mandatory: true, autocomplete: 'given-name' },
    { name: 'lastName', label: 'Last name', type: 'STRING', mandatory: true, autocomplete: 'family-name' },
    { name: 'birthDate', label: 'Birth date', type: 'DATE', mandatory: false, autocomplete: 'bday' },
  ],
};

const profile = (state = 'INACTIVE') => ({
  guid: 'guid-new',
  attributes: [{ name: 'email', value: 'new@foyer.test' }],
  roles: [],
  services: ['demo'],
  state,
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
});

function setup(
  routes: Record<string, Handler> = {},
  options: { attributes?: Record<string, string>; settings?: Record<string, unknown>; fakeTimers?: boolean } = {},
) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
    'GET /ui/template/registration/default/demo': () => ({ status: 200, body: REGISTRATION_TEMPLATE }),
    'GET /userProfile/searchByIdentifiers/email': () => ({
      status: 404,
      body: { code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' },
    }),
    'POST /userProfile': () => ({ status: 201, body: profile() }),
    ...routes,
  });
  const attributes = registrationAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({ fetch: server.fetch, attributes, settings: options.settings });
  renderWith(harness, <RegistrationWidget attributes={attributes} />);
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  return { server, harness, user };
}

const input = (label: string) => screen.findByLabelText(label, { exact: true, selector: 'input' });

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'new@foyer.test') {
  await user.type(await input('Email'), email);
  await user.type(await input('Password'), 'secret-pw');
  await user.type(await input('Confirm Password'), 'secret-pw');
  await user.type(await input('First name'), 'Ann');
  await user.type(await input('Last name'), 'Lee');
}

/** The alert's message without its Close button's cross. */
async function alertText() {
  return (await screen.findByRole('alert')).querySelector('.message-text')?.textContent;
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('registration form', () => {
  it('a blank scheme from the service rejects with AUTH_SCHEME_EMPTY, without a template call', async () => {
    const { server } = setup({
      'GET /service/demo': () => ({ status: 200, body: { ...DEMO_SERVICE, authenticationSchemeName: '  ' } }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_ERRORS.AUTH_SCHEME_EMPTY.text);
    expect(server.requests.map((r) => r.path)).toEqual(['/service/demo']);
  });

  it('loads the service and its registration template, then shows every field with its autofill token', async () => {
    const { server } = setup();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect((await input('Email')).getAttribute('autocomplete')).toBe('email');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /service/demo',
      'GET /ui/template/registration/default/demo',
    ]);
    expect((await input('Password')).getAttribute('autocomplete')).toBe('new-password');
    expect((await input('Confirm Password')).getAttribute('autocomplete')).toBe('new-password');
    expect((await input('First name')).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByRole('group', { name: 'Birth date' })).toBeTruthy();
    expect(screen.getByLabelText('Year').getAttribute('autocomplete')).toBe('bday-year');
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
  });

  it('an invalid submit lists the invalid attributes in the general message and sends nothing', async () => {
    const { server, user } = setup();
    await user.type(await input('Email'), 'new@foyer.test');
    await user.click(submit());
    expect(await alertText()).toBe('Password, Confirm Password, First name, Last name are mandatory.');
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the password rules with the spec messages', async () => {
    const { user } = setup();
    await user.type(await input('Password'), '12345');
    await user.type(await input('Confirm Password'), '123456');
    await user.tab();
    expect(screen.getByText('Password and Confirm password must be of minimum 6 characters.')).toBeTruthy();
    await user.clear(await input('Password'));
    await user.type(await input('Password'), '1234567');
    expect(screen.getByText('Password and Confirm Password do not match')).toBeTruthy();
  });

  it('registers: empty values dropped, registration.success, the mailbox message, then the follow-up to login', async () => {
    const { server, harness, user } = setup({}, { fakeTimers: true });
    await fill(user);
    await user.click(submit());
    const done = await screen.findByText(/The account has been successfully created\./);
    expect(done.textContent).toContain('Please check your mailbox.');
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: 'new@foyer.test' },
        { name: 'password', value: 'secret-pw' },
        { name: 'firstName', value: 'Ann' },
        { name: 'lastName', value: 'Lee' },
      ],
    });
    expect(harness.published).toEqual([{ name: 'registration.success', payload: { guid: 'guid-new' } }]);
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(harness.published).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    // No session (the account waits for activation): the service check cannot pass.
    expect(harness.published[1]).toEqual({
      name: 'registration.redirect',
      payload: { to: 'login', guid: 'guid-new', serviceName: 'demo' },
    });
  });

  // Issue 32, item 11: someone registering hears 'Email already in use!…' (duplicate_user_profile),
  // with the ways out, whichever code the identity server uses for it.
  it.each(['duplicate_user_profile', 'DUPLICATE_IDENTIFIERS_FOUND'])(
    'a duplicate address (%s) says the address is in use, offers the ways out, publishes registration.failed and keeps every value',
    async (code) => {
      const { harness, user } = setup({ 'POST /userProfile': () => ({ status: 409, body: { code } }) });
      await fill(user);
      await user.click(submit());
      const alert = await screen.findByRole('alert');
      expect(alert.querySelector('.message-text')?.textContent).toBe(IDENTITY_ERRORS.duplicate_user_profile.text);
      expect(IDENTITY_ERRORS.duplicate_user_profile.text).toMatch(/^Email already in use!/);
      // Focus on the message: screen readers read it, and the ways out are the next stops.
      await waitFor(() => expect(document.activeElement).toBe(alert));
      expect(within(alert).getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
      expect(harness.published).toEqual([{ name: 'registration.failed', payload: { code, statusCode: 409 } }]);
      expect(((await input('Email')) as HTMLInputElement).value).toBe('new@foyer.test');
      expect(((await input('Password')) as HTMLInputElement).value).toBe('secret-pw');
      expect(((await input('First name')) as HTMLInputElement).value).toBe('Ann');
    },
  );

  it("'Forgot your password?' flips to the reset panel with the typed address; Cancel comes back", async () => {
    const { user } = setup({
      'POST /userProfile': () => ({ status: 409, body: { code: 'duplicate_user_profile' } }),
    });
    await fill(user);
    await user.click(submit());
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    // The registration form waits, hidden (the accessibility tree has only the panel's field).
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('new@foyer.test');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // Back with everything typed, the focus on the form's message (not lost to the page).
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(((await input('Password')) as HTMLInputElement).value).toBe('secret-pw');
  });

  it("'Log in' shows the login form in place, which logs in; 'Create an account' comes back", async () => {
    const { harness, user } = setup({
      'POST /userProfile': () => ({ status: 409, body: { code: 'duplicate_user_profile' } }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
      'POST /session': () => ({ status: 200, body: sessionBody() }),
    });
    await fill(user);
    await user.click(submit());
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    await user.click(submit());
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Log in' }));
    const loginForm = (await screen.findByRole('button', { name: 'Log in' })).closest('form')!;
    await user.type(within(loginForm).getByLabelText('Email'), 'demo@foyer.test');
    await user.type(within(loginForm).getByLabelText('Password'), 'foyer-demo-1');
    await user.click(within(loginForm).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(harness.published.map((event) => event.name)).toContain('login.success');
  });

  it("the server's attribute errors become the general message", async () => {
    const { user } = setup({
      'POST /userProfile': () => ({ status: 400, body: { code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Last name'] } }),
    });
    await fill(user);
    await user.click(submit());
    expect(await alertText()).toBe('Please check: Last name.');
  });

  it('auto-login for an active account, then the service check: passes → payment', async () => {
    const { server, harness, user } = setup(
      {
        'POST /userProfile': () => ({ status: 201, body: profile('ACTIVE') }),
        'POST /session': () => ({ status: 200, body: sessionBody({ guid: 'guid-new' }) }),
        'POST /userProfile/guid-new/link/demo': () => ({ status: 200, body: profile('ACTIVE') }),
      },
      { attributes: { autoLogin: 'true' }, fakeTimers: true },
    );
    await fill(user);
    await user.click(submit());
    expect((await screen.findByText(/successfully created/)).textContent).toContain('You are now logged in.');
    const login = server.requests.find((r) => r.path === '/session');
    expect(login?.body).toMatchObject({
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: 'new@foyer.test' }],
      validators: [{ name: 'password', value: 'secret-pw' }],
    });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() =>
      expect(harness.published.at(-1)).toEqual({
        name: 'registration.redirect',
        payload: { to: 'payment', guid: 'guid-new', serviceName: 'demo' },
      }),
    );
    expect(harness.published.map((e) => e.name)).toEqual([
      'registration.success',
      'login.success',
      'session.refresh',
      'registration.redirect',
    ]);
  });

  it('the service check answers REQUIRED_ATTRIBUTE_MISSING → edit profile', async () => {
    const { harness, user } = setup(
      {
        'POST /userProfile': () => ({ status: 201, body: profile('ACTIVE') }),
        'POST /session': () => ({ status: 200, body: sessionBody({ guid: 'guid-new' }) }),
        'POST /userProfile/guid-new/link/demo': () => ({
          status: 403,
          body: { code: 'REQUIRED_ATTRIBUTE_MISSING', args: ['phone'] },
        }),
      },
      { attributes: { autoLogin: 'true' }, fakeTimers: true },
    );
    await fill(user);
    await user.click(submit());
    await screen.findByText(/successfully created/);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() =>
      expect(harness.published.at(-1)).toEqual({
        name: 'registration.redirect',
        payload: { to: 'editProfile', guid: 'guid-new', serviceName: 'demo', attributes: ['phone'] },
      }),
    );
  });

  it('a REQUIRED_ATTRIBUTE_MISSING naming no attribute: MISSING_ATTRIBUTES_NOT_FOUND, no redirect', async () => {
    const { harness, user } = setup(
      {
        'POST /userProfile': () => ({ status: 201, body: profile('ACTIVE') }),
        'POST /session': () => ({ status: 200, body: sessionBody({ guid: 'guid-new' }) }),
        'POST /userProfile/guid-new/link/demo': () => ({ status: 403, body: { code: 'REQUIRED_ATTRIBUTE_MISSING' } }),
      },
      { attributes: { autoLogin: 'true' }, fakeTimers: true },
    );
    await fill(user);
    await user.click(submit());
    await screen.findByText(/successfully created/);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_ERRORS.MISSING_ATTRIBUTES_NOT_FOUND.text);
    expect(harness.published.some((event) => event.name === 'registration.redirect')).toBe(false);
  });

  it('inside the capture container, REQUIRED_ATTRIBUTE_MISSING moves on to edit profile in place', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/registration/default/demo': () => ({ status: 200, body: REGISTRATION_TEMPLATE }),
      'GET /userProfile/searchByIdentifiers/email': () => ({
        status: 404,
        body: { code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' },
      }),
      'POST /userProfile': () => ({ status: 201, body: profile('ACTIVE') }),
      'POST /session': () => ({ status: 200, body: sessionBody({ guid: 'guid-new' }) }),
      'POST /userProfile/guid-new/link/demo': () => ({
        status: 403,
        body: { code: 'REQUIRED_ATTRIBUTE_MISSING', args: ['phone'] },
      }),
      'GET /ui/template/profile/demo': () => ({ status: 200, body: REGISTRATION_TEMPLATE }),
      'GET /userProfile/guid-new': () => ({ status: 200, body: profile('ACTIVE') }),
    });
    const attributes = captureAttributesSchema.parse({ autoLogin: 'true' });
    const harness = makeHarness({ fetch: server.fetch, attributes });
    renderWith(harness, <CaptureWidget attributes={attributes} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fill(user);
    await user.click(submit());
    await screen.findByText(/successfully created/);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(harness.published.at(-1)?.name).toBe('registration.redirect');
  });

  it('no auto-login unless asked, even for an active account', async () => {
    const { server, user } = setup({ 'POST /userProfile': () => ({ status: 201, body: profile('ACTIVE') }) });
    await fill(user);
    await user.click(submit());
    await screen.findByText(/successfully created/);
    expect(server.requests.some((r) => r.path === '/session')).toBe(false);
  });

  it('cancel removes the hello entry, empties the form and publishes registration.cancelled', async () => {
    const { harness, user } = setup({}, { attributes: { showCancel: 'true' } });
    harness.storage.persistent.setItem(HELLO_STORAGE_KEY, '{}');
    harness.storage.tab.setItem(HELLO_STORAGE_KEY, '{}');
    await user.type(await input('First name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.storage.persistent.getItem(HELLO_STORAGE_KEY)).toBeNull();
    expect(harness.storage.tab.getItem(HELLO_STORAGE_KEY)).toBeNull();
    expect(((await input('First name')) as HTMLInputElement).value).toBe('');
    expect(harness.published).toEqual([{ name: 'registration.cancelled', payload: {} }]);
  });

  it('a template load error shows the catalogue text and a retry', async () => {
    let fail = true;
    const { user } = setup({
      'GET /ui/template/registration/default/demo': () =>
        fail ? 'network-error' : { status: 200, body: REGISTRATION_TEMPLATE },
    });
    expect(await alertText()).toContain(IDENTITY_ERRORS.NETWORK_ERROR.text);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await input('Email')).toBeTruthy();
  });

  it('refuses a template whose identifier is not STRING or NUMERIC', async () => {
    setup({
      'GET /ui/template/registration/default/demo': () => ({
        status: 200,
        body: { ...REGISTRATION_TEMPLATE, identifiers: [{ name: 'born', label: 'Born', type: 'DATE' }] },
      }),
    });
    expect(await alertText()).toContain('identifiers.born (DATE)');
  });
});

describe('identifier uniqueness check (identity spec §5)', () => {
  it('asks 750 ms after typing stops, then shows a tick with words', async () => {
    const { server, user } = setup({}, { fakeTimers: true });
    await user.type(await input('Email'), 'new@foyer.test');
    const searches = () => server.requests.filter((r) => r.path.startsWith('/userProfile/searchByIdentifiers'));
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('Available')).toBeTruthy();
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.query.get('value')).toBe('new@foyer.test');
    expect(searches()[0]?.query.get('realmName')).toBe('default');
  });

  it('a taken identifier gets a cross with words; an invalid one is not checked', async () => {
    const { server, user } = setup(
      { 'GET /userProfile/searchByIdentifiers/email': () => ({ status: 200, body: { exists: true } }) },
      { fakeTimers: true },
    );
    await user.type(await input('Email'), 'not-an-email');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.requests.some((r) => r.path.includes('searchByIdentifiers'))).toBe(false);
    await user.clear(await input('Email'));
    await user.type(await input('Email'), 'demo@foyer.test');
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(await screen.findByText('Already registered')).toBeTruthy();
  });

  it('is refused when the page disabled it', async () => {
    const { server, user } = setup({}, { fakeTimers: true, settings: { uniqueIdentifierValidation: false } });
    await user.type(await input('Email'), 'new@foyer.test');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.requests.some((r) => r.path.includes('searchByIdentifiers'))).toBe(false);
    expect(screen.queryByText('Available')).toBeNull();
  });
});

describe('registration captcha', () => {
  const SITE_KEY = 's'.repeat(40);

  function installGrecaptcha() {
    let parameters: RecaptchaRenderParameters | null = null;
    const api: Grecaptcha = {
      render: (_element, given) => {
        parameters = given;
        return 1;
      },
      reset: vi.fn(),
    };
    (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha = api;
    return { api, params: () => parameters };
  }

  it("'Please verify that you are not a robot' until solved; then the token goes with the registration", async () => {
    const fake = installGrecaptcha();
    const { server, user } = setup({}, { settings: { recaptchaSiteKey: SITE_KEY } });
    await fill(user);
    await user.click(submit());
    expect(await alertText()).toBe('Please verify that you are not a robot');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    act(() => fake.params()?.callback('captcha-token'));
    await user.click(submit());
    await screen.findByText(/successfully created/);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      recaptchaResponse: 'captcha-token',
    });
  });

  it("the service's site key is used when the page sets none; a failed submit resets the captcha", async () => {
    const fake = installGrecaptcha();
    const { user } = setup({
      'GET /service/demo': () => ({ status: 200, body: { ...DEMO_SERVICE, recaptchaSiteKey: SITE_KEY } }),
      'POST /userProfile': () => ({ status: 400, body: { code: 'RECAPTCHA_VERIFICATION_FAILED' } }),
    });
    await fill(user);
    await waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    act(() => fake.params()?.callback('captcha-token'));
    await user.click(submit());
    expect(await alertText()).toBe('Please verify that you are not a robot');
    expect(fake.api.reset).toHaveBeenCalled();
  });
});
