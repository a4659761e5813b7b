import { describe, expect, it } from 'vitest';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, sessionBody, SESSION_ID } from '../../test/harness';
import { socialLink, socialLogin, socialRegister, socialUnlink } from './socialThunks';

const TICKET = 't'.repeat(43);
const linked = { status: 200, body: { profiles: {}, hasPassword: false } };

describe('social sign-in events', () => {
  // In the modal, login.success closes it and ends the frame's connection: what comes after is lost.
  it.each([
    ['a registration', 'socialRegister.success', 'POST /social/twitter/register', 201],
    ['a sign-in', 'socialLogin.success', 'POST /social/twitter/session', 200],
  ] as const)('%s publishes its own success before login.success', async (_, name, route, status) => {
    const server = fakeIdentityServer({
      [route]: () => ({ status, body: sessionBody() }),
      'GET /social/guid-1': () => linked,
    });
    const h = makeHarness({ fetch: server.fetch });
    const result = await h.store.dispatch(
      name === 'socialRegister.success'
        ? socialRegister({ network: 'twitter', ticket: TICKET, attributes: [{ name: 'email', value: 'x@y.test' }] })
        : socialLogin({ network: 'twitter', ticket: TICKET, autoRegister: false, autoPopulate: true }),
    );
    expect(result.ok).toBe(true);
    const names = h.published.map((event) => event.name);
    expect(names.indexOf(name)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(name)).toBeLessThan(names.indexOf('login.success'));
    expect(h.published.find((event) => event.name === name)?.payload).toEqual({ guid: 'guid-1', network: 'twitter' });
  });
});

describe('a social registration with an address the network did not vouch for', () => {
  it('answers that the activation was mailed; no session is kept and nobody is logged in', async () => {
    const server = fakeIdentityServer({
      'POST /social/twitter/register': () => ({ status: 202, body: { guid: 'guid-2', state: 'INACTIVE' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    const result = await h.store.dispatch(
      socialRegister({ network: 'twitter', ticket: TICKET, attributes: [{ name: 'email', value: 'typed@y.test' }] }),
    );
    expect(result).toEqual({ ok: true, activationMailed: true });
    expect(h.store.getState().session.loggedIn).toBe(false);
    expect(h.published.map((event) => event.name)).toEqual(['socialRegister.success']);
    expect(h.published[0]?.payload).toEqual({ guid: 'guid-2', network: 'twitter' });
  });
});

const SIGNED_IN = { guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false };
const googleLinked = {
  status: 200,
  body: { hasPassword: true, profiles: { GOOGLE: { network: 'google', socialUserId: 'g-1', linkedAt: 1 } } },
};

describe('a link or an unlink that succeeds refreshes the session (identity spec §4)', () => {
  it('link: session.refresh, socialSession.refresh, then socialLink.success (a modal closes on the last)', async () => {
    const server = fakeIdentityServer({ 'POST /social/guid-1/google/link': () => googleLinked });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: sessionStateFrom(SIGNED_IN) } });
    expect((await h.store.dispatch(socialLink({ network: 'google', ticket: TICKET }))).ok).toBe(true);
    expect(h.published).toEqual([
      { name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1' } },
      { name: 'socialSession.refresh', payload: { linked: ['GOOGLE'] } },
      { name: 'socialLink.success', payload: { guid: 'guid-1', network: 'google' } },
    ]);
  });

  it('unlink: session.refresh first, socialUnlink.success last; the session id only when the site exposes it', async () => {
    const server = fakeIdentityServer({
      'POST /social/guid-1/facebook/unlink': () => googleLinked,
    });
    const h = makeHarness({
      fetch: server.fetch,
      settings: { exposeSessionId: true },
      preloaded: { session: sessionStateFrom(SIGNED_IN) },
    });
    expect((await h.store.dispatch(socialUnlink('facebook'))).ok).toBe(true);
    expect(h.published).toEqual([
      { name: 'session.refresh', payload: { loggedIn: true, guid: 'guid-1', sessionId: SESSION_ID } },
      { name: 'socialSession.refresh', payload: { linked: ['GOOGLE'] } },
      { name: 'socialUnlink.success', payload: { guid: 'guid-1', network: 'facebook' } },
    ]);
  });

  it('a failed link or unlink refreshes nothing', async () => {
    const refused = () => ({ status: 409, body: { code: 'SOCIAL_ACCOUNT_ALREADY_LINKED' } });
    const server = fakeIdentityServer({
      'POST /social/guid-1/google/link': refused,
      'POST /social/guid-1/google/unlink': refused,
    });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: sessionStateFrom(SIGNED_IN) } });
    await h.store.dispatch(socialLink({ network: 'google', ticket: TICKET }));
    await h.store.dispatch(socialUnlink('google'));
    expect(h.published.map((event) => event.name)).toEqual(['socialLink.failed', 'socialUnlink.failed']);
  });
});

