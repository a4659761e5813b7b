import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { SESSION_LIFETIMES } from '../src/security/sessions';
import { loginOk, profileAuth, testClock, testServer } from './helpers';

const HOUR = 3600_000;
const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ now: clock.now });
});
afterAll(() => server.close());

const refresh = (sessionId: string) => server.app.inject({ method: 'GET', url: `/ic/api/session/${sessionId}` });

describe('session expiry', () => {
  it('uses 2 h idle and 12 h absolute lifetimes, 30 days with rememberMe, 15 min / 1 h for the secure session', () => {
    expect(SESSION_LIFETIMES).toEqual({
      idle: 2 * HOUR,
      absolute: 12 * HOUR,
      rememberMeIdle: 30 * 24 * HOUR,
      rememberMeAbsolute: 30 * 24 * HOUR,
      secureIdle: HOUR / 4,
      secureAbsolute: HOUR,
    });
  });

  it('the secure session expires after 15 min without use, and after 1 h however used', async () => {
    const session = await loginOk(server);
    // Used where the spec uses it (edit profile reads the profile with it); it is no main session.
    const useSecure = () =>
      server.app.inject({
        method: 'GET',
        url: `/ic/api/userProfile/${session.guid}`,
        headers: { authorization: profileAuth(session.secureSession!.sessionId) },
      });
    expect(session.secureSession!.expiry).toBe(clock.now() + HOUR / 4);
    for (let minute = 10; minute <= 50; minute += 10) {
      clock.advance(10 * 60_000);
      expect((await useSecure()).statusCode).toBe(200);
    }
    clock.advance(10 * 60_000);
    // Secure mode ends, not the login: the frame asks for the password again.
    expect((await useSecure()).json().code).toBe('secure_session_expired');
    // The main session lives on.
    const main = await server.app.inject({ method: 'GET', url: `/ic/api/session/${session.mainSession.sessionId}` });
    expect(main.statusCode).toBe(200);
  });

  it('expires after 2 h without use', async () => {
    const session = await loginOk(server);
    expect(session.mainSession.expiry).toBe(clock.now() + 2 * HOUR);
    clock.advance(2 * HOUR - 1);
    expect((await refresh(session.mainSession.sessionId)).statusCode).toBe(200);
    const other = await loginOk(server);
    clock.advance(2 * HOUR);
    const expired = await refresh(other.mainSession.sessionId);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'SESSION_HAS_EXPIRED', args: [] });
  });

  it('moves the idle expiry forward on every use', async () => {
    const session = await loginOk(server);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(HOUR + 30 * 60_000);
      const response = await refresh(session.mainSession.sessionId);
      expect(response.statusCode).toBe(200);
      expect(response.json().mainSession.expiry).toBe(clock.now() + 2 * HOUR);
    }
  });

  it('ends at the absolute expiry (12 h) however often it is used, and never promises more', async () => {
    const start = clock.now();
    const session = await loginOk(server);
    let last = 0;
    while (clock.now() < start + 12 * HOUR - HOUR) {
      clock.advance(HOUR);
      const response = await refresh(session.mainSession.sessionId);
      expect(response.statusCode).toBe(200);
      last = response.json().mainSession.expiry;
      expect(last).toBeLessThanOrEqual(start + 12 * HOUR);
    }
    expect(last).toBe(start + 12 * HOUR);
    clock.advance(start + 12 * HOUR - clock.now());
    const expired = await refresh(session.mainSession.sessionId);
    expect(expired.json().code).toBe('SESSION_HAS_EXPIRED');
  });

  it('keeps a rememberMe session for 30 days of inactivity, not longer', async () => {
    const session = await loginOk(server, undefined, undefined, { rememberMe: true });
    clock.advance(29 * 24 * HOUR);
    expect((await refresh(session.mainSession.sessionId)).statusCode).toBe(200);
    clock.advance(24 * HOUR);
    expect((await refresh(session.mainSession.sessionId)).json().code).toBe('SESSION_HAS_EXPIRED');
  });

  it('answers SESSION_HAS_EXPIRED on the profile of an expired session', async () => {
    const session = await loginOk(server);
    clock.advance(3 * HOUR);
    const response = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_HAS_EXPIRED');
  });

  it('logout works on an expired session too, and removes it', async () => {
    const session = await loginOk(server);
    clock.advance(3 * HOUR);
    const url = `/ic/api/session/${session.mainSession.sessionId}`;
    expect((await server.app.inject({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await refresh(session.mainSession.sessionId)).json().code).toBe('SESSION_NOT_FOUND');
  });
});
