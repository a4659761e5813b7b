import '../../test/setup';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginAttributesSchema } from '@foyer/protocol';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  type Handler,
} from '../../test/harness';
import LoginWidget from './index';

function setup(routes: Record<string, Handler> = {}, attributes: Record<string, string> = {}) {
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
    'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    ...routes,
  });
  const parsed = loginAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed });
  renderWith(harness, <LoginWidget attributes={parsed} />);
  return { server, harness, user: userEvent.setup() };
}

describe('login: forgot password and activation links', () => {
  it('flips to the forgot-password panel and back on Cancel, without closing anything', async () => {
    const { user, harness } = setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    // Focus moves once the panel's fields are there (after its template loads): wait for it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(harness.published).toEqual([{ name: 'forgotPassword.cancelled', payload: {} }]);
  });

  it('a pointer press on the flip keeps the focus in the field: no blur message moves the link from under the pointer', async () => {
    const { user } = setup();
    const email = await screen.findByLabelText('Email');
    await user.click(email);
    await user.type(email, 'not-an-address');
    // Pressed, not yet released: the moment the click was lost in when the field's message appeared.
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Forgot your password?' }) });
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]' });
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
  });

  it('flips back on OK after sending', async () => {
    const { user } = setup({
      'POST /userProfile/resetAttributeWorkflow/default': () => ({ status: 202, body: { accepted: true } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Email'), 'demo@foyer.test{Enter}');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it("publishes login.forgotPassword instead when forgotPasswordHandler='event'", async () => {
    const { user, harness } = setup({}, { forgotPasswordHandler: 'event' });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(harness.published).toEqual([{ name: 'login.forgotPassword', payload: {} }]);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it("shows 'Create an account' below the form only with showRegister, publishing login.register", async () => {
    setup();
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    cleanup();
    const { user, harness } = setup({}, { showRegister: 'true' });
    const register = await screen.findByRole('button', { name: 'Create an account' });
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form')!;
    expect(form.contains(register)).toBe(false);
    expect(form.compareDocumentPosition(register) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(register);
    expect(harness.published).toEqual([{ name: 'login.register', payload: {} }]);
  });

  it('hides the link when showForgotPassword is false', async () => {
    setup({}, { showForgotPassword: 'false' });
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
  });

  it('offers re-sending the activation mail on user_profile_inactive', async () => {
    const { user, server, harness } = setup({
      'POST /session': () => ({ status: 403, body: { code: 'user_profile_inactive' } }),
      'POST /userProfileActivationWorkflow/resendByIdentifiers': () => ({ status: 202, body: { accepted: true } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'new@foyer.test');
    await user.type(screen.getByLabelText('Password'), 'secret-1{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Re-send activation email' }));
    // A confirmation (role status, success look), not an error box with a made-up error code.
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toMatch(/we have sent you a new activation email/);
    expect(sent.getAttribute('data-severity')).toBe('success');
    expect(server.requests.at(-1)?.body).toEqual({
      realmName: 'default',
      service: 'demo',
      identifiers: [{ name: 'email', value: 'new@foyer.test' }],
    });
    expect(harness.published.at(-1)).toEqual({ name: 'login.activationResent', payload: {} });
  });
});
