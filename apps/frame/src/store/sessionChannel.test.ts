import { describe, expect, it, vi } from 'vitest';
import { makeHarness, SESSION_ID } from '../test/harness';
import { openSessionChannel } from './sessionChannel';
import { sessionStateFrom } from './sessionSlice';
import { adoptSession, syncSessionFromStorage } from './sessionThunks';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };

describe('session channel (frames whose storage the browser blocks)', () => {
  it('announces a session to the other frames and answers a frame that asks', async () => {
    const received = vi.fn();
    const a = openSessionChannel(received, () => SESSION);
    const b = openSessionChannel(received, () => null);
    try {
      b?.announce(null);
      await vi.waitFor(() => expect(received).toHaveBeenCalledWith(null));
      received.mockClear();
      b?.request(); // a answers with its session
      await vi.waitFor(() => expect(received).toHaveBeenCalledWith(SESSION));
    } finally {
      a?.close();
      b?.close();
    }
  });

  it('adopts an announced session and a logout', () => {
    const h = makeHarness();
    h.store.dispatch(adoptSession(SESSION));
    expect(h.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-1' });
    h.store.dispatch(adoptSession(null));
    expect(h.store.getState().session.loggedIn).toBe(false);
  });

  it('does not mistake blocked storage for a logout', () => {
    const h = makeHarness({ preloaded: { session: sessionStateFrom(SESSION) } });
    h.services.storage.tab = null;
    h.services.storage.persistent = null;
    h.store.dispatch(syncSessionFromStorage());
    expect(h.store.getState().session.loggedIn).toBe(true);
  });
});
