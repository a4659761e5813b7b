/**
 * Issue 31: "Email me a sign-in code" in the login and registration widgets — offered only where
 * the service says so; the address step, the code step (one-time-code autofill, numeric keyboard,
 * errors announced and focused, another code after a wait, back); the mail's link; and
 * login.success telling the page the method.
 */
import '../../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_CODE_ERRORS, EMAIL_CODE_RESEND_WAIT_SECONDS } from '@foyer/api';
import { loginAttributesSchema, registrationAttributesSchema } from '@foyer/protocol';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  sessionBody,
  type Handler,
} from '../../../test/harness';
import LoginWidget from '../../../widgets/login';
import RegistrationWidget from '../../../widgets/registration';

const CODE_SERVICE = { ...DEMO_SERVICE, emailCodeSignIn: true };
const REGISTRATION_TEMPLATE = {
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
  attributes: [{ name: 'firstName', label: 'First name', type: 'STRING', mandatory: true, autocomplete: 'given-name' }],
};
const RIGHT_CODE = '123456';

afterEach(() => {
  vi.useRealTimers();
});

/** The fake server's code check: the right code signs in, any other is EMAIL_CODE_INVALID. */
const codeSession =
  (status = 200): Handler =>
  (request) =>
    (request.body as { code: string }).code === RIGHT_CODE
      ? { status, body: sessionBody({ guid: 'guid-code' }) }
      : { status: 401, body: { code: 'EMAIL_CODE_INVALID', message: 'wrong', args: [] } };

function setupLogin(
  options: {
    service?: object;
    routes?: Record<string, Handler>;
    query?: Record<string, string>;
    fakeTimers?: boolean;
  } = {},
) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: options.service ?? CODE_SERVICE }),
    'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    'POST /emailCode': () => ({ status: 202, body: { accepted: true } }),
    'POST /emailCode/session': codeSession(),
    ...options.routes,
  });
  const attributes = loginAttributesSchema.parse({});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    frame: { query: options.query ?? {}, hostUrl: 'http://localhost:8080/login' },
  });
  renderWith(harness, <LoginWidget attributes={attributes} />);
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  return { server, harness, user };
}

const offer = () => screen.findByRole('button', { name: 'Email me a sign-in code' });
const codeInput = () => screen.findByLabelText('Code', { selector: 'input' });

async function askForCode(user: ReturnType<typeof userEvent.setup>, email = 'reader@foyer.test') {
  await user.click(await offer());
  const address = await screen.findByLabelText('Email', { selector: 'input' });
  expect(address.getAttribute('autocomplete')).toBe('email');
  await waitFor(() => expect(document.activeElement).toBe(address));
  await user.type(address, email);
  await user.click(screen.getByRole('button', { name: 'Send the code' }));
  return codeInput();
}

