import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness, sessionBody } from '../../test/harness';
import { socialLogin, socialRegister } from './socialThunks';

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
