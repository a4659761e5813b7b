import {
  formatAuthorization,
  passkeyOptionsSchema,
  passkeySchema,
  secondFactorEnrolmentSchema,
  sessionResponseSchema,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type PreparedServer } from '../src/index';
import { eraseAccount } from '../src/admin/accounts/erase';
import { PASSKEY_CEREMONY_LIFETIME_MS } from '../src/identity/passkey-store';
import { FRESH_PROOF_MAX_AGE_MS } from '../src/security/fresh-proof';
import { totpCode } from '../src/security/totp';
import { InvalidRelyingPartyId, relyingPartyOf } from '../src/security/webauthn-rp';
import { seedConfig } from '../src/seed-config';
import { DEMO, extendedSeed, login, loginOk, testClock, testServer } from './helpers';
import { SoftwareAuthenticator, type ClientOverrides } from './webauthn-authenticator';

/** The widgets on a subdomain of a site under a two-label public suffix: rpID is the site's registrable domain. */
const WIDGETS = 'https://id.news-site.co.uk';
const RP_ID = 'news-site.co.uk';
const STEP_UP = { email: 'step-up@foyer.test', password: 'step-up-password-1' };
const NO_PASSKEY = 'no-passkey@foyer.test';
const ERASED = { email: 'erased@foyer.test' };
const TWO_FACTORS = 'two-factors@foyer.test';

let server: PreparedServer;
const clock = testClock();

