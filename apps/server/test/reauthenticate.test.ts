import { formatAuthorization, sessionResponseSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, extendedSeed, loginBody, loginOk, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ seed: extendedSeed(), loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());

function reauthenticate(sessionId: string, email = DEMO.email, password = DEMO.password) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/session/${sessionId}`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId }) },
    payload: loginBody(email, password),
  });
}

describe('POST /session/:id (re-authentication, identity spec §7)', () => {
  it('answers the same main session refreshed and a new secure session', async () => {
    const first = await loginOk(server);
    const response = await reauthenticate(first.mainSession.sessionId);
    expect(response.statusCode).toBe(200);
    const body = sessionResponseSchema.parse(response.json());
    expect(body.guid).toBe(first.guid);
    expect(body.mainSession.sessionId).toBe(first.mainSession.sessionId);
    expect(body.mainSession.expiry).toBeGreaterThanOrEqual(first.mainSession.expiry);
    expect(body.secureSession?.sessionId).toBeTruthy();
    expect(body.secureSession?.sessionId).not.toBe(first.secureSession?.sessionId);
  });

  it('a wrong password, another account or an ended session: the login failure, nothing more', async () => {
    const session = await loginOk(server);
    const wrong = await reauthenticate(session.mainSession.sessionId, DEMO.email, 'not-the-password');
    const other = await reauthenticate(session.mainSession.sessionId, 'other@foyer.test', 'right-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(other.statusCode).toBe(401);
    expect(other.body).toBe(wrong.body);
    expect(wrong.json().code).toBe('IDENTIFIERS_INVALID');

    const ended = await loginOk(server);
    const logout = await server.app.inject({
      method: 'DELETE',
      url: `/ic/api/session/${ended.mainSession.sessionId}`,
      headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: ended.mainSession.sessionId }) },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const gone = await reauthenticate(ended.mainSession.sessionId);
    expect(gone.statusCode).toBe(401);
    expect(gone.body).toBe(wrong.body);
  });
});
