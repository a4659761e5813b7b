import { activationResultSchema, formatAuthorization, templateSchema, userProfileSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import {
  DEMO,
  linkParam,
  login,
  loginOk,
  mailbox,
  profileAuth,
  register,
  registerBody,
  testClock,
  testServer,
} from './helpers';

const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ now: clock.now, siteUrl: 'http://site.test:8080/' });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const activate = (key: string) =>
  server.app.inject({ method: 'POST', url: `/ic/api/userProfileActivationWorkflow/${encodeURIComponent(key)}` });

describe('registration templates', () => {
  it('GET /ui/template/registration/:scheme: email, new password, names and an optional birth date', async () => {
    const response = await get('/ic/api/ui/template/registration/default');
    expect(response.statusCode).toBe(200);
    const template = templateSchema.parse(response.json());
    expect(template.identifiers).toEqual([
      expect.objectContaining({ name: 'email', autocomplete: 'email', inputType: 'email', mandatory: true }),
    ]);
    expect(template.validators).toEqual([
      expect.objectContaining({ name: 'password', autocomplete: 'new-password', inputType: 'password' }),
    ]);
    expect(template.attributes.map((a) => [a.name, a.type, a.mandatory, a.autocomplete])).toEqual([
      ['firstName', 'STRING', true, 'given-name'],
      ['lastName', 'STRING', true, 'family-name'],
      ['birthDate', 'DATE', false, 'bday'],
    ]);
    expect((await get('/ic/api/ui/template/registration/nope')).json()).toMatchObject({
      code: 'AUTHENTICATION_SCHEME_NOT_FOUND',
      args: ['nope'],
    });
  });

  it('…/:scheme/:service adds the attributes the service requires, mandatory', async () => {
    const strict = templateSchema.parse((await get('/ic/api/ui/template/registration/default/demo-strict')).json());
    expect(strict.attributes.at(-1)).toMatchObject({
      name: 'phone',
      label: 'Phone',
      mandatory: true,
      autocomplete: 'tel',
    });
    const demo = templateSchema.parse((await get('/ic/api/ui/template/registration/default/demo')).json());
    expect(demo.attributes.map((a) => a.name)).toEqual(['firstName', 'lastName', 'birthDate']);
    const ghost = await get('/ic/api/ui/template/registration/default/ghost');
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND', args: ['ghost'] });
  });

  it('GET /ui/template/profile/:service: no validators; with a session, that user’s values', async () => {
    const empty = templateSchema.parse((await get('/ic/api/ui/template/profile/demo-strict')).json());
    expect(empty.validators).toEqual([]);
    expect(empty.identifiers[0]).not.toHaveProperty('value');
    expect(empty.attributes.map((a) => a.name)).toEqual(['firstName', 'lastName', 'birthDate', 'phone']);

    const session = await loginOk(server);
    const filled = templateSchema.parse(
      (
        await get('/ic/api/ui/template/profile/demo', { authorization: profileAuth(session.mainSession.sessionId) })
      ).json(),
    );
    expect(filled.identifiers[0]).toMatchObject({ name: 'email', value: DEMO.email });
    expect(filled.attributes.find((a) => a.name === 'firstName')).toMatchObject({ value: 'Demo' });
    expect(filled.attributes.find((a) => a.name === 'birthDate')).not.toHaveProperty('value');

    const stale = await get('/ic/api/ui/template/profile/demo', { authorization: profileAuth('made-up') });
    expect(stale.statusCode).toBe(401);
  });
});

