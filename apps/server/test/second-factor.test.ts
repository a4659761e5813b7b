/**
 * The visitors' second factor (issue 31): enrolment, the login's second step, codes refused after
 * use and after their window (the test clock), backup codes spent once, the password throttle,
 * the per-service requirement, the step-up, and the admin API's recovery with its mail.
 */
import {
  backupCodesSchema,
  formatAuthorization,
  secondFactorEnrolmentSchema,
  secondFactorSessionSchema,
  secondFactorStatusSchema,
  sessionResponseSchema,
} from '@foyer/api';
import { accountDetailSchema, ROLE_PERMISSIONS } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/admin/keys';
import type { PreparedServer } from '../src/index';
import { seedConfig } from '../src/seed-config';
import { SECOND_FACTOR_TICKET_LIFETIME_MS } from '../src/security/second-factor/tickets';
import { TOTP_STEP_MS, totpCode } from '../src/security/totp';
import { extendedSeed, login, loginBody, mailbox, testClock, testServer } from './helpers';

const PASSWORD = 'right-password-1';
/** Failures per account before the password throttle's delays start (kept small here). */
const PER_IDENTIFIER = 5;
const person = (email: string, attributes: Record<string, string> = {}) => ({
  realmName: 'default',
  identifiers: { email },
  password: PASSWORD,
  attributes: { email, firstName: 'Test', ...attributes },
  roles: [],
  services: ['demo'],
  state: 'ACTIVE' as const,
});
const PEOPLE = [
  'enrol',
  'login',
  'wrong',
  'reuse',
  'window',
  'backup',
  'throttle',
  'required',
  'required-enrolled',
  'step-up',
  'recover',
].map((name) => `${name}@mfa.test`);

let server: PreparedServer;
// At the start of a time step, so that "the next step" is exactly TOTP_STEP_MS away.
const clock = testClock(Date.UTC(2030, 0, 1));
const keys = { write: '', read: '' };

beforeAll(async () => {
  const extended = extendedSeed();
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: PER_IDENTIFIER, perAddress: 1000 },
    seed: {
      ...seedConfig,
      services: [
        ...extended.services,
        {
          name: 'strict',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'Strict',
          requiredAttributes: [],
          allowedHostOrigins: ['https://strict.example.com'],
          requireSecondFactor: true,
        },
      ],
      accounts: [
        ...seedConfig.accounts,
        ...PEOPLE.map((email) => person(email, email.startsWith('recover') ? { locale: 'es' } : {})),
      ],
    },
  });
  keys.write = (await createApiKey(server.db, { name: 'support', scopes: ['accounts:read', 'accounts:write'] }, 0)).key;
  keys.read = (await createApiKey(server.db, { name: 'reader', scopes: ['accounts:read'] }, 0)).key;
});
afterAll(() => server.close());

