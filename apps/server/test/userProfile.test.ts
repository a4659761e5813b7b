import { formatAuthorization, userProfileSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, extendedSeed, loginOk, profileAuth, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ seed: extendedSeed() });
});
afterAll(() => server.close());

function getProfile(guid: string, authorization?: string, query = '') {
  return server.app.inject({
    method: 'GET',
    url: `/ic/api/userProfile/${guid}${query}`,
    headers: authorization ? { authorization } : {},
  });
}

describe('GET /userProfile/:id', () => {
  it('returns the session user’s profile, without secrets', async () => {
    const session = await loginOk(server);
    const response = await getProfile(session.guid, profileAuth(session.mainSession.sessionId), '?serviceName=demo');
    expect(response.statusCode).toBe(200);
    const profile = userProfileSchema.parse(response.json());
    expect(profile).toEqual({
      guid: session.guid,
      attributes: expect.arrayContaining([
        { name: 'email', value: DEMO.email },
        { name: 'firstName', value: 'Demo' },
        { name: 'lastName', value: 'Visitor' },
      ]),
      roles: [],
      services: ['demo'],
      state: 'ACTIVE',
    });
    expect(profile.attributes).toHaveLength(3);
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('needs an Authorization header with a session: 401 UNAUTHORIZED', async () => {
    const session = await loginOk(server);
    const none = await getProfile(session.guid);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'You need to be logged in to use this widget',
      args: [],
    });
    expect((await getProfile(session.guid, formatAuthorization({ serviceName: 'demo' }))).json().code).toBe(
      'UNAUTHORIZED',
    );
    expect((await getProfile(session.guid, `Bearer ${session.mainSession.sessionId}`)).json().code).toBe(
      'UNAUTHORIZED',
    );
    const unknown = await getProfile(session.guid, profileAuth('made-up-session'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses another user’s profile: 403 FORBIDDEN', async () => {
    const demo = await loginOk(server);
    const other = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const response = await getProfile(other.guid, profileAuth(demo.mainSession.sessionId));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('returns a LOCKED account with state LOCKED', async () => {
    const session = await loginOk(server, 'other@foyer.test', 'right-password-1');
    await server.db.query("UPDATE user_profiles SET state = 'LOCKED' WHERE guid = $1", [session.guid]);
    const response = await getProfile(session.guid, profileAuth(session.mainSession.sessionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'LOCKED', roles: ['reader'] });
    await server.db.query("UPDATE user_profiles SET state = 'ACTIVE' WHERE guid = $1", [session.guid]);
  });

  it('answers REQUIRED_ATTRIBUTE_MISSING (403) for a service whose attributes the profile lacks', async () => {
    const session = await loginOk(server);
    const response = await getProfile(
      session.guid,
      profileAuth(session.mainSession.sessionId, 'news'),
      '?serviceName=news',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'REQUIRED_ATTRIBUTE_MISSING', args: ['phone'] });
  });

  it('answers SERVICE_NOT_FOUND for an unknown serviceName and VALIDATION_FAILED for an empty one', async () => {
    const session = await loginOk(server);
    const auth = profileAuth(session.mainSession.sessionId);
    const unknown = await getProfile(session.guid, auth, '?serviceName=ghost');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND', args: ['ghost'] });
    const empty = await getProfile(session.guid, auth, '?serviceName=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['query.serviceName'] });
  });

  it('stops working after logout', async () => {
    const session = await loginOk(server);
    const auth = profileAuth(session.mainSession.sessionId);
    expect((await getProfile(session.guid, auth)).statusCode).toBe(200);
    await server.app.inject({ method: 'DELETE', url: `/ic/api/session/${session.mainSession.sessionId}` });
    expect((await getProfile(session.guid, auth)).statusCode).toBe(401);
  });
});
