import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness, SESSION_ID } from '../../test/harness';
import { loadProfile } from './loadProfile';
import { sessionStarted, sessionStateFrom } from './sessionSlice';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };
const profileBody = (guid: string) => ({ guid, attributes: [], roles: [], services: [], state: 'ACTIVE' });

function deferred() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

describe('profile loads', () => {
  it('sends one request for the same account however often a load is asked for meanwhile', async () => {
    const { gate, release } = deferred();
    const server = fakeIdentityServer({
      'GET /userProfile/guid-1': async () => {
        await gate;
        return { status: 200, body: profileBody('guid-1') };
      },
    });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: sessionStateFrom(SESSION) } });
    const first = h.store.dispatch(loadProfile('guid-1'));
    const second = h.store.dispatch(loadProfile('guid-1'));
    release();
    await Promise.all([first, second]);
    expect(server.requests).toHaveLength(1);
    expect(h.store.getState().profile).toMatchObject({ state: 'available', status: 'succeeded' });
    expect(h.published).toEqual([{ name: 'profile.loaded', payload: { guid: 'guid-1', state: 'ACTIVE' } }]);
  });

  it('drops the answer for an account the session no longer has', async () => {
    const { gate, release } = deferred();
    const server = fakeIdentityServer({
      'GET /userProfile/guid-1': async () => {
        await gate;
        return { status: 200, body: profileBody('guid-1') };
      },
    });
    const h = makeHarness({ fetch: server.fetch, preloaded: { session: sessionStateFrom(SESSION) } });
    const running = h.store.dispatch(loadProfile('guid-1'));
    h.store.dispatch(sessionStarted({ ...SESSION, guid: 'guid-2' }));
    release();
    await running;
    expect(h.store.getState().profile).toMatchObject({ state: 'none', data: null });
    expect(h.published).toEqual([]);
  });
});
