/**
 * Issue 31: sign-in by e-mail code. A 6-digit code (and a link that does the same) mailed to the
 * address signs in its account, or, asked from registration, creates the account with its address
 * proven; it works once, for 10 minutes, and 5 wrong tries lock it. Requests are throttled per
 * client address, per e-mail address and per account, and nothing tells whether an address has an
 * account. Offered only by a service whose configuration switches it on (the seeded `demo-code`).
 */
import { formatAuthorization, type MailboxMessage, type SessionResponse } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { EMAIL_CODE_ADDRESS_RULE } from '../src/routes/email-code';
import { seedConfig } from '../src/seed-config';
import { DEMO, linkParam, login, mailbox, profileAuth, testClock, testServer } from './helpers';

const SERVICE = 'demo-code';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const clock = testClock();
let server: PreparedServer;

/** One account per test: each address may ask for 5 codes an hour, and the tests ask for many. */
const ACCOUNTS = ['signin', 'language', 'existing', 'once', 'latest', 'expiry', 'locks', 'link', 'enum'] as const;
const PASSWORD = 'right-password-1';
const emailOf = (name: string) => `code-${name}@foyer.test`;

const seed = {
  ...seedConfig,
  accounts: [
    ...seedConfig.accounts,
    ...[...ACCOUNTS, 'inactive', 'locked'].map((name) => ({
      realmName: 'default',
      identifiers: { email: emailOf(name) },
      password: PASSWORD,
      attributes: {},
      roles: [],
      services: ['demo'],
      state:
        name === 'inactive' ? ('INACTIVE' as const) : name === 'locked' ? ('LOCKED' as const) : ('ACTIVE' as const),
    })),
  ],
};

/** The account's guid, from a password login. */
async function guidOf(target: PreparedServer, email: string): Promise<string> {
  return (await login(target, email, PASSWORD)).json<SessionResponse>().guid;
}

beforeAll(async () => {
  server = await testServer({ now: clock.now, seed });
});
afterAll(() => server.close());

let addressCount = 0;
/** Each test its own client address, so the per-address budgets of one do not reach another. */
const nextClient = () => `192.0.2.${(addressCount += 1)}`;

interface Asked {
  email: string;
  purpose?: 'signIn' | 'register';
  service?: string;
  client?: string;
  hostOrigin?: string;
  locale?: string;
  userAgent?: string;
}

function requestCode(target: PreparedServer, asked: Asked) {
  return target.app.inject({
    method: 'POST',
    url: '/ic/api/emailCode',
    headers: {
      authorization: formatAuthorization({ serviceName: asked.service ?? SERVICE }),
      'user-agent': asked.userAgent ?? FIREFOX_ON_WINDOWS,
    },
    remoteAddress: asked.client ?? '192.0.2.250',
    payload: {
      realmName: 'default',
      email: asked.email,
      purpose: asked.purpose ?? 'signIn',
      ...(asked.hostOrigin ? { hostOrigin: asked.hostOrigin } : {}),
      ...(asked.locale ? { locale: asked.locale } : {}),
    },
  });
}

function typeCode(target: PreparedServer, email: string, code: string, client = '192.0.2.251') {
  return target.app.inject({
    method: 'POST',
    url: '/ic/api/emailCode/session',
    headers: { authorization: formatAuthorization({ serviceName: SERVICE }) },
    remoteAddress: client,
    payload: { realmName: 'default', email, code },
  });
}

function followLink(target: PreparedServer, key: string) {
  return target.app.inject({
    method: 'POST',
    url: '/ic/api/emailCode/link/session',
    headers: { authorization: formatAuthorization({ serviceName: SERVICE }) },
    payload: { key },
  });
}

/** The mails to `email`, newest first (the outbox waits for the mails still being sent). */
async function mailsTo(target: PreparedServer, email: string): Promise<MailboxMessage[]> {
  return (await mailbox(target)).filter((mail) => mail.to === email);
}

/** The code of the latest mail to `email`. */
async function latestCode(target: PreparedServer, email: string): Promise<{ code: string; mail: MailboxMessage }> {
  const [mail] = await mailsTo(target, email);
  const code = mail && /: (\d{6})\n/.exec(mail.text)?.[1];
  if (!mail || !code) throw new Error(`no code mailed to ${email}`);
  return { code, mail };
}

