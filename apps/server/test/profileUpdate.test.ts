import { sessionResponseSchema, userProfileSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, extendedSeed, login, loginOk, profileAuth, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  const seed = extendedSeed();
  seed.services = seed.services.map((service) =>
    service.name === 'demo' ? { ...service, assignableRoles: ['newsletter', 'beta'] } : service,
  );
  server = await testServer({ seed, identifierSearchPerMinute: 5 });
});
afterAll(() => server.close());

function put(url: string, sessionId: string | null, payload: object, serviceName = 'demo') {
  return server.app.inject({
    method: 'PUT',
    url: `/ic/api${url}`,
    headers: sessionId ? { authorization: profileAuth(sessionId, serviceName) } : {},
    payload,
  });
}
const attr = (profile: { attributes: { name: string; value: string }[] }, name: string) =>
  profile.attributes.find((a) => a.name === name)?.value;

describe('PUT /userProfile/:id', () => {
  it('updates attributes, removes emptied optional ones and returns the profile', async () => {
    const session = await loginOk(server);
    const sid = session.mainSession.sessionId;
    const response = await put(`/userProfile/${session.guid}`, sid, {
      attributes: [
        { name: 'firstName', value: ' Grace ' },
        { name: 'birthDate', value: '1906-12-09' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const profile = userProfileSchema.parse(response.json());
    expect(attr(profile, 'firstName')).toBe('Grace');
    expect(attr(profile, 'birthDate')).toBe('1906-12-09');
    expect(attr(profile, 'lastName')).toBe('Visitor');

    const cleared = userProfileSchema.parse(
      (await put(`/userProfile/${session.guid}`, sid, { attributes: [{ name: 'birthDate', value: '' }] })).json(),
    );
    expect(attr(cleared, 'birthDate')).toBeUndefined();
  });

  it('refuses emptying a mandatory attribute, bad values and unknown attributes', async () => {
    const session = await loginOk(server);
    const sid = session.mainSession.sessionId;
    const empty = await put(`/userProfile/${session.guid}`, sid, { attributes: [{ name: 'lastName', value: ' ' }] });
    expect(empty.json()).toEqual({
      code: 'general_attribute_mandatory',
      message: 'Last name is mandatory.',
      args: ['Last name'],
    });
    const bad = await put(`/userProfile/${session.guid}`, sid, { attributes: [{ name: 'birthDate', value: 'soon' }] });
    expect(bad.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Birth date'] });
    const unknown = await put(`/userProfile/${session.guid}`, sid, { attributes: [{ name: 'password', value: 'x' }] });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['attributes.password'] });
  });

  it('refuses a taken identifier with 409 (after the password proof) and its own address differently spelled is no change', async () => {
    const session = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const sid = session.mainSession.sessionId;
    const taken = await put(`/userProfile/${session.guid}`, sid, {
      attributes: [{ name: 'email', value: 'DEMO@foyer.test' }],
      currentPassword: 'right-password-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DUPLICATE_IDENTIFIERS_FOUND');
    // Its own address, differently spelled, is not a duplicate, nor a change that needs the password.
    expect(
      (await put(`/userProfile/${session.guid}`, sid, { attributes: [{ name: 'email', value: 'Other@foyer.test' }] }))
        .statusCode,
    ).toBe(200);
    expect((await login(server, 'other@foyer.test', 'right-password-1')).statusCode).toBe(200);
  });

  it('assigns and unassigns only the service’s assignable roles', async () => {
    const session = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const sid = session.mainSession.sessionId;
    const assigned = await put(`/userProfile/${session.guid}`, sid, { rolesToAssign: ['newsletter', 'beta'] });
    expect(assigned.json().roles).toEqual(['reader', 'newsletter', 'beta']);
    const unassigned = await put(`/userProfile/${session.guid}`, sid, { rolesToUnAssign: ['beta'] });
    expect(unassigned.json().roles).toEqual(['reader', 'newsletter']);
    // `roles` replaces the assignable ones and keeps the others.
    expect((await put(`/userProfile/${session.guid}`, sid, { roles: ['beta'] })).json().roles).toEqual([
      'reader',
      'beta',
    ]);
    const admin = await put(`/userProfile/${session.guid}`, sid, { rolesToAssign: ['admin'] });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('FORBIDDEN');
    expect((await put(`/userProfile/${session.guid}`, sid, { rolesToUnAssign: ['reader'] })).statusCode).toBe(403);
  });

  it('is only for the session’s own user', async () => {
    const demo = await loginOk(server);
    const other = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const payload = { attributes: [{ name: 'firstName', value: 'Mallory' }] };
    expect((await put(`/userProfile/${other.guid}`, demo.mainSession.sessionId, payload)).json().code).toBe(
      'FORBIDDEN',
    );
    expect((await put(`/userProfile/${other.guid}`, null, payload)).json().code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /userProfile/:id/:service and POST /userProfile/:id/link/:service', () => {
  it('202 on login, REQUIRED_ATTRIBUTE_MISSING on link, then the phone is given and the service is linked', async () => {
    const loginResponse = await login(server, DEMO.email, DEMO.password, { serviceName: 'demo-strict' });
    expect(loginResponse.statusCode).toBe(202);
    const session = sessionResponseSchema.parse(loginResponse.json());
    expect(session.missingAttributes).toEqual(['phone']);
    const sid = session.mainSession.sessionId;
    const link = () =>
      server.app.inject({
        method: 'POST',
        url: `/ic/api/userProfile/${session.guid}/link/demo-strict`,
        headers: { authorization: profileAuth(sid, 'demo-strict') },
      });

    const refused = await link();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REQUIRED_ATTRIBUTE_MISSING', args: ['phone'] });

    const phone = { attributes: [{ name: 'phone', value: '+1 555 0100' }] };
    // Through the plain update with the demo service, phone is not part of the form.
    expect((await put(`/userProfile/${session.guid}`, sid, phone)).json().code).toBe('VALIDATION_FAILED');
    const updated = await put(`/userProfile/${session.guid}/demo-strict`, sid, phone, 'demo-strict');
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ services: ['demo', 'demo-strict'] });
    expect(attr(updated.json(), 'phone')).toBe('+1 555 0100');

    const linked = await link();
    expect(linked.statusCode).toBe(200);
    expect(linked.json().services).toEqual(['demo', 'demo-strict']);
    expect((await login(server, DEMO.email, DEMO.password, { serviceName: 'demo-strict' })).statusCode).toBe(200);
  });

  it('links a user who already has what the service needs, and refuses unknown services', async () => {
    const session = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const post = (service: string) =>
      server.app.inject({
        method: 'POST',
        url: `/ic/api/userProfile/${session.guid}/link/${service}`,
        // A frame of that service links the account to its service.
        headers: { authorization: profileAuth(session.mainSession.sessionId, service) },
      });
    expect((await post('news')).json().services).toEqual(['demo', 'news']);
    expect((await post('ghost')).json()).toMatchObject({ code: 'SERVICE_NOT_FOUND', args: ['ghost'] });
  });
});

describe('GET /userProfile/searchByIdentifiers/:identifierKey', () => {
  const search = (value: string, remoteAddress = '198.51.100.1') =>
    server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/searchByIdentifiers/email?realmName=default&value=${encodeURIComponent(value)}`,
      remoteAddress,
    });

  it('answers 200 {exists:true} when taken, 404 USER_PROFILE_IDENTIFIERS_NOT_FOUND when free', async () => {
    const taken = await search(' Demo@Foyer.test');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true });
    const free = await search('free@foyer.test');
    expect(free.statusCode).toBe(404);
    expect(free.json()).toEqual({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
      message: 'This identifier is available.',
      args: [],
    });
  });

  it('limits each address (here 5 a minute) so accounts cannot be enumerated', async () => {
    const address = '198.51.100.2';
    for (let i = 0; i < 5; i += 1) expect((await search(`probe${i}@foyer.test`, address)).statusCode).toBe(404);
    const refused = await search(DEMO.email, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', args: ['1'] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search(DEMO.email, '198.51.100.3')).statusCode).toBe(200);
  });

  it('needs realmName and value', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/ic/api/userProfile/searchByIdentifiers/email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['query.realmName, query.value'] });
  });
});
