import { profileGroupsSchema, savedProfileSchema, sessionResponseSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { PUBLIC_URL, testServer } from '../helpers';
import { ADDRESS, call, demoSession } from './helpers';

let server: PreparedServer;
beforeAll(async () => {
  server = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());

const address = (group: string, values: Record<string, string>) =>
  Object.entries(values).map(([name, value]) => ({ name: `${group}.${name}`, value }));

function newCustomer(email: string, extra: { name: string; value: string }[] = []) {
  return [
    { name: 'email', value: email },
    { name: 'password', value: 'secret-pass-1' },
    { name: 'confirmPassword', value: 'secret-pass-1' },
    { name: 'firstName', value: 'Ada' },
    { name: 'lastName', value: 'Lovelace' },
    ...extra,
  ];
}

describe('GET /widget/profile/attributeGroups/:serviceName', () => {
  it('gives a visitor authDetails (identifier then validator), personal details and both address groups', async () => {
    const response = await call(server, 'GET', '/widget/profile/attributeGroups/demo');
    expect(response.statusCode).toBe(200);
    const groups = profileGroupsSchema.parse(response.json());
    expect(groups.authDetails!.category).toBe('authDetails');
    expect(groups.authDetails!.attributes.map((field) => field.name)).toEqual(['email', 'password']);
    expect(groups.personalDetails.attributes.map((field) => [field.name, field.mandatory])).toEqual([
      ['firstName', true],
      ['lastName', true],
      ['birthDate', false],
    ]);
    expect(groups.otherDetails[0]!.attributes.map((field) => field.name)).toEqual(['phone']);
    expect(groups.addresses.map((group) => [group.name, group.category])).toEqual([
      ['deliveryAddress', 'address'],
      ['billingAddress', 'address'],
    ]);
    const delivery = groups.addresses[0]!.attributes;
    expect(delivery.find((field) => field.name === 'line1')!.autocomplete).toBe('shipping address-line1');
    expect(groups.addresses[1]!.attributes.find((field) => field.name === 'postalCode')!.autocomplete).toBe(
      'billing postal-code',
    );
    expect(groups.savedAddresses).toEqual([]);
  });

  it('with a session leaves authDetails out and fills the values', async () => {
    const session = await demoSession(server);
    const groups = profileGroupsSchema.parse(
      (await call(server, 'GET', '/widget/profile/attributeGroups/demo', { session, via: 'header' })).json(),
    );
    expect(groups.authDetails).toBeUndefined();
    expect(groups.personalDetails.attributes.find((field) => field.name === 'firstName')!.value).toBe('Demo');
  });

  it('answers SERVICE_NOT_FOUND for an unknown service', async () => {
    const response = await call(server, 'GET', '/widget/profile/attributeGroups/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('SERVICE_NOT_FOUND');
  });
});

describe('POST /widget/profile/:serviceName (no session) and login', () => {
  it('creates an active customer with a delivery address who can log in at once', async () => {
    const created = await call(server, 'POST', '/widget/profile/demo', {
      payload: newCustomer('buyer@foyer.test', address('deliveryAddress', ADDRESS)),
    });
    expect(created.statusCode).toBe(201);
    const profile = savedProfileSchema.parse(created.json());
    expect(profile.attributes).toContainEqual({ name: 'firstName', value: 'Ada' });
    expect(profile.attributes.some((pair) => pair.name === 'password')).toBe(false);
    expect(profile.savedAddresses).toHaveLength(1);
    expect(profile.savedAddresses[0]).toMatchObject({ kind: 'delivery', label: '1 Rue de la Loi, 1000 Brussels, BE' });

    const login = await call(server, 'POST', '/widget/profile/login/demo', {
      payload: {
        identifiers: [{ name: 'email', value: 'buyer@foyer.test' }],
        validators: [{ name: 'password', value: 'secret-pass-1' }],
      },
    });
    expect(login.statusCode).toBe(200);
    const session = sessionResponseSchema.parse(login.json());
    expect(session.guid).toBe(profile.guid);
    // This server's own origin, where seamless sign-in sets the SSO cookie (issue 24).
    expect(login.headers['x-evolok-sso-domains']).toBe(PUBLIC_URL);
  });

  it('refuses a wrong password through the identity login (IDENTIFIERS_INVALID)', async () => {
    const login = await call(server, 'POST', '/widget/profile/login/demo', {
      payload: {
        authenticationSchemeName: 'default',
        realmName: 'default_realm',
        identifiers: [{ name: 'email', value: 'demo@foyer.test' }],
        validators: [{ name: 'password', value: 'wrong-password' }],
      },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('IDENTIFIERS_INVALID');
  });

  it('answers INVALID_FORM naming every missing mandatory field', async () => {
    const response = await call(server, 'POST', '/widget/profile/demo', {
      payload: [
        { name: 'email', value: 'half@foyer.test' },
        { name: 'password', value: 'secret-pass-1' },
        { name: 'firstName', value: '' },
        ...address('deliveryAddress', { line1: 'Somewhere 1' }),
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_FORM');
    expect(body.message).toBe('Invalid profile');
    expect(body.args[0].split(', ')).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'deliveryAddress.fullName',
        'deliveryAddress.city',
        'deliveryAddress.postalCode',
        'deliveryAddress.country',
      ]),
    );
  });

  it('answers INVALID_FORM when the confirm field differs from the validator', async () => {
    const payload = newCustomer('confirm@foyer.test').map((pair) =>
      pair.name === 'confirmPassword' ? { ...pair, value: 'other-pass-1' } : pair,
    );
    const response = await call(server, 'POST', '/widget/profile/demo', { payload });
    expect(response.json()).toMatchObject({ code: 'INVALID_FORM', args: ['confirmPassword'] });
  });

  it('refuses a taken identifier, an unknown field, and a session (which must PUT)', async () => {
    const taken = await call(server, 'POST', '/widget/profile/demo', { payload: newCustomer('demo@foyer.test') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('duplicate_user_profile');
    const unknown = await call(server, 'POST', '/widget/profile/demo', {
      payload: newCustomer('x@foyer.test', [{ name: 'isAdmin', value: 'true' }]),
    });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['profile.isAdmin'] });
    const session = await demoSession(server);
    const withSession = await call(server, 'POST', '/widget/profile/demo', {
      session,
      payload: newCustomer('y@foyer.test'),
    });
    expect(withSession.statusCode).toBe(403);
  });
});

describe('PUT /widget/profile/:serviceName and GET /widget/profile/validate/:serviceName', () => {
  it('requires a session', async () => {
    const put = await call(server, 'PUT', '/widget/profile/demo', { payload: [{ name: 'firstName', value: 'X' }] });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ code: 'not_logged_in', message: 'Not Logged In' });
    const validate = await call(server, 'GET', '/widget/profile/validate/demo');
    expect(validate.json().code).toBe('not_logged_in');
  });

  it('reports a missing delivery address for a delivery product, then accepts the profile once it has one', async () => {
    const session = await demoSession(server);
    const before = await call(server, 'GET', '/widget/profile/validate/demo', {
      session,
      query: { product: ['demo-digital', 'demo-print'] },
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ valid: false, missing: ['deliveryAddress'] });
    const digitalOnly = await call(server, 'GET', '/widget/profile/validate/demo', {
      session,
      query: { product: 'demo-digital' },
    });
    expect(digitalOnly.json()).toEqual({ valid: true, missing: [] });

    const put = await call(server, 'PUT', '/widget/profile/demo', {
      session,
      payload: [{ name: 'phone', value: '+32 2 000 00 00' }, ...address('deliveryAddress', ADDRESS)],
    });
    expect(put.statusCode).toBe(200);
    const saved = savedProfileSchema.parse(put.json());
    expect(saved.attributes).toContainEqual({ name: 'phone', value: '+32 2 000 00 00' });
    expect(saved.savedAddresses.map((entry) => entry.kind)).toEqual(['delivery']);

    const after = await call(server, 'GET', '/widget/profile/validate/demo', {
      session,
      query: { product: ['demo-print'] },
    });
    expect(after.json()).toEqual({ valid: true, missing: [] });
  });

  it('refuses to empty a mandatory attribute and a password in an update', async () => {
    const session = await demoSession(server);
    const emptied = await call(server, 'PUT', '/widget/profile/demo', {
      session,
      payload: [{ name: 'lastName', value: ' ' }],
    });
    expect(emptied.json()).toMatchObject({ code: 'INVALID_FORM', args: ['lastName'] });
    const password = await call(server, 'PUT', '/widget/profile/demo', {
      session,
      payload: [{ name: 'password', value: 'new-secret-1' }],
    });
    expect(password.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers bex0004 when validating for an unknown product', async () => {
    const session = await demoSession(server);
    const response = await call(server, 'GET', '/widget/profile/validate/demo', {
      session,
      query: { product: 'nope' },
    });
    expect(response.json().code).toBe('bex0004');
  });
});
