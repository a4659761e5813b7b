import '../../test/setup';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { profileAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../store/sessionSlice';
import { saveSession } from '../../store/sessionStorage';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Reply } from '../../test/harness';
import ProfileWidget from './index';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };

function profileBody(state: 'ACTIVE' | 'LOCKED' = 'ACTIVE', email = 'demo@foyer.test') {
  return { guid: 'guid-1', attributes: [{ name: 'email', value: email }], roles: [], services: ['demo'], state };
}

function setup(reply: () => Reply, options: { loggedIn?: boolean; attributes?: Record<string, string> } = {}) {
  const server = fakeIdentityServer({
    'GET /userProfile/guid-1': reply,
    [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }),
  });
  const attributes = profileAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    preloaded: options.loggedIn === false ? {} : { session: sessionStateFrom(SESSION) },
  });
  renderWith(harness, <ProfileWidget attributes={attributes} />);
  return { server, harness };
}

afterEach(() => vi.useRealTimers());

describe('profile widget panes', () => {
  it('none (loading) then available: the account attributes, a Log out button, profile.loaded', async () => {
    const { server, harness } = setup(() => ({ status: 200, body: profileBody() }));
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('demo@foyer.test')).toBeTruthy();
    expect(screen.getByText('Email').tagName).toBe('DT');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(server.requests[0]?.query.get('serviceName')).toBe('demo');
    expect(harness.published).toEqual([{ name: 'profile.loaded', payload: { guid: 'guid-1', state: 'ACTIVE' } }]);
  });

  it('not-logged-in without a session, with no request', async () => {
    const { server } = setup(() => ({ status: 200, body: profileBody() }), { loggedIn: false });
    expect(await screen.findByText('You are not logged in.')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('account-locked when the profile state is LOCKED', async () => {
    setup(() => ({ status: 200, body: profileBody('LOCKED') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(IDENTITY_ERRORS.USER_PROFILE_LOCKED.text);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('not-logged-in (and session.expired published) when the server says the session expired', async () => {
    const { harness } = setup(() => ({ status: 401, body: { code: 'SESSION_HAS_EXPIRED' } }));
    expect(await screen.findByText('You are not logged in.')).toBeTruthy();
    expect(harness.published).toEqual([{ name: 'session.expired', payload: {} }]);
  });

  it('lists First name before Last name whatever order the server sends', async () => {
    const body = profileBody();
    body.attributes = [
      { name: 'lastName', value: 'Doe' },
      { name: 'email', value: 'demo@foyer.test' },
      { name: 'firstName', value: 'Jane' },
    ];
    setup(() => ({ status: 200, body }));
    await screen.findByText('Jane');
    expect([...document.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'Jane',
      'demo@foyer.test',
      'Doe',
    ]);
  });

  it('hides Log out when showLogout is false', async () => {
    setup(() => ({ status: 200, body: profileBody() }), { attributes: { showLogout: 'false' } });
    await screen.findByText('demo@foyer.test');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('logs out: logout.action and the not-logged-in pane', async () => {
    const { harness } = setup(() => ({ status: 200, body: profileBody() }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You are not logged in.')).toBeTruthy();
    expect(harness.published.at(-1)).toEqual({ name: 'logout.action', payload: { guid: 'guid-1' } });
  });
});

describe('profile reloads', () => {
  it('on session events delivered from other frames', async () => {
    let email = 'demo@foyer.test';
    const { server, harness } = setup(() => ({ status: 200, body: profileBody('ACTIVE', email) }));
    await screen.findByText('demo@foyer.test');
    email = 'new@foyer.test';
    saveSession(harness.storage, SESSION);
    act(() => harness.services.events.emit({ name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1' } }));
    expect(await screen.findByText('new@foyer.test')).toBeTruthy();
    // Events the profile does not care about change nothing.
    act(() => harness.services.events.emit({ name: 'registration.cancelled', payload: {} }));
    expect(server.requests).toHaveLength(2);
  });

  it('on logout.action from another frame: the shared session is gone', async () => {
    const { harness } = setup(() => ({ status: 200, body: profileBody() }));
    await screen.findByText('demo@foyer.test');
    act(() => harness.services.events.emit({ name: 'logout.action', payload: { guid: 'guid-1' } }));
    expect(await screen.findByText('You are not logged in.')).toBeTruthy();
  });

  it('on the refresh timer (refreshInterval seconds)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = setup(() => ({ status: 200, body: profileBody() }), { attributes: { refreshInterval: '60' } });
    await screen.findByText('demo@foyer.test');
    expect(server.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.requests).toHaveLength(2);
  });
});