describe('login widget: sign-in by e-mail code', () => {
  it('is not offered where the service does not offer it', async () => {
    setupLogin({ service: DEMO_SERVICE });
    await screen.findByLabelText('Password');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in code' })).toBeNull();
  });

  it('sends the code to the address typed, then the code step: one-time-code, numeric, announced', async () => {
    const { user, server } = setupLogin();
    const input = await askForCode(user);
    const asked = server.requests.find((request) => request.method === 'POST' && request.path === '/emailCode');
    expect(asked?.body).toEqual({
      realmName: 'default',
      email: 'reader@foyer.test',
      purpose: 'signIn',
      hostOrigin: 'http://localhost:8080',
    });
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(input.getAttribute('aria-describedby')).toContain('email-code-hint');
    await waitFor(() => expect(document.activeElement).toBe(input));
    // The same words whether or not the address has an account.
    expect(
      screen.getByText(/If reader@foyer\.test can sign in here, we have sent it a 6-digit code/).getAttribute('role'),
    ).toBe('status');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });

  it('a wrong code is announced and takes the focus; the right one signs in and login.success says email_code', async () => {
    const { user, harness, server } = setupLogin();
    const input = await askForCode(user);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EMAIL_CODE_ERRORS.EMAIL_CODE_INVALID.text);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((await codeInput()).getAttribute('value') ?? '').toBe('');
    expect(harness.published.map((event) => event.name)).toEqual(['login.failed']);

    await user.type(await codeInput(), `${RIGHT_CODE}{Enter}`);
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    const sent = server.requests.filter((request) => request.path === '/emailCode/session').map((r) => r.body);
    expect(sent).toEqual([
      { realmName: 'default', email: 'reader@foyer.test', code: '654321', rememberMe: false },
      { realmName: 'default', email: 'reader@foyer.test', code: RIGHT_CODE, rememberMe: false },
    ]);
    expect(harness.published.find((event) => event.name === 'login.success')?.payload).toEqual({
      guid: 'guid-code',
      method: 'email_code',
    });
  });

  it('a locked code says to ask for a new one', async () => {
    const { user } = setupLogin({
      routes: {
        'POST /emailCode/session': () => ({ status: 429, body: { code: 'EMAIL_CODE_LOCKED', message: '', args: [] } }),
      },
    });
    await user.type(await askForCode(user), `${RIGHT_CODE}{Enter}`);
    expect((await screen.findByRole('alert')).textContent).toContain(EMAIL_CODE_ERRORS.EMAIL_CODE_LOCKED.text);
  });

  it(`offers another code only after ${EMAIL_CODE_RESEND_WAIT_SECONDS} s (test clock), and only the newest works`, async () => {
    const { user, server } = setupLogin({ fakeTimers: true });
    await askForCode(user);
    const resend = screen.getByRole('button', { name: `Send another code (in ${EMAIL_CODE_RESEND_WAIT_SECONDS} s)` });
    expect(resend).toHaveProperty('disabled', true);
    for (let second = 0; second < EMAIL_CODE_RESEND_WAIT_SECONDS; second += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    const ready = screen.getByRole('button', { name: 'Send another code' });
    expect(ready).toHaveProperty('disabled', false);
    await user.click(ready);
    expect(await screen.findByText('A new code is on its way. Only the newest code works.')).toBeTruthy();
    expect(server.requests.filter((request) => request.path === '/emailCode')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: `Send another code (in ${EMAIL_CODE_RESEND_WAIT_SECONDS} s)` }),
    ).toHaveProperty('disabled', true);
  });

  it('another address goes back to the address step; Back returns to the password form', async () => {
    const { user } = setupLogin();
    await askForCode(user);
    await user.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
    expect(await screen.findByRole('button', { name: 'Send the code' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });

  it("the mail's link on the page signs in at once", async () => {
    const { server, harness } = setupLogin({
      query: { emailCodeKey: 'k'.repeat(43) },
      routes: { 'POST /emailCode/link/session': () => ({ status: 200, body: sessionBody({ guid: 'guid-link' }) }) },
    });
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(server.requests.find((request) => request.path === '/emailCode/link/session')?.body).toEqual({
      key: 'k'.repeat(43),
    });
    expect(harness.published.find((event) => event.name === 'login.success')?.payload).toEqual({
      guid: 'guid-link',
      method: 'email_code',
    });
  });

  it('a used link is announced, with a way to a new code', async () => {
    const { user } = setupLogin({
      query: { emailCodeKey: 'k'.repeat(43) },
      routes: {
        'POST /emailCode/link/session': () => ({
          status: 404,
          body: { code: 'EMAIL_CODE_LINK_INVALID', message: '', args: [] },
        }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EMAIL_CODE_ERRORS.EMAIL_CODE_LINK_INVALID.text);
    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(await screen.findByRole('button', { name: 'Send the code' })).toBeTruthy();
  });
});

describe('registration widget: an account by e-mail code', () => {
  function setupRegistration(sessionStatus = 201) {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: CODE_SERVICE }),
      'GET /ui/template/registration/default/demo': () => ({ status: 200, body: REGISTRATION_TEMPLATE }),
      'POST /emailCode': () => ({ status: 202, body: { accepted: true } }),
      'POST /emailCode/session': codeSession(sessionStatus),
    });
    const attributes = registrationAttributesSchema.parse({});
    const harness = makeHarness({ fetch: server.fetch, attributes });
    renderWith(harness, <RegistrationWidget attributes={attributes} />);
    return { server, harness, user: userEvent.setup() };
  }

  it('creates the account with the code: registration.success, then login.success with email_code', async () => {
    const { user, server, harness } = setupRegistration();
    await user.click(await screen.findByRole('button', { name: 'Create my account with an e-mail code' }));
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'new@foyer.test{Enter}');
    expect(await screen.findByText(/We have sent a 6-digit code to new@foyer\.test/)).toBeTruthy();
    expect(server.requests.find((request) => request.path === '/emailCode')?.body).toMatchObject({
      purpose: 'register',
    });
    await user.type(await codeInput(), `${RIGHT_CODE}{Enter}`);
    expect(await screen.findByText('The account has been successfully created. You are now logged in.')).toBeTruthy();
    const names = harness.published.map((event) => event.name);
    expect(names.slice(0, 3)).toEqual(['registration.success', 'login.success', 'session.refresh']);
    expect(harness.published[1]?.payload).toMatchObject({ method: 'email_code' });
  });

  it('an address that already had an account is signed in, and nothing says it was created', async () => {
    const { user, harness } = setupRegistration(200);
    await user.click(await screen.findByRole('button', { name: 'Create my account with an e-mail code' }));
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'old@foyer.test{Enter}');
    await user.type(await codeInput(), `${RIGHT_CODE}{Enter}`);
    expect(await screen.findByText('You are logged in')).toBeTruthy();
    expect(harness.published.map((event) => event.name)).not.toContain('registration.success');
  });
});
