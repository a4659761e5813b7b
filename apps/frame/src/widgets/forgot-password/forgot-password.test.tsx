import '../../test/setup';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { forgotPasswordAttributesSchema } from '@foyer/protocol';
import {
  DEMO_SERVICE,
  DEMO_TEMPLATE,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  type Reply,
} from '../../test/harness';
import ForgotPasswordWidget from './index';

function setup(reply: Reply, attributes: Record<string, string> = {}) {
  const server = fakeIdentityServer({
    'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
    'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    'POST /userProfile/resetAttributeWorkflow/default': () => reply,
  });
  const parsed = forgotPasswordAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed });
  renderWith(harness, <ForgotPasswordWidget attributes={parsed} />);
  return { server, harness, user: userEvent.setup() };
}

const SENT = 'If an account exists for this address';

describe('forgot-password widget', () => {
  it('sends the identifiers as query and shows the sent state with only OK', async () => {
    const { user, server, harness } = setup({ status: 202, body: { accepted: true } });
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('autocomplete')).toBe('username');
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(email, ' someone@foyer.test ');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain(SENT);
    const post = server.requests.find((request) => request.method === 'POST');
    expect(Object.fromEntries(post?.query ?? [])).toEqual({
      email: 'someone@foyer.test',
      realm: 'default',
      serviceName: 'demo',
    });
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(harness.published).toEqual([{ name: 'forgotPassword.success', payload: {} }]);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('');
  });

  it('shows a failure (not an account check) and keeps the identifier', async () => {
    const { user, harness } = setup({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS', args: ['3'] } });
    await user.type(await screen.findByLabelText('Email'), 'someone@foyer.test{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Please wait 3 minutes');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('someone@foyer.test');
    expect(harness.published[0]?.name).toBe('forgotPassword.failed');
  });

  it('an invalid address is flagged when the field is left, and on Enter (submit stays disabled)', async () => {
    const { user, server } = setup({ status: 202, body: { accepted: true } });
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'someone@');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('forgot-password-email-error');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toHaveProperty('disabled', true);
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('Enter on an untouched invalid form shows the problem instead of doing nothing', async () => {
    const { user, server } = setup({ status: 202, body: { accepted: true } });
    await user.type(await screen.findByLabelText('Email'), 'someone{Enter}');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('has no Cancel by default (identity spec §9); with showCancel, Cancel publishes forgotPassword.cancelled', async () => {
    setup({ status: 202, body: { accepted: true } });
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    cleanup();
    const { user, harness } = setup({ status: 202, body: { accepted: true } }, { showCancel: 'true' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(harness.published).toEqual([{ name: 'forgotPassword.cancelled', payload: {} }]);
  });
});