describe('POST /userProfile (register) and activation', () => {
  it('creates an INACTIVE account, mails an activation link to the demo site, and the link activates once', async () => {
    const response = await register(
      server,
      registerBody('  Ada@Example.test ', { extra: [{ name: 'birthDate', value: '1990-12-10' }] }),
    );
    expect(response.statusCode).toBe(201);
    const profile = userProfileSchema.parse(response.json());
    expect(profile).toMatchObject({ state: 'INACTIVE', services: ['demo'], roles: [] });
    expect(profile.attributes).toEqual(
      expect.arrayContaining([
        { name: 'email', value: 'Ada@Example.test' },
        { name: 'firstName', value: 'Ada' },
        { name: 'birthDate', value: '1990-12-10' },
      ]),
    );
    expect(response.body).not.toMatch(/new-password-1|password/);

    // Not yet: the account must be activated first.
    expect((await login(server, 'ada@example.test', 'new-password-1')).json().code).toBe('user_profile_inactive');

    const [mail] = await mailbox(server);
    expect(mail).toMatchObject({ to: 'Ada@Example.test', subject: 'Activate your Foyer demo account' });
    expect(mail!.text).toMatch(
      /^Activate your account: http:\/\/site\.test:8080\/activate\?activationKey=[\w-]{43}&serviceName=demo$/m,
    );
    expect(mail!.html).toContain('href="http://site.test:8080/activate?activationKey=');
    const key = linkParam(mail!, 'activationKey');
    // Only the key's hash is stored.
    expect(await server.db.query('SELECT 1 FROM workflow_keys WHERE key_hash = $1', [key])).toEqual([]);

    const activated = await activate(key);
    expect(activated.statusCode).toBe(200);
    expect(activationResultSchema.parse(activated.json())).toEqual({ guid: profile.guid, state: 'ACTIVE' });
    expect((await login(server, 'ada@example.test', 'new-password-1')).statusCode).toBe(200);

    const again = await activate(key);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'ACTIVATION_KEY_NOT_FOUND' });
    expect((await activate('made-up-key')).json().code).toBe('ACTIVATION_KEY_NOT_FOUND');
  });

  it('lets an activation key expire after 7 days', async () => {
    expect((await register(server, registerBody('late@example.test'))).statusCode).toBe(201);
    const key = linkParam((await mailbox(server))[0]!, 'activationKey');
    clock.advance(7 * 24 * 3600_000 + 1);
    expect((await activate(key)).json().code).toBe('ACTIVATION_KEY_NOT_FOUND');
  });

  // Issue 32, item 11: someone registering hears 'Email already in use!…' (duplicate_user_profile),
  // not 'Account is already associated! Please register a new account.'.
  it('refuses an identifier that is taken, however it is spelled: 409 duplicate_user_profile', async () => {
    const response = await register(server, registerBody(' DEMO@foyer.test'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'duplicate_user_profile',
      message: 'Email already in use! Please log in or use another email address.',
      args: [],
    });
  });

  it('names missing mandatory attributes by label (general_attribute(s)_mandatory)', async () => {
    const body = registerBody('missing@example.test');
    const one = await register(server, { ...body, attributes: body.attributes.filter((a) => a.name !== 'lastName') });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      code: 'general_attribute_mandatory',
      message: 'Last name is mandatory.',
      args: ['Last name'],
    });
    const several = await register(server, {
      ...body,
      attributes: [
        { name: 'email', value: 'missing@example.test' },
        { name: 'firstName', value: '  ' },
      ],
    });
    expect(several.json()).toEqual({
      code: 'general_attributes_mandatory',
      message: 'Password, First name, Last name are mandatory.',
      args: ['Password, First name, Last name'],
    });
  });

  it('refuses a password under 6 characters and badly typed values: ATTRIBUTE_VALIDATION_FAILED', async () => {
    const short = await register(server, registerBody('short@example.test', { password: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Password'] });
    expect((await register(server, registerBody('ok6@example.test', { password: '123456' }))).statusCode).toBe(201);

    const badDate = await register(
      server,
      registerBody('date@example.test', { extra: [{ name: 'birthDate', value: '1990-02-30' }] }),
    );
    expect(badDate.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Birth date'] });
    const badEmail = await register(server, registerBody('not-an-address'));
    expect(badEmail.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Email'] });
  });

  it('refuses attributes the template does not have (no self-made roles or states)', async () => {
    const response = await register(
      server,
      registerBody('sneaky@example.test', { extra: [{ name: 'state', value: 'ACTIVE' }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['attributes.state'] });
  });

  it('asks for the attributes every named service requires, and refuses unknown services', async () => {
    const lacking = await register(server, registerBody('strict@example.test', { services: ['demo', 'demo-strict'] }));
    expect(lacking.json()).toMatchObject({ code: 'general_attribute_mandatory', args: ['Phone'] });
    const complete = await register(
      server,
      registerBody('strict@example.test', {
        services: ['demo', 'demo-strict'],
        extra: [{ name: 'phone', value: '+44 20 7946 0000' }],
      }),
    );
    expect(complete.statusCode).toBe(201);
    expect(complete.json()).toMatchObject({ services: ['demo', 'demo-strict'] });
    const ghost = await register(server, registerBody('ghost@example.test', { services: ['ghost'] }));
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND', args: ['ghost'] });
  });

  it('validates the body with the shared schema', async () => {
    const response = await register(server, { realm: 'default', services: [], attributes: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['services, attributes'] });
  });
});

describe('POST /userProfileActivationWorkflow/resendByIdentifiers', () => {
  const resend = (email: string) =>
    server.app.inject({
      method: 'POST',
      url: '/ic/api/userProfileActivationWorkflow/resendByIdentifiers',
      payload: { realmName: 'default', service: 'demo', identifiers: [{ name: 'email', value: email }] },
    });

  it('answers the same for unknown, active and inactive accounts; only the inactive one gets mail, with a new key', async () => {
    expect((await register(server, registerBody('resend@example.test'))).statusCode).toBe(201);
    const first = linkParam((await mailbox(server))[0]!, 'activationKey');
    const count = (await mailbox(server)).length;

    const answers = [
      await resend('nobody@example.test'),
      await resend(DEMO.email),
      await resend(' RESEND@example.test'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ accepted: true });
    const mails = await mailbox(server);
    expect(mails).toHaveLength(count + 1);
    expect(mails[0]!.to).toBe('resend@example.test');
    const second = linkParam(mails[0]!, 'activationKey');
    expect(second).not.toBe(first);
    // Only the latest mail's link works.
    expect((await activate(first)).statusCode).toBe(404);
    expect((await activate(second)).statusCode).toBe(200);
  });

  it('sends at most 5 activation mails an hour to one account', async () => {
    expect((await register(server, registerBody('flood@example.test'))).statusCode).toBe(201);
    for (let i = 0; i < 8; i += 1) expect((await resend('flood@example.test')).statusCode).toBe(200);
    expect((await mailbox(server)).filter((mail) => mail.to === 'flood@example.test')).toHaveLength(5);
  });
});

describe('GET /dev/mailbox', () => {
  it('lists newest first as JSON and as a page; can be turned off', async () => {
    const mails = await mailbox(server);
    expect(mails.length).toBeGreaterThan(2);
    expect(mails.map((mail) => mail.createdAt)).toEqual([...mails.map((mail) => mail.createdAt)].sort((a, b) => b - a));
    const page = await get('/dev/mailbox.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<a href="http://site.test:8080/activate?activationKey=');

    const off = await testServer({ devMailbox: false, seed: false });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is not part of the identity API', async () => {
    const response = await get('/ic/api/dev/mailbox', { authorization: formatAuthorization({ serviceName: 'demo' }) });
    expect(response.statusCode).toBe(404);
  });
});