describe('a social sign-in or registration that fails refreshes the social session (identity spec §4)', () => {
  const refused = () => ({ status: 403, body: { code: 'SOCIAL_TICKET_INVALID' } });

  it('nobody signed in: failed, then socialSession.refresh with nothing linked', async () => {
    const server = fakeIdentityServer({
      'POST /social/twitter/session': refused,
      'POST /social/twitter/register': refused,
    });
    const h = makeHarness({ fetch: server.fetch });
    await h.store.dispatch(
      socialLogin({ network: 'twitter', ticket: TICKET, autoRegister: false, autoPopulate: true }),
    );
    await h.store.dispatch(
      socialRegister({ network: 'twitter', ticket: TICKET, attributes: [{ name: 'email', value: 'x@y.test' }] }),
    );
    expect(h.published.map((event) => event.name)).toEqual([
      'socialLogin.failed',
      'socialSession.refresh',
      'socialRegister.failed',
      'socialSession.refresh',
    ]);
    expect(h.published[1]?.payload).toEqual({ linked: [] });
  });

  it('someone signed in: the refresh names what that account has linked', async () => {
    const server = fakeIdentityServer({
      'POST /social/twitter/session': refused,
      'GET /social/guid-1': () => googleLinked,
    });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: sessionStateFrom(SIGNED_IN) } });
    await h.store.dispatch(
      socialLogin({ network: 'twitter', ticket: TICKET, autoRegister: false, autoPopulate: true }),
    );
    expect(h.published.map((event) => event.name)).toEqual(['socialLogin.failed', 'socialSession.refresh']);
    expect(h.published[1]?.payload).toEqual({ linked: ['GOOGLE'] });
  });

  it('no linked account yet is not a failure: no refresh, the widget goes on to registration', async () => {
    const server = fakeIdentityServer({
      'POST /social/twitter/session': () => ({ status: 404, body: { code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    await h.store.dispatch(
      socialLogin({ network: 'twitter', ticket: TICKET, autoRegister: false, autoPopulate: true }),
    );
    expect(h.published).toEqual([]);
  });
});

describe('social registration: roles and rolesToAssign (identity spec §3, §5)', () => {
  it('go with the attributes; a value that is not a list is refused before the call', async () => {
    const server = fakeIdentityServer({
      'POST /social/twitter/register': () => ({ status: 202, body: { guid: 'guid-2', state: 'INACTIVE' } }),
    });
    const h = makeHarness({ fetch: server.fetch });
    const attributes = [{ name: 'email', value: 'x@y.test' }];
    await h.store.dispatch(
      socialRegister({
        network: 'twitter',
        ticket: TICKET,
        attributes,
        roles: ['newsletter'],
        rolesToAssign: ['beta'],
      }),
    );
    expect(server.requests[0]?.body).toMatchObject({ attributes, roles: ['newsletter'], rolesToAssign: ['beta'] });

    const refused = await h.store.dispatch(
      socialRegister({ network: 'twitter', ticket: TICKET, attributes, roles: 'newsletter' as unknown as string[] }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'SOCIAL_ATTRIBUTES_NOT_PAIRS' } });
    expect(server.requests).toHaveLength(1);
  });
});
