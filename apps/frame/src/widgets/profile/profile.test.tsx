import '../../test/setup';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { profileAttributesSchema } from '@foyer/protocol';
import { loadLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { saveSession } from '../../app/store/sessionStorage';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Reply } from '../../test/harness';
import ProfileWidget from './index';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };

function profileBody(state: 'ACTIVE' | 'LOCKED' = 'ACTIVE', email = 'demo@foyer.test') {
  return { guid: 'guid-1', attributes: [{ name: 'email', value: email }], roles: [], services: ['demo'], state };
}

function setup(
  reply: () => Reply,
  options: { loggedIn?: boolean; attributes?: Record<string, string>; template?: unknown } = {},
) {
  const server = fakeIdentityServer({
    'GET /userProfile/guid-1': reply,
    [`DELETE /session/${SESSION_ID}`]: () => ({ status: 204 }),
    ...(options.template ? { 'GET /ui/template/profile/demo': () => ({ status: 200, body: options.template }) } : {}),
  });
  const attributes = profileAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    preloaded: options.loggedIn === false ? {} : { session: sessionStateFrom(SESSION) },
  });
  renderWith(harness, <ProfileWidget attributes={attributes} />);
  // The profile's own requests (the template of labels and types is asked once, besides).
  const profileRequests = () => server.requests.filter((request) => request.path.startsWith('/userProfile/'));
  return { server, harness, profileRequests };
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
    const { harness, profileRequests } = setup(() => ({ status: 200, body: profileBody('ACTIVE', email) }));
    await screen.findByText('demo@foyer.test');
    email = 'new@foyer.test';
    saveSession(harness.storage, SESSION);
    act(() => harness.services.events.emit({ name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1' } }));
    expect(await screen.findByText('new@foyer.test')).toBeTruthy();
    // Events the profile does not care about change nothing.
    act(() => harness.services.events.emit({ name: 'registration.cancelled', payload: {} }));
    expect(profileRequests()).toHaveLength(2);
  });

  it('on logout.action from another frame: the shared session is gone', async () => {
    const { harness } = setup(() => ({ status: 200, body: profileBody() }));
    await screen.findByText('demo@foyer.test');
    act(() => harness.services.events.emit({ name: 'logout.action', payload: { guid: 'guid-1' } }));
    expect(await screen.findByText('You are not logged in.')).toBeTruthy();
  });

  it('on the refresh timer (refreshInterval seconds)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { profileRequests } = setup(() => ({ status: 200, body: profileBody() }), {
      attributes: { refreshInterval: '60' },
    });
    await screen.findByText('demo@foyer.test');
    expect(profileRequests()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(profileRequests()).toHaveLength(2);
  });
});

// Issue 32, item 17: each attribute with its template label and its value read for its type.
describe('profile widget attribute types', () => {
  const TEMPLATE = {
    identifiers: [{ name: 'email', label: 'Email', type: 'STRING' }],
    validators: [],
    attributes: [
      { name: 'newsletter', label: 'Weekly newsletter', type: 'BOOLEAN' },
      { name: 'offers', label: 'Partner offers', type: 'BOOLEAN' },
      { name: 'children', label: 'Children', type: 'NUMERIC' },
      { name: 'income', label: 'Income', type: 'NUMERIC' },
      { name: 'birthDate', label: 'Birth date', type: 'DATE' },
      { name: 'lastVisit', label: 'Last visit', type: 'DATE_TIME' },
      {
        name: 'topics',
        label: 'Topics',
        type: 'STRING',
        options: [
          { value: 'sport', caption: 'Sport' },
          { value: 'news', caption: 'News' },
        ],
      },
      { name: 'nickname', label: 'Nickname', type: 'STRING' },
    ],
  };
  const body = () => ({
    ...profileBody(),
    attributes: [
      { name: 'email', value: 'demo@foyer.test' },
      { name: 'newsletter', value: 'true' },
      { name: 'offers', value: 'false' },
      { name: 'children', value: '2' },
      { name: 'income', value: '1234.5' },
      { name: 'birthDate', value: '1990-03-12' },
      { name: 'lastVisit', value: '2026-11-29T14:30' },
      { name: 'topics', value: 'sport,news' },
      { name: 'nickname', value: 'true' },
      { name: 'internalCode', value: 'X-1' },
    ],
  });
  const rows = () =>
    [...document.querySelectorAll('.profile-attributes > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);

  afterEach(async () => {
    await act(() => loadLocale('en'));
  });

  it('shows labels, Yes/No, numbers, dates and captions, not raw names and values', async () => {
    setup(() => ({ status: 200, body: body() }), { template: TEMPLATE });
    await screen.findByText('Weekly newsletter');
    expect(rows()).toEqual([
      ['Email', 'demo@foyer.test'],
      ['Weekly newsletter', 'Yes'],
      ['Partner offers', 'No'],
      ['Children', '2'],
      ['Income', '1,234.5'],
      ['Birth date', 'March 12, 1990'],
      ['Last visit', 'November 29, 2026 at 2:30 PM'],
      ['Topics', 'Sport, News'],
      // A STRING is shown as stored, whatever it looks like.
      ['Nickname', 'true'],
      // Not in the service's template: its name and value as stored.
      ['internalCode', 'X-1'],
    ]);
    expect(screen.queryByText('newsletter')).toBeNull();
  });

  it('in the visitor’s language: Sí/Não, and dates and numbers as es and pt-BR write them', async () => {
    await act(() => loadLocale('es'));
    setup(() => ({ status: 200, body: body() }), { template: TEMPLATE });
    await screen.findByText('Weekly newsletter');
    expect(Object.fromEntries(rows())).toMatchObject({
      'Weekly newsletter': 'Sí',
      'Partner offers': 'No',
      Income: '1234,5',
      // A label the frame translates by name (en.ts TemplateName) is in the visitor's language too.
      'Fecha de nacimiento': '12 de marzo de 1990',
    });
    cleanup();
    await act(() => loadLocale('pt-BR'));
    setup(() => ({ status: 200, body: body() }), { template: TEMPLATE });
    await screen.findByText('Weekly newsletter');
    expect(Object.fromEntries(rows())).toMatchObject({
      'Weekly newsletter': 'Sim',
      'Partner offers': 'Não',
      Income: '1.234,5',
      'Data de nascimento': '12 de março de 1990',
    });
  });

  it('without the template (refused): names and values as stored, nothing hidden', async () => {
    setup(() => ({ status: 200, body: body() }));
    await screen.findByText('newsletter');
    expect(Object.fromEntries(rows())).toMatchObject({ newsletter: 'true', Email: 'demo@foyer.test' });
  });
});
