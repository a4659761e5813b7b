import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changePasswordAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Reply } from '../../test/harness';
import ChangePasswordWidget from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });

function setup(reply: Reply, attributes: Record<string, string> = {}, loggedIn = true) {
  const server = fakeIdentityServer({ 'PUT /userProfile/guid-1/password': () => reply });
  const parsed = changePasswordAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, preloaded: loggedIn ? { session } : {} });
  renderWith(harness, <ChangePasswordWidget attributes={parsed} />);
  return { server, harness, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Change password' });

async function fill(user: ReturnType<typeof userEvent.setup>, withOld = true) {
  if (withOld) await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
  await user.type(screen.getByLabelText('New password'), 'new-pass-1');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
}

describe('change-password widget', () => {
  it("says 'Not logged-in!' without a session", () => {
    setup({ status: 204 }, {}, false);
    expect(screen.getByRole('alert').textContent).toBe('Not logged-in!');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for the old password with current-password autocomplete, then changes it', async () => {
    const { user, server, harness } = setup({ status: 204 });
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(submit()).toHaveProperty('disabled', true);
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Your password has been changed');
    expect(server.requests[0]?.body).toEqual({ oldPassword: 'old-pass-1', newPassword: 'new-pass-1' });
    expect(server.requests[0]?.headers.get('authorization')).toContain(SESSION_ID);
    expect(harness.published).toEqual([{ name: 'changePassword.success', payload: { guid: 'guid-1' } }]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('leaves the old-password field out when showOldPassword is false', async () => {
    const { user, server } = setup({ status: 204 }, { showOldPassword: 'false' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await fill(user, false);
    await user.click(submit());
    await screen.findByRole('alert');
    expect(server.requests[0]?.body).toEqual({ newPassword: 'new-pass-1' });
  });

  it('shows a wrong old password and keeps the input', async () => {
    const { user, harness } = setup({ status: 401, body: { code: 'IDENTIFIERS_INVALID' } });
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username and password');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('new-pass-1');
    expect(harness.published[0]).toEqual({
      name: 'changePassword.failed',
      payload: { code: 'IDENTIFIERS_INVALID', statusCode: 401 },
    });
  });

  it('shows logged-out when the session expired on the server', async () => {
    const { user, harness } = setup({ status: 401, body: { code: 'SESSION_HAS_EXPIRED' } });
    await fill(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Not logged-in!');
    expect(harness.published.map((event) => event.name)).toContain('session.expired');
  });
});
