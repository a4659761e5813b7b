import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { resetPasswordAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import ResetPasswordWidget from './index';

function setup(reply: Reply, query: Record<string, string> = { resetAttributeKey: 'key-1', serviceName: 'demo' }) {
  const server = fakeIdentityServer({ 'PUT /resetAttributeWorkflow/key-1': () => reply });
  const attributes = resetPasswordAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, frame: { query } });
  renderWith(harness, <ResetPasswordWidget attributes={attributes} />);
  return { server, harness, user: userEvent.setup() };
}

const newPassword = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Reset password' });

describe('reset-password widget', () => {
  it('says so when the page has no reset key', () => {
    setup({ status: 204 }, {});
    expect(screen.getByRole('alert').textContent).toBe("Couldn't find the reset key!");
  });

  it('Enter while submit is disabled shows every problem instead of nothing', async () => {
    const { user, server } = setup({ status: 204 });
    await user.type(newPassword(), 'abc123{Enter}');
    expect(await screen.findByText('Confirm new password is required.')).toBeTruthy();
    expect(confirm().getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);
  });

  it('uses new-password autocomplete and keeps submit disabled until valid and changed', async () => {
    const { user } = setup({ status: 204 });
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(confirm().getAttribute('autocomplete')).toBe('new-password');
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(newPassword(), 'abc12');
    await user.type(confirm(), 'abc12');
    expect(submit()).toHaveProperty('disabled', true);
    await user.tab();
    expect(screen.getAllByText('Password and Confirm password must be of minimum 6 characters.')).toHaveLength(2);
    await user.type(newPassword(), '3');
    await user.type(confirm(), '4');
    expect(screen.getByText('Password and Confirm Password do not match')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
    await user.clear(confirm());
    await user.type(confirm(), 'abc123');
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('sends the password, shows the success and does not log in', async () => {
    const { user, server, harness } = setup({ status: 204 });
    await user.type(newPassword(), 'new-pass-1');
    await user.type(confirm(), 'new-pass-1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Your password has been reset');
    expect(server.requests[0]?.body).toEqual({ attributes: [{ name: 'password', value: 'new-pass-1' }] });
    expect(server.requests[0]?.headers.get('authorization')).toContain('evolok.api.service=demo');
    expect(harness.published).toEqual([{ name: 'resetPassword.success', payload: {} }]);
    expect(harness.store.getState().session.loggedIn).toBe(false);
  });

  it.each([
    ['RESET_USER_PROFILE_NOT_FOUND', 404],
    ['ATTRIBUTE_VALIDATION_FAILED', 400],
  ] as const)('shows %s with its text and keeps what was typed', async (code, status) => {
    const { user, harness } = setup({ status, body: { code } });
    await user.type(newPassword(), 'new-pass-1');
    await user.type(confirm(), 'new-pass-1');
    await user.click(submit());
    expect((await screen.findByRole('alert')).querySelector('.message-text')?.textContent).toBe(
      IDENTITY_ERRORS[code].text,
    );
    expect((newPassword() as HTMLInputElement).value).toBe('new-pass-1');
    expect(harness.published).toEqual([{ name: 'resetPassword.failed', payload: { code, statusCode: status } }]);
  });
});