beforeAll(async () => {
  const seed = extendedSeed();
  seed.services.push({
    name: 'passkeys-first',
    realmName: 'default',
    authenticationSchemeName: 'default',
    displayName: 'Passkeys first',
    requiredAttributes: [],
    allowedHostOrigins: [],
    passkeySignUp: true,
    requireActivation: false,
  });
  // Accounts of their own for the step-up, whose passkeys the other tests do not add to.
  for (const email of [STEP_UP.email, NO_PASSKEY, ERASED.email, TWO_FACTORS]) {
    seed.accounts.push({
      realmName: 'default',
      identifiers: { email },
      password: STEP_UP.password,
      attributes: {},
      roles: [],
      services: ['demo'],
      state: 'ACTIVE',
    });
  }
  server = await testServer({
    seed,
    publicUrl: WIDGETS,
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
  });
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  sessionId?: string,
  payload?: Json,
  service = 'demo',
) {
  return server.app.inject({
    method,
    url: `/ic/api${url}`,
    headers: { authorization: formatAuthorization({ serviceName: service, ...(sessionId ? { sessionId } : {}) }) },
    ...(payload ? { payload } : {}),
  });
}

async function optionsOf(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(200);
  return passkeyOptionsSchema.parse(response.json());
}

/** Logs in with the password and adds a passkey with the login's secure session. */
async function withPasskey(email = DEMO.email, password = DEMO.password) {
  const session = await loginOk(server, email, password);
  const authenticator = new SoftwareAuthenticator(WIDGETS);
  const { ceremonyId, options } = await optionsOf(
    await call('POST', `/passkeys/${session.guid}/registration/options`, session.secureSession!.sessionId),
  );
  const added = await call('POST', `/passkeys/${session.guid}/registration`, session.secureSession!.sessionId, {
    ceremonyId,
    credential: authenticator.register(options),
    name: 'Work laptop',
  });
  expect(added.statusCode, added.body).toBe(201);
  return { session, authenticator };
}

/** Asks sign-in options and answers them with `authenticator` (as the browser's autofill would). */
async function passkeyLogin(authenticator: SoftwareAuthenticator, overrides: ClientOverrides = {}, service = 'demo') {
  const { ceremonyId, options } = await optionsOf(
    await call('POST', '/passkeys/login/options', undefined, {}, service),
  );
  const body = { ceremonyId, credential: authenticator.authenticate(options, overrides) };
  return { response: await call('POST', '/passkeys/login', undefined, body, service), body };
}

describe('passkeys: add, then sign in (issue 31)', () => {
  it('registers a passkey after a fresh proof and signs in with it, discoverable, as both factors', async () => {
    const { session, authenticator } = await withPasskey();
    const list = await call('GET', `/passkeys/${session.guid}`, session.mainSession.sessionId);
    expect(list.statusCode).toBe(200);
    const [stored] = list.json<{ passkeys: unknown[] }>().passkeys.map((entry) => passkeySchema.parse(entry));
    expect(stored).toMatchObject({
      id: authenticator.id,
      name: 'Work laptop',
      deviceType: 'multiDevice',
      backedUp: true,
      transports: ['internal', 'hybrid'],
      createdAt: clock.now(),
      lastUsedAt: null,
    });

    const { ceremonyId, options } = await optionsOf(await call('POST', '/passkeys/login/options', undefined, {}));
    expect(options.rpId).toBe(RP_ID);
    expect(options.userVerification).toBe('required');
    // Conditional mediation (autofill) needs options that name no credential.
    expect(options.allowCredentials ?? []).toEqual([]);
    const login = await call('POST', '/passkeys/login', undefined, {
      ceremonyId,
      credential: authenticator.authenticate(options),
    });
    expect(login.statusCode, login.body).toBe(200);
    const signedIn = sessionResponseSchema.parse(login.json());
    expect(signedIn.guid).toBe(session.guid);
    expect(signedIn.mainSession.sessionId).not.toBe(session.mainSession.sessionId);
    expect(signedIn.secureSession?.sessionId).toBeTruthy();
    const profile = await call('GET', `/userProfile/${session.guid}`, signedIn.mainSession.sessionId);
    expect(profile.statusCode).toBe(200);
    const after = await call('GET', `/passkeys/${session.guid}`, signedIn.mainSession.sessionId);
    expect(after.json()).toMatchObject({ passkeys: [{ id: authenticator.id, lastUsedAt: clock.now() }] });
  });

  it('adding a passkey needs a secure session of the last few minutes', async () => {
    const session = await loginOk(server);
    const main = await call('POST', `/passkeys/${session.guid}/registration/options`, session.mainSession.sessionId);
    expect(main.statusCode).toBe(403);
    expect(main.json()).toMatchObject({ code: 'PASSKEY_PROOF_REQUIRED' });
    clock.advance(FRESH_PROOF_MAX_AGE_MS + 1);
    const stale = await call(
      'POST',
      `/passkeys/${session.guid}/registration/options`,
      session.secureSession!.sessionId,
    );
    expect(stale.json()).toMatchObject({ code: 'PASSKEY_PROOF_REQUIRED' });
    const other = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const foreign = await call(
      'POST',
      `/passkeys/${session.guid}/registration/options`,
      other.secureSession!.sessionId,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a registration made for another origin or relying party, and a used or expired ceremony', async () => {
    const session = await loginOk(server);
    const secure = session.secureSession!.sessionId;
    const attempt = async (overrides: ClientOverrides, wait = 0) => {
      const { ceremonyId, options } = await optionsOf(
        await call('POST', `/passkeys/${session.guid}/registration/options`, secure),
      );
      clock.advance(wait);
      const credential = new SoftwareAuthenticator(WIDGETS).register(options, overrides);
      return call('POST', `/passkeys/${session.guid}/registration`, secure, { ceremonyId, credential });
    };
    expect((await attempt({ origin: 'https://evil.example' })).json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
    expect((await attempt({ rpId: 'evil.example' })).json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
    expect((await attempt({ userVerified: false })).json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
    const late = await attempt({}, PASSKEY_CEREMONY_LIFETIME_MS);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'PASSKEY_CEREMONY_INVALID' });
  });
});

describe('passkeys and the second factor (issue 31)', () => {
  it('with an app code on, the password asks for the code; the passkey signs in without it (both factors at once)', async () => {
    const { session, authenticator } = await withPasskey(TWO_FACTORS, STEP_UP.password);
    const secure = session.secureSession!.sessionId;
    const started = await call('POST', `/userProfile/${session.guid}/secondFactor`, secure);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = secondFactorEnrolmentSchema.parse(started.json());
    const confirmed = await call('POST', `/userProfile/${session.guid}/secondFactor/confirm`, secure, {
      code: totpCode(secret, clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const byPassword = await login(server, TWO_FACTORS, STEP_UP.password);
    expect(byPassword.statusCode, byPassword.body).toBe(403);
    expect(byPassword.json()).toMatchObject({ code: 'second_factor_required' });

    const { response } = await passkeyLogin(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const signedIn = sessionResponseSchema.parse(response.json());
    expect(signedIn.guid).toBe(session.guid);
    expect(signedIn.secureSession?.sessionId).toBeTruthy();
  });
});

describe('passkeys: what sign-in refuses', () => {
  it('a replayed assertion: its ceremony is used up, and another ceremony has another challenge', async () => {
    const { authenticator } = await withPasskey();
    const { response, body } = await passkeyLogin(authenticator);
    expect(response.statusCode).toBe(200);
    const again = await call('POST', '/passkeys/login', undefined, body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'PASSKEY_CEREMONY_INVALID' });
    const fresh = await optionsOf(await call('POST', '/passkeys/login/options', undefined, {}));
    const replayed = await call('POST', '/passkeys/login', undefined, { ...body, ceremonyId: fresh.ceremonyId });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
  });

  it('a wrong origin, a wrong rpId, or no user verification', async () => {
    const { authenticator } = await withPasskey();
    for (const overrides of [
      { origin: 'https://news-site.co.uk' },
      { origin: 'http://id.news-site.co.uk' },
      { rpId: 'id.news-site.co.uk' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { response } = await passkeyLogin(authenticator, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
    }
    expect((await passkeyLogin(authenticator)).response.statusCode).toBe(200);
  });

  it('a signature counter that does not go up (a cloned authenticator)', async () => {
    const { authenticator } = await withPasskey();
    expect((await passkeyLogin(authenticator)).response.statusCode).toBe(200);
    const used = authenticator.counter;
    for (const counter of [used, used - 1]) {
      const { response } = await passkeyLogin(authenticator, { counter });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
    }
    expect((await passkeyLogin(authenticator, { counter: used + 5 })).response.statusCode).toBe(200);
  });

  it('a passkey this server does not know, and a sign-in opened in another service', async () => {
    const stranger = new SoftwareAuthenticator(WIDGETS);
    stranger.register((await optionsOf(await registrationOptionsFor(DEMO.email, DEMO.password))).options);
    // Made with real options, never sent back: the server holds no such credential.
    expect((await passkeyLogin(stranger)).response.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });

    const { authenticator } = await withPasskey();
    const { ceremonyId, options } = await optionsOf(
      await call('POST', '/passkeys/login/options', undefined, {}, 'news'),
    );
    const crossed = await call('POST', '/passkeys/login', undefined, {
      ceremonyId,
      credential: authenticator.authenticate(options),
    });
    expect(crossed.json()).toMatchObject({ code: 'PASSKEY_CEREMONY_INVALID' });
  });
});

async function registrationOptionsFor(email: string, password: string) {
  const session = await loginOk(server, email, password);
  return call('POST', `/passkeys/${session.guid}/registration/options`, session.secureSession!.sessionId);
}

describe('passkeys: name, remove', () => {
  it('renames, removes (after a fresh proof), and a removed passkey signs in no more', async () => {
    const { session, authenticator } = await withPasskey('other@foyer.test', 'right-password-1');
    const path = `/passkeys/${session.guid}/${authenticator.id}`;
    const renamed = await call('PUT', path, session.mainSession.sessionId, { name: 'Phone' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: authenticator.id, name: 'Phone' });
    expect(
      (await call('PUT', `/passkeys/${session.guid}/nope`, session.mainSession.sessionId, { name: 'x' })).json(),
    ).toMatchObject({
      code: 'PASSKEY_NOT_FOUND',
    });

    const unproven = await call('DELETE', path, session.mainSession.sessionId);
    expect(unproven.json()).toMatchObject({ code: 'PASSKEY_PROOF_REQUIRED' });
    const removed = await call('DELETE', path, session.secureSession!.sessionId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ passkeys: [] });
    const { response } = await passkeyLogin(authenticator);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
  });
});

describe('passkeys: erasure', () => {
  it('an erased account keeps no passkey, and its passkey signs in no more', async () => {
    const { session, authenticator } = await withPasskey(ERASED.email, STEP_UP.password);
    await server.db.transaction((tx) =>
      eraseAccount(tx, { guid: session.guid, email: ERASED.email, services: ['demo'] }, clock.now()),
    );
    const rows = await server.db.query(
      'SELECT 1 FROM passkeys WHERE guid = $1 UNION ALL SELECT 1 FROM passkey_user_handles WHERE guid = $1',
      [session.guid],
    );
    expect(rows).toEqual([]);
    expect((await passkeyLogin(authenticator)).response.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
  });
});

describe('passkeys: step-up (secure mode)', () => {
  it('a passkey gives the secure session every step-up takes, only with one of the account’s own passkeys', async () => {
    const { session, authenticator } = await withPasskey(STEP_UP.email, STEP_UP.password);
    clock.advance(FRESH_PROOF_MAX_AGE_MS + 1);
    const main = session.mainSession.sessionId;
    expect((await call('POST', `/passkeys/${session.guid}/registration/options`, main)).json()).toMatchObject({
      code: 'PASSKEY_PROOF_REQUIRED',
    });

    const { ceremonyId, options } = await optionsOf(
      await call('POST', `/passkeys/${session.guid}/reauthentication/options`, main),
    );
    expect(options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const stepUp = await call('POST', `/passkeys/${session.guid}/reauthentication`, main, {
      ceremonyId,
      credential: authenticator.authenticate(options),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const proved = sessionResponseSchema.parse(stepUp.json());
    expect(proved.mainSession.sessionId).toBe(main);
    const secure = proved.secureSession!.sessionId;
    // The secure session stands for the password where a step-up is asked: here, adding a passkey.
    expect((await call('POST', `/passkeys/${session.guid}/registration/options`, secure)).statusCode).toBe(200);
    // …and changing the address, which asks for the password without one (secure_session_expired).
    const address = { attributes: [{ name: 'email', value: 'stepped-up@foyer.test' }] };
    expect((await call('PUT', `/userProfile/${session.guid}`, main, address)).json()).toMatchObject({
      code: 'secure_session_expired',
    });
    // Accepted: the new address gets its confirmation mail (identifier-change.test.ts).
    expect((await call('PUT', `/userProfile/${session.guid}`, secure, address)).statusCode).toBe(202);

    // Another account's passkey proves nothing about this one.
    const other = await withPasskey('other@foyer.test', 'right-password-1');
    const second = await optionsOf(await call('POST', `/passkeys/${session.guid}/reauthentication/options`, main));
    const foreign = await call('POST', `/passkeys/${session.guid}/reauthentication`, main, {
      ceremonyId: second.ceremonyId,
      credential: other.authenticator.authenticate(second.options),
    });
    expect(foreign.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
  });

  it('an account without a passkey is told so', async () => {
    const session = await loginOk(server, NO_PASSKEY, STEP_UP.password);
    const response = await call(
      'POST',
      `/passkeys/${session.guid}/reauthentication/options`,
      session.mainSession.sessionId,
    );
    expect(response.json()).toMatchObject({ code: 'PASSKEY_NONE_REGISTERED' });
  });
});

describe('passkeys: sign-up without a password', () => {
  const form = (email: string, service: string, extra: { name: string; value: string }[] = []) => ({
    realm: 'default',
    services: [service],
    attributes: [
      { name: 'email', value: email },
      { name: 'firstName', value: 'Pat' },
      { name: 'lastName', value: 'Key' },
      ...extra,
    ],
  });

  it('only where the service allows it', async () => {
    const refused = await call('POST', '/passkeys/sign-up/options', undefined, form('nope@example.test', 'demo'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PASSKEY_SIGN_UP_NOT_ALLOWED' });
    const withPassword = await call(
      'POST',
      '/passkeys/sign-up/options',
      undefined,
      form('pw@example.test', 'passkeys-first', [{ name: 'password', value: 'a-password-1' }]),
      'passkeys-first',
    );
    expect(withPassword.statusCode).toBe(400);
  });

  it('creates the account with its passkey, signs it in, and the passkey signs in again; no password works', async () => {
    const service = 'passkeys-first';
    const { ceremonyId, options } = await optionsOf(
      await call('POST', '/passkeys/sign-up/options', undefined, form('pat@example.test', service), service),
    );
    expect(options.user).toMatchObject({ name: 'pat@example.test' });
    const authenticator = new SoftwareAuthenticator(WIDGETS);
    const created = await call(
      'POST',
      '/passkeys/sign-up',
      undefined,
      { ceremonyId, credential: authenticator.register(options) },
      service,
    );
    expect(created.statusCode, created.body).toBe(201);
    const signedIn = sessionResponseSchema.parse(created.json());
    const { response } = await passkeyLogin(authenticator, {}, service);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ guid: signedIn.guid });
    const login = await call(
      'POST',
      '/session',
      undefined,
      {
        realmName: 'default',
        authenticationSchemeName: 'default',
        identifiers: [{ name: 'email', value: 'pat@example.test' }],
        validators: [{ name: 'password', value: '' }],
      },
      service,
    );
    expect(login.statusCode).not.toBe(200);
    // Its only passkey is its only way in: it cannot be removed.
    const last = await call(
      'DELETE',
      `/passkeys/${signedIn.guid}/${authenticator.id}`,
      signedIn.secureSession!.sessionId,
      undefined,
      service,
    );
    expect(last.json()).toMatchObject({ code: 'PASSKEY_LAST_SIGN_IN' });
    // The same address again: taken.
    const twice = await call(
      'POST',
      '/passkeys/sign-up/options',
      undefined,
      form('pat@example.test', service),
      service,
    );
    expect(twice.json()).toMatchObject({ code: 'duplicate_user_profile' });
  });
});

describe('the relying party', () => {
  it('is the registrable domain of the widgets origin by default; a configured one must contain the origin', () => {
    expect(relyingPartyOf(WIDGETS)).toEqual({ rpID: RP_ID, origin: WIDGETS });
    expect(relyingPartyOf('https://widgets.example.com:8443/x')).toEqual({
      rpID: 'example.com',
      origin: 'https://widgets.example.com:8443',
    });
    expect(relyingPartyOf('http://localhost:8081').rpID).toBe('localhost');
    expect(relyingPartyOf(WIDGETS, 'id.news-site.co.uk').rpID).toBe('id.news-site.co.uk');
    expect(() => relyingPartyOf(WIDGETS, 'other-site.co.uk')).toThrow(InvalidRelyingPartyId);
    expect(() => relyingPartyOf(WIDGETS, 'news.id.news-site.co.uk')).toThrow(InvalidRelyingPartyId);
    expect(() => relyingPartyOf(WIDGETS, 'co.uk')).toThrow(InvalidRelyingPartyId);
  });

  it('the server does not start with an rpID the widgets origin is not under', async () => {
    await expect(
      createServer({
        dataDir: 'memory',
        seed: seedConfig,
        publicUrl: WIDGETS,
        webauthnRpId: 'example.com',
        jobWorkers: false,
      }),
    ).rejects.toThrow(InvalidRelyingPartyId);
  });
});
