import '../../test/setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { editSocialProfileAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../store/sessionSlice';
import { DEMO_SERVICE, fakeIdentityServer, makeHarness, renderWith, type Handler } from '../../test/harness';
import { SESSION } from '../../test/profileFixtures';
import EditSocialProfileWidget from './index';

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
});