/** To the start of the next time step: each code below is then the only one of its step. */
function nextStep(): void {
  clock.advance(TOTP_STEP_MS - (clock.now() % TOTP_STEP_MS));
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, sessionId?: string, payload?: object, service = 'demo') {
  return server.app.inject({
    method,
    url: `/ic/api${url}`,
    headers: { authorization: formatAuthorization({ serviceName: service, ...(sessionId ? { sessionId } : {}) }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function loginSession(email: string, service = 'demo') {
  const response = await login(server, email, PASSWORD, { serviceName: service });
  expect(response.statusCode, response.body).toBe(200);
  return sessionResponseSchema.parse(response.json());
}

/** The login's first step, which must ask for the second: the ticket and its end. */
async function ticketOf(email: string, service = 'demo', code = 'second_factor_required') {
  const response = await login(server, email, PASSWORD, { serviceName: service });
  expect(response.statusCode, response.body).toBe(403);
  const body = response.json<{ code: string; args: string[] }>();
  expect(body.code).toBe(code);
  // Never a session in the first step's answer.
  expect(response.body).not.toContain('mainSession');
  return { ticket: body.args[0]!, expiresAt: Number(body.args[1]) };
}

function complete(ticket: string, code: string, service = 'demo') {
  return call('POST', '/session/secondFactor', undefined, { ticket, code }, service);
}

/** Logs in, enrols with the secure session the login gave, confirms with the app's first code. */
async function enrol(email: string) {
  const session = await loginSession(email);
  const secure = session.secureSession!.sessionId;
  const started = await call('POST', `/userProfile/${session.guid}/secondFactor`, secure);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = secondFactorEnrolmentSchema.parse(started.json());
  const confirmed = await call('POST', `/userProfile/${session.guid}/secondFactor/confirm`, secure, {
    code: totpCode(secret, clock.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { backupCodes } = backupCodesSchema.parse(confirmed.json());
  // The enrolment's code took this step: the next code comes from the next one.
  nextStep();
  return { guid: session.guid, secret, backupCodes, session };
}

const errorCode = (response: { json: <T>() => T }) => response.json<{ code: string }>().code;

describe('enrolment', () => {
  it('gives a secret, its otpauth:// URL and a QR code; the first code turns it on with ten backup codes', async () => {
    const session = await loginSession(PEOPLE[0]!);
    const secure = session.secureSession!.sessionId;
    const before = await call('GET', `/userProfile/${session.guid}/secondFactor`, session.mainSession.sessionId);
    expect(secondFactorStatusSchema.parse(before.json())).toEqual({
      enabled: false,
      backupCodesLeft: 0,
      required: false,
    });

    // Secure mode only: the main session alone cannot enrol an app.
    const plain = await call('POST', `/userProfile/${session.guid}/secondFactor`, session.mainSession.sessionId);
    expect(plain.statusCode).toBe(401);
    expect(errorCode(plain)).toBe('secure_session_expired');

    const started = secondFactorEnrolmentSchema.parse(
      (await call('POST', `/userProfile/${session.guid}/secondFactor`, secure)).json(),
    );
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(started.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(started.secret);
    expect(url.searchParams.get('issuer')).toBe(seedConfig.services.find((s) => s.name === 'demo')!.displayName);
    expect(decodeURIComponent(url.pathname)).toContain(PEOPLE[0]);
    expect(started.qrCodeSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const wrong = await call('POST', `/userProfile/${session.guid}/secondFactor/confirm`, secure, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe('SECOND_FACTOR_CODE_INVALID');
    const confirmed = await call('POST', `/userProfile/${session.guid}/secondFactor/confirm`, secure, {
      code: totpCode(started.secret, clock.now()),
    });
    const { backupCodes } = backupCodesSchema.parse(confirmed.json());
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const after = await call('GET', `/userProfile/${session.guid}/secondFactor`, session.mainSession.sessionId);
    expect(secondFactorStatusSchema.parse(after.json())).toEqual({
      enabled: true,
      backupCodesLeft: 10,
      required: false,
    });
    // On is on: a second enrolment cannot replace the app silently.
    const again = await call('POST', `/userProfile/${session.guid}/secondFactor`, secure);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('SECOND_FACTOR_ALREADY_ENABLED');
    nextStep();
  });
});

describe('login with a second factor', () => {
  it('asks for the code after the password, with a short-lived ticket; the code completes the login', async () => {
    const { secret, guid } = await enrol(PEOPLE[1]!);
    const { ticket, expiresAt } = await ticketOf(PEOPLE[1]!);
    expect(expiresAt).toBe(clock.now() + SECOND_FACTOR_TICKET_LIFETIME_MS);
    // Only a page of the service whose login issued it finishes it.
    const elsewhere = await complete(ticket, totpCode(secret, clock.now()), 'news');
    expect(errorCode(elsewhere)).toBe('SECOND_FACTOR_TICKET_INVALID');
    const done = await complete(ticket, totpCode(secret, clock.now()));
    expect(done.statusCode, done.body).toBe(200);
    const body = secondFactorSessionSchema.parse(done.json());
    expect(body.guid).toBe(guid);
    expect(body.secureSession?.sessionId).toBeTruthy();
    expect(body.backupCodes).toBeUndefined();
    const profile = await call('GET', `/userProfile/${guid}`, body.mainSession.sessionId);
    expect(profile.statusCode).toBe(200);
    nextStep();
  });

  it('a wrong code is refused and leaves the ticket for another try; a wrong password asks for no code', async () => {
    const { secret } = await enrol(PEOPLE[2]!);
    const wrongPassword = await login(server, PEOPLE[2]!, 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorCode(wrongPassword)).toBe('IDENTIFIERS_INVALID');

    const { ticket } = await ticketOf(PEOPLE[2]!);
    const wrong = await complete(ticket, totpCode(secret, clock.now() + 10 * TOTP_STEP_MS));
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe('SECOND_FACTOR_CODE_INVALID');
    const unknown = await complete('not-a-ticket-at-all-0123456789', totpCode(secret, clock.now()));
    expect(errorCode(unknown)).toBe('SECOND_FACTOR_TICKET_INVALID');
    expect((await complete(ticket, totpCode(secret, clock.now()))).statusCode).toBe(200);
    nextStep();
  });

  it('refuses a code after its use (the same step, even in another login), and a spent ticket', async () => {
    const { secret } = await enrol(PEOPLE[3]!);
    const code = totpCode(secret, clock.now());
    const first = await ticketOf(PEOPLE[3]!);
    expect((await complete(first.ticket, code)).statusCode).toBe(200);
    // The same ticket again: spent.
    const replayed = await complete(first.ticket, code);
    expect(errorCode(replayed)).toBe('SECOND_FACTOR_TICKET_INVALID');
    // The same code in a new login, still inside its window: used.
    const second = await ticketOf(PEOPLE[3]!);
    const reused = await complete(second.ticket, code);
    expect(reused.statusCode).toBe(401);
    expect(errorCode(reused)).toBe('SECOND_FACTOR_CODE_INVALID');
    // Nor is the step before it good now (no earlier step after a later one).
    clock.advance(TOTP_STEP_MS);
    expect(errorCode(await complete(second.ticket, code))).toBe('SECOND_FACTOR_CODE_INVALID');
    expect((await complete(second.ticket, totpCode(secret, clock.now()))).statusCode).toBe(200);
    nextStep();
  });

  it('takes a code one step late (clock drift) but not two; a ticket ends after its lifetime', async () => {
    const { secret } = await enrol(PEOPLE[4]!);
    const late = totpCode(secret, clock.now());
    clock.advance(TOTP_STEP_MS);
    const oneLate = await ticketOf(PEOPLE[4]!);
    expect((await complete(oneLate.ticket, late)).statusCode).toBe(200);

    nextStep();
    const stale = totpCode(secret, clock.now());
    clock.advance(2 * TOTP_STEP_MS);
    const twoLate = await ticketOf(PEOPLE[4]!);
    const refused = await complete(twoLate.ticket, stale);
    expect(refused.statusCode).toBe(401);
    expect(errorCode(refused)).toBe('SECOND_FACTOR_CODE_INVALID');

    clock.advance(SECOND_FACTOR_TICKET_LIFETIME_MS);
    const expired = await complete(twoLate.ticket, totpCode(secret, clock.now()));
    expect(errorCode(expired)).toBe('SECOND_FACTOR_TICKET_INVALID');
    nextStep();
  });

  it('a backup code completes the login once; the second time it is refused', async () => {
    const { backupCodes, guid } = await enrol(PEOPLE[5]!);
    const code = backupCodes[3]!;
    const first = await ticketOf(PEOPLE[5]!);
    // Forgiving typing: lower case, no dashes.
    const done = await complete(first.ticket, code.replace(/-/g, '').toLowerCase());
    expect(done.statusCode, done.body).toBe(200);
    const second = await ticketOf(PEOPLE[5]!);
    const again = await complete(second.ticket, code);
    expect(again.statusCode).toBe(401);
    expect(errorCode(again)).toBe('SECOND_FACTOR_CODE_INVALID');
    const session = secondFactorSessionSchema.parse(done.json());
    const status = await call('GET', `/userProfile/${guid}/secondFactor`, session.mainSession.sessionId);
    expect(secondFactorStatusSchema.parse(status.json()).backupCodesLeft).toBe(9);

    // New codes (secure mode): the old ones stop working.
    const fresh = await call('POST', `/userProfile/${guid}/secondFactor/backupCodes`, session.secureSession!.sessionId);
    const { backupCodes: renewed } = backupCodesSchema.parse(fresh.json());
    expect(renewed).toHaveLength(10);
    const third = await ticketOf(PEOPLE[5]!);
    expect(errorCode(await complete(third.ticket, backupCodes[4]!))).toBe('SECOND_FACTOR_CODE_INVALID');
    expect((await complete(third.ticket, renewed[0]!)).statusCode).toBe(200);
  });

  it('is throttled like a password: after the free failures even the right code waits', async () => {
    const { secret } = await enrol(PEOPLE[6]!);
    const { ticket } = await ticketOf(PEOPLE[6]!);
    for (let attempt = 0; attempt < PER_IDENTIFIER; attempt++) {
      expect(errorCode(await complete(ticket, `${100000 + attempt}`))).toBe('SECOND_FACTOR_CODE_INVALID');
    }
    const locked = await complete(ticket, totpCode(secret, clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The first delay is a minute (security/rate-limit.ts); the ticket lives five.
    clock.advance(60_000);
    const done = await complete(ticket, totpCode(secret, clock.now()));
    expect(done.statusCode, done.body).toBe(200);
    nextStep();
  });
});

describe('a service that requires a second factor', () => {
  it('sends an account without one to enrol, with a ticket that only enrols', async () => {
    const { ticket } = await ticketOf(PEOPLE[7]!, 'strict', 'second_factor_enrolment_required');
    // Not a sign-in ticket: no code completes it before an app is set up.
    const early = await complete(ticket, '123456', 'strict');
    expect(errorCode(early)).toBe('SECOND_FACTOR_ENROLMENT_NOT_STARTED');
    // Nor a step-up.
    const session = await loginSession(PEOPLE[7]!);
    // A session made where no factor was asked does not serve this service (http/auth.ts sessionServes).
    const elsewhere = await call(
      'GET',
      `/userProfile/${session.guid}/secondFactor`,
      session.mainSession.sessionId,
      undefined,
      'strict',
    );
    expect(elsewhere.statusCode).toBe(401);
    expect(errorCode(elsewhere)).toBe('UNAUTHORIZED');
    const stepUp = await call('POST', `/session/${session.mainSession.sessionId}/secondFactor`, undefined, {
      ticket,
      code: '123456',
    });
    expect(errorCode(stepUp)).toBe('SECOND_FACTOR_TICKET_INVALID');

    const started = await call('POST', '/session/secondFactor/enrolment', undefined, { ticket }, 'strict');
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUrl } = secondFactorEnrolmentSchema.parse(started.json());
    expect(new URL(otpauthUrl).searchParams.get('issuer')).toBe('Strict');
    const done = await complete(ticket, totpCode(secret, clock.now()), 'strict');
    expect(done.statusCode, done.body).toBe(200);
    const body = secondFactorSessionSchema.parse(done.json());
    expect(body.backupCodes).toHaveLength(10);
    expect(body.secureSession?.sessionId).toBeTruthy();

    // Required here: it cannot be turned off on this service.
    const off = await call(
      'DELETE',
      `/userProfile/${body.guid}/secondFactor`,
      body.secureSession!.sessionId,
      undefined,
      'strict',
    );
    expect(off.statusCode).toBe(409);
    expect(errorCode(off)).toBe('SECOND_FACTOR_REQUIRED_BY_SERVICE');
    const status = await call(
      'GET',
      `/userProfile/${body.guid}/secondFactor`,
      body.mainSession.sessionId,
      undefined,
      'strict',
    );
    expect(secondFactorStatusSchema.parse(status.json())).toMatchObject({ enabled: true, required: true });
    // Now that the account has a factor, its earlier session made through `demo` serves here too.
    const enrolledNow = await call(
      'GET',
      `/userProfile/${body.guid}/secondFactor`,
      session.mainSession.sessionId,
      undefined,
      'strict',
    );
    expect(enrolledNow.statusCode).toBe(200);
    nextStep();
  });

  it('asks an enrolled account for its code, not for another enrolment', async () => {
    const { secret } = await enrol(PEOPLE[8]!);
    const { ticket } = await ticketOf(PEOPLE[8]!, 'strict');
    const enrolment = await call('POST', '/session/secondFactor/enrolment', undefined, { ticket }, 'strict');
    expect(errorCode(enrolment)).toBe('SECOND_FACTOR_TICKET_INVALID');
    expect((await complete(ticket, totpCode(secret, clock.now()), 'strict')).statusCode).toBe(200);
    nextStep();
  });
});

describe('step-up (secure mode)', () => {
  it('asks for the code after the password, for this main session only', async () => {
    const { secret, session: first } = await enrol(PEOPLE[9]!);
    const main = first.mainSession.sessionId;
    const reauth = await call('POST', `/session/${main}`, main, loginBody(PEOPLE[9]!, PASSWORD));
    expect(reauth.statusCode).toBe(403);
    const asked = reauth.json<{ code: string; args: string[] }>();
    expect(asked.code).toBe('second_factor_required');
    const ticket = asked.args[0]!;

    // Not a sign-in ticket, and not another session's.
    expect(errorCode(await complete(ticket, totpCode(secret, clock.now())))).toBe('SECOND_FACTOR_TICKET_INVALID');
    const other = await ticketOf(PEOPLE[9]!);
    expect((await complete(other.ticket, totpCode(secret, clock.now()))).statusCode).toBe(200);
    nextStep();
    const foreign = await call('POST', `/session/${main}/secondFactor`, undefined, {
      ticket: other.ticket,
      code: totpCode(secret, clock.now()),
    });
    expect(errorCode(foreign)).toBe('SECOND_FACTOR_TICKET_INVALID');

    const done = await call('POST', `/session/${main}/secondFactor`, undefined, {
      ticket,
      code: totpCode(secret, clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = sessionResponseSchema.parse(done.json());
    expect(body.mainSession.sessionId).toBe(main);
    const secure = body.secureSession!.sessionId;

    // The secure session turns the factor off; the next login asks for no code.
    const off = await call('DELETE', `/userProfile/${body.guid}/secondFactor`, secure);
    expect(off.statusCode).toBe(204);
    await loginSession(PEOPLE[9]!);
    const reauthAgain = await call('POST', `/session/${main}`, main, loginBody(PEOPLE[9]!, PASSWORD));
    expect(reauthAgain.statusCode).toBe(200);
  });
});

describe('admin API: a person who lost both the app and the backup codes', () => {
  function admin(method: 'GET' | 'DELETE', path: string, key: string) {
    return server.app.inject({ method, url: `/admin/api${path}`, headers: { authorization: `Bearer ${key}` } });
  }

  it('support removes the factor (accounts:write), the person is mailed in their language, the password signs in', async () => {
    expect(ROLE_PERMISSIONS.support).toContain('accounts:write');
    expect(ROLE_PERMISSIONS.finance).not.toContain('accounts:write');
    expect(ROLE_PERMISSIONS['read-only']).not.toContain('accounts:write');

    const { guid } = await enrol(PEOPLE[10]!);
    await ticketOf(PEOPLE[10]!);

    const detail = await admin('GET', `/accounts/${guid}`, keys.read);
    expect(accountDetailSchema.parse(detail.json()).secondFactor).toBe(true);
    const refused = await admin('DELETE', `/accounts/${guid}/second-factor`, keys.read);
    expect(refused.statusCode).toBe(403);
    await ticketOf(PEOPLE[10]!);

    const removed = await admin('DELETE', `/accounts/${guid}/second-factor`, keys.write);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(accountDetailSchema.parse(removed.json())).toMatchObject({ guid, secondFactor: false });
    const session = await loginSession(PEOPLE[10]!);
    expect(session.guid).toBe(guid);

    const mails = (await mailbox(server)).filter((mail) => mail.to === PEOPLE[10]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Se desactivó la verificación en dos pasos de tu cuenta de Foyer demo');
    expect(mails[0]!.text).not.toMatch(/https?:\/\//);

    const audit = await server.db.query<{ action: string }>(
      `SELECT action FROM admin_audit WHERE target = $1 ORDER BY at DESC`,
      [`account:${guid}`],
    );
    expect(audit.map((row) => row.action)).toEqual(['account.second_factor.remove']);

    // Nothing left to remove: no second mail, no second audit row.
    expect((await admin('DELETE', `/accounts/${guid}/second-factor`, keys.write)).statusCode).toBe(200);
    expect((await mailbox(server)).filter((mail) => mail.to === PEOPLE[10])).toHaveLength(1);
  });
});