/** A code no mail carried: the right one's neighbour. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by e-mail code', () => {
  it('signs in the account with the mailed code; the mail says where it was asked from', async () => {
    const asked = await requestCode(server, {
      email: emailOf('signin'),
      client: nextClient(),
      hostOrigin: 'http://localhost:8080',
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ accepted: true });
    const { code, mail } = await latestCode(server, emailOf('signin'));
    expect(mail.subject).toBe('Your Foyer demo (e-mail code) sign-in code');
    expect(mail.text).toContain('Asked from: http://localhost:8080');
    expect(mail.text).toContain('Browser: Firefox / Windows');
    expect(mail.text).toContain('for 10 minutes');

    const signedIn = await typeCode(server, emailOf('signin'), code);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<SessionResponse>();
    // A mailed code is no typed password: secure mode still asks for one.
    expect(session.secureSession).toBeUndefined();
    expect(session.guid).toBe(await guidOf(server, emailOf('signin')));
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId, SERVICE) },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('names no host origin the service does not allow, and writes the mail in the visitor language', async () => {
    expect(
      (
        await requestCode(server, {
          email: emailOf('language'),
          client: nextClient(),
          hostOrigin: 'https://phishing.example',
          locale: 'es-ES',
        })
      ).statusCode,
    ).toBe(202);
    const { mail } = await latestCode(server, emailOf('language'));
    expect(mail.text).not.toContain('phishing.example');
    expect(mail.subject).toBe('Tu código para entrar en Foyer demo (e-mail code)');
    expect(mail.text).toContain('Navegador: Firefox / Windows');
  });

  it('creates the account from registration, active and with its address proven', async () => {
    const email = 'new-by-code@foyer.test';
    expect(
      (await requestCode(server, { email, purpose: 'register', client: nextClient(), locale: 'pt-BR' })).statusCode,
    ).toBe(202);
    const { code, mail } = await latestCode(server, email);
    expect(mail.subject).toBe('Seu código para entrar em Foyer demo (e-mail code)');
    expect(mail.text).not.toContain('já tem uma conta');
    const created = await typeCode(server, email, code);
    expect(created.statusCode).toBe(201);
    const { guid } = created.json<SessionResponse>();
    const rows = await server.db.query<{ state: string; address_proven_at: unknown }>(
      'SELECT state, address_proven_at FROM user_profiles WHERE guid = $1',
      [guid],
    );
    expect(rows[0]?.state).toBe('ACTIVE');
    expect(rows[0]?.address_proven_at).not.toBeNull();
    // The next code signs in that same account.
    await requestCode(server, { email, client: nextClient() });
    const again = await typeCode(server, email, (await latestCode(server, email)).code);
    expect(again.statusCode).toBe(200);
    expect(again.json<SessionResponse>().guid).toBe(guid);
  });

  it('from registration, signs in an address that already has an account (the mail says so)', async () => {
    await requestCode(server, { email: emailOf('existing'), purpose: 'register', client: nextClient() });
    const { code, mail } = await latestCode(server, emailOf('existing'));
    expect(mail.text).toContain('You already have an account with this address');
    expect((await typeCode(server, emailOf('existing'), code)).statusCode).toBe(200);
  });

  it('works once', async () => {
    await requestCode(server, { email: emailOf('once'), client: nextClient() });
    const { code } = await latestCode(server, emailOf('once'));
    expect((await typeCode(server, emailOf('once'), code)).statusCode).toBe(200);
    const reused = await typeCode(server, emailOf('once'), code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID' });
  });

  it('only the latest code works', async () => {
    const client = nextClient();
    await requestCode(server, { email: emailOf('latest'), client });
    const first = (await latestCode(server, emailOf('latest'))).code;
    await requestCode(server, { email: emailOf('latest'), client });
    const second = (await latestCode(server, emailOf('latest'))).code;
    if (first !== second) expect((await typeCode(server, emailOf('latest'), first)).statusCode).toBe(401);
    expect((await typeCode(server, emailOf('latest'), second)).statusCode).toBe(200);
  });

  it('expires after 10 minutes (test clock)', async () => {
    await requestCode(server, { email: emailOf('expiry'), client: nextClient() });
    const { code, mail } = await latestCode(server, emailOf('expiry'));
    clock.advance(10 * 60_000 + 1);
    const late = await typeCode(server, emailOf('expiry'), code);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID' });
    expect((await followLink(server, linkParam(mail, 'emailCodeKey'))).statusCode).toBe(404);
  });

  it('locks after 5 wrong tries, even for the right code after them, and its link with it', async () => {
    await requestCode(server, { email: emailOf('locks'), client: nextClient() });
    const { code, mail } = await latestCode(server, emailOf('locks'));
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await typeCode(server, emailOf('locks'), wrong(code));
      answers.push(`${response.statusCode} ${response.json<{ code: string }>().code}`);
    }
    expect(answers).toEqual([...Array(4).fill('401 EMAIL_CODE_INVALID'), '429 EMAIL_CODE_LOCKED']);
    const right = await typeCode(server, emailOf('locks'), code);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'EMAIL_CODE_LOCKED' });
    const link = await followLink(server, linkParam(mail, 'emailCodeKey'));
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ code: 'EMAIL_CODE_LINK_INVALID' });
    // A new code works again (and the right one forgives the account's counted failures).
    await requestCode(server, { email: emailOf('locks'), client: nextClient() });
    expect(
      (await typeCode(server, emailOf('locks'), (await latestCode(server, emailOf('locks'))).code)).statusCode,
    ).toBe(200);
  });

  it('the link in the mail signs in as the code does, once, and uses the code up', async () => {
    await requestCode(server, { email: emailOf('link'), client: nextClient() });
    const { code, mail } = await latestCode(server, emailOf('link'));
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('serviceName')).toBe(SERVICE);
    const key = linkParam(mail, 'emailCodeKey');
    const followed = await followLink(server, key);
    expect(followed.statusCode).toBe(200);
    expect(followed.json<SessionResponse>().guid).toBe(await guidOf(server, emailOf('link')));
    expect((await followLink(server, key)).statusCode).toBe(404);
    expect((await typeCode(server, emailOf('link'), code)).statusCode).toBe(401);
  });

  it("the registration mail's link opens the registration page and creates the account", async () => {
    const email = 'linked-by-code@foyer.test';
    await requestCode(server, { email, purpose: 'register', client: nextClient() });
    const { mail } = await latestCode(server, email);
    expect(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).pathname).toBe('/register');
    expect((await followLink(server, linkParam(mail, 'emailCodeKey'))).statusCode).toBe(201);
  });

  it('activates an account waiting for its activation (the code proves the mailbox); a locked one stays out', async () => {
    await requestCode(server, { email: emailOf('inactive'), client: nextClient() });
    const activated = await typeCode(server, emailOf('inactive'), (await latestCode(server, emailOf('inactive'))).code);
    expect(activated.statusCode).toBe(200);
    expect((await login(server, emailOf('inactive'), PASSWORD)).statusCode).toBe(200);

    await requestCode(server, { email: emailOf('locked'), client: nextClient() });
    const locked = await typeCode(server, emailOf('locked'), (await latestCode(server, emailOf('locked'))).code);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'USER_PROFILE_LOCKED' });
  });

  it('never tells whether the address has an account', async () => {
    const known = emailOf('enum');
    const unknown = 'nobody-here@foyer.test';
    const answers = await Promise.all(
      [known, unknown].map(async (email) => {
        const response = await requestCode(server, { email, client: nextClient() });
        return { status: response.statusCode, body: response.body };
      }),
    );
    expect(answers[0]).toEqual(answers[1]);
    await mailbox(server); // waits for the codes being issued
    expect(await mailsTo(server, unknown)).toEqual([]);
    // Wrong codes answer alike, and both lock after 5.
    const tries = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await typeCode(server, email, '000000');
        seen.push(`${response.statusCode} ${response.json<{ code: string }>().code}`);
      }
      return seen;
    };
    // The known address's code might be 000000: one chance in a million, and then it is simply right.
    expect(await tries(unknown)).toEqual(await tries(known));
    // A login widget's code for an address without an account never signs anything in.
    expect((await typeCode(server, unknown, '123456')).statusCode).not.toBe(200);
  });

  it('is offered only where the service says so', async () => {
    const refused = await requestCode(server, { email: DEMO.email, service: 'demo', client: nextClient() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_CODE_NOT_OFFERED' });
    const service = await server.app.inject({ method: 'GET', url: `/ic/api/service/${SERVICE}` });
    expect(service.json()).toMatchObject({ emailCodeSignIn: true });
    const plain = await server.app.inject({ method: 'GET', url: '/ic/api/service/demo' });
    expect(plain.json()).not.toHaveProperty('emailCodeSignIn');
  });

  it('throttles the codes asked for one e-mail address, known or not, alike', async () => {
    for (const email of ['throttled-known@foyer.test', 'demo-throttle@foyer.test']) {
      const statuses: number[] = [];
      for (let i = 0; i <= EMAIL_CODE_ADDRESS_RULE.max; i += 1) {
        statuses.push(
          (await requestCode(server, { email, purpose: i === 0 ? 'register' : 'signIn', client: nextClient() }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([...Array(EMAIL_CODE_ADDRESS_RULE.max).fill(202), 429]);
    }
    // An hour later (test clock) the address may ask again.
    clock.advance(60 * 60_000);
    expect((await requestCode(server, { email: 'throttled-known@foyer.test', client: nextClient() })).statusCode).toBe(
      202,
    );
  });
});

describe('throttles per client address and per account', () => {
  let strict: PreparedServer;
  beforeAll(async () => {
    strict = await testServer({
      forgotPasswordPerHour: 3,
      loginRateLimit: { perIdentifier: 3, perAddress: 1000 },
    });
  });
  afterAll(() => strict.close());

  it('per client address: the budget of every request that mails someone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await requestCode(strict, { email: `someone-${i}@foyer.test`, client: '198.51.100.7' })).statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    // Another client is not held back.
    expect((await requestCode(strict, { email: 'someone-9@foyer.test', client: '198.51.100.8' })).statusCode).toBe(202);
  });

  it("per account: wrong codes count as the account's failed logins, over new codes and passwords alike", async () => {
    await requestCode(strict, { email: DEMO.email, client: '198.51.100.20' });
    const { code } = await latestCode(strict, DEMO.email);
    for (let i = 0; i < 3; i += 1) {
      expect((await typeCode(strict, DEMO.email, wrong(code), `198.51.100.${30 + i}`)).statusCode).toBe(401);
    }
    // From yet another client, the right code waits: the account's failures are over its limit.
    const held = await typeCode(strict, DEMO.email, code, '198.51.100.40');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await login(strict, DEMO.email, DEMO.password, { remoteAddress: '198.51.100.41' })).statusCode).toBe(429);
  });
});
