/**
 * The admin API's accounts (issue 28): search and paging, the detail, permissions, lock and unlock
 * (seen by the frame's own login), ending sessions, the activation and reset mails, the export
 * and the erasure (the address registers again, the orders stay without names or addresses), each
 * audited.
 */
import { accountDetailSchema, accountExportSchema, accountSummarySchema, pageOf } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/security/sessions';
import { createApiKey, type AdminScope } from '../../src/admin/keys';
import { createAccount } from '../../src/identity/accounts';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { providersFromEnv } from '../../src/widget/providers';
import {
  extendedSeed,
  login,
  loginOk,
  mailbox,
  profileAuth,
  register,
  registerBody,
  testClock,
  testServer,
} from '../helpers';
import { ADDRESS, call, orderOk, seededPerson } from '../widget/helpers';

const PASSWORD = 'right-password-1';
const PEOPLE = {
  lock: 'lock-me@acc.test',
  sessions: 'sessions@acc.test',
  reset: 'reset@acc.test',
  erase: 'erase-me@acc.test',
  export: 'export-me@acc.test',
  friend: 'friend@acc.test',
};
const INACTIVE = 'not-yet@acc.test';

let server: PreparedServer;
const keys = { read: '', write: '', erase: '', all: '', audit: '' };
const clock = testClock(Date.UTC(2030, 0, 15, 12));

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    paymentProviders: providersFromEnv({ FOYER_CARD_PROVIDER: 'manual', FOYER_PAYMENT_TYPES: 'CARD' }),
    seed: {
      ...seedConfig,
      services: extendedSeed().services,
      accounts: [
        ...seedConfig.accounts,
        ...Object.values(PEOPLE).map((email) => seededPerson(email)),
        { ...seededPerson(INACTIVE), state: 'INACTIVE' as const },
      ],
    },
  });
  const make = async (scopes: AdminScope[]) =>
    (await createApiKey(server.db, { name: scopes.join('+'), scopes }, clock.now())).key;
  keys.read = await make(['accounts:read']);
  keys.write = await make(['accounts:read', 'accounts:write']);
  keys.erase = await make(['accounts:read', 'accounts:erase']);
  keys.all = await make(['accounts:read', 'accounts:write', 'accounts:erase']);
  keys.audit = await make(['audit:read']);
});
afterAll(() => server.close());

function admin(method: 'GET' | 'POST' | 'DELETE', path: string, key: string, payload?: object) {
  // Each call a millisecond later: audit rows (newest first) come back in the order made.
  clock.advance(1);
  return server.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

const accountPage = pageOf(accountSummarySchema);

async function list(query: string, key = keys.read) {
  const response = await admin('GET', `/accounts?${query}`, key);
  expect(response.statusCode, response.body).toBe(200);
  return accountPage.parse(response.json());
}

async function guidOf(email: string): Promise<string> {
  const page = await list(`q=${encodeURIComponent(email)}`);
  const found = page.items.find((item) => item.email === email);
  if (!found) throw new Error(`no account ${email}`);
  return found.guid;
}

async function detail(guid: string) {
  const response = await admin('GET', `/accounts/${guid}`, keys.read);
  expect(response.statusCode, response.body).toBe(200);
  return accountDetailSchema.parse(response.json());
}

async function auditOf(guid: string): Promise<{ action: string; before: unknown; after: unknown; actor: string }[]> {
  const response = await admin('GET', '/audit?limit=200', keys.audit);
  expect(response.statusCode, response.body).toBe(200);
  const entries = response.json<{
    entries: { action: string; target: string; before: unknown; after: unknown; actor: string }[];
  }>().entries;
  return entries.filter((entry) => entry.target === `account:${guid}`);
}

async function mailsTo(address: string) {
  return (await mailbox(server)).filter((mail) => mail.to === address);
}

/** Whether the session still opens the profile (the frame's own call). */
async function sessionWorks(guid: string, sessionId: string): Promise<boolean> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/ic/api/userProfile/${guid}`,
    headers: { authorization: profileAuth(sessionId) },
  });
  return response.statusCode === 200;
}

describe('the accounts of the admin API', () => {
  it('searches by part of an e-mail address, case-insensitively, or by a whole guid', async () => {
    const byPart = await list('q=LOCK-ME%40ACC');
    expect(byPart.items.map((item) => item.email)).toEqual([PEOPLE.lock]);
    const guid = byPart.items[0]!.guid;
    const byGuid = await list(`q=${guid}`);
    expect(byGuid.items.map((item) => item.guid)).toEqual([guid]);
    // Part of a guid is no match: a guid is searched whole.
    expect((await list(`q=${guid.slice(0, 8)}`)).items).toEqual([]);
    // `%` and `_` are letters here, not wildcards.
    expect((await list('q=%25')).items).toEqual([]);
    expect(byPart.items[0]).toMatchObject({ state: 'ACTIVE', realm: 'default', services: ['demo'] });
  });

  it('filters by state and service and walks every page with the cursor, newest first, no duplicates', async () => {
    const base = clock.now();
    const made: string[] = [];
    for (let index = 0; index < 23; index++) {
      // Three accounts share each creation time: the guid breaks the ties.
      made.push(
        await createAccount(server.db, {
          realmName: 'default',
          state: index % 4 === 0 ? 'INACTIVE' : 'ACTIVE',
          passwordHash: 'not-a-hash',
          attributes: { email: `pager-${index}@page.test` },
          identifiers: [{ name: 'email', value: `pager-${index}@page.test` }],
          services: index % 5 === 0 ? ['demo', 'news'] : ['demo'],
          addressProven: false,
          now: base - 1000 + Math.floor(index / 3),
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`q=%40page.test&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((item) => item.guid));
      const times = page.items.map((item) => item.createdAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort()).toEqual([...made].sort());

    const inactive = await list('q=%40page.test&state=INACTIVE&limit=100');
    expect(inactive.items).toHaveLength(6);
    expect(inactive.items.every((item) => item.state === 'INACTIVE')).toBe(true);
    const news = await list('q=%40page.test&service=news&limit=100');
    expect(news.items).toHaveLength(5);
    expect(news.items.every((item) => item.services.includes('news'))).toBe(true);
    // The default page is 25 long.
    expect((await list('')).items).toHaveLength(25);
  });

  it('refuses a bad query with VALIDATION_FAILED naming the field', async () => {
    for (const query of ['limit=0', 'limit=101', 'state=GONE', 'cursor=not-ours']) {
      const response = await admin('GET', `/accounts?${query}`, keys.read);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ code: string; args: string[]; errors?: string[] }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(body)).toContain(query.split('=')[0]);
    }
  });

  it('answers the detail: profile, services, networks, live sessions by hash, purchases and invitations', async () => {
    const { guid, mainSession } = await loginOk(server, PEOPLE.export, PASSWORD);
    const session = mainSession.sessionId;
    const order = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }], {
      deliveryAddressGroup: { values: ADDRESS },
    });
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const subscriptionId = paid.json<{ purchases: { subscriptionId: string }[] }>().purchases[0]!.subscriptionId;
    const invited = await call(server, 'POST', '/widget/account/beneficiary/invite/', {
      session,
      payload: { subscriptionId, email: PEOPLE.friend, message: 'For you' },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const linkedAt = clock.now();
    await server.db.query(
      `INSERT INTO social_profiles (guid, realm_name, network, social_user_id, profile, linked_at)
       VALUES ($1, 'default', 'google', 'g-123', '{"email":"export-me@acc.test"}', $2)`,
      [guid, linkedAt],
    );

    const account = await detail(guid);
    expect(account).toMatchObject({
      guid,
      email: PEOPLE.export,
      name: 'Test Person',
      state: 'ACTIVE',
      services: ['demo'],
      attributes: { email: PEOPLE.export, firstName: 'Test', lastName: 'Person' },
      networks: [{ network: 'google', linkedAt }],
    });
    expect(account.addressProvenAt).not.toBeNull();
    expect(account.sessions).toHaveLength(1);
    expect(account.sessions[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(account)).not.toContain(session);
    expect(account.purchases).toEqual([
      expect.objectContaining({ orderId: order.id, planId: 'print-monthly-eur', status: 'ACTIVE', subscriptionId }),
    ]);
    expect(account.invitations).toEqual([
      expect.objectContaining({ direction: 'sent', email: PEOPLE.friend, status: 'PENDING' }),
    ]);
    const friend = await detail(await guidOf(PEOPLE.friend));
    expect(friend.invitations).toEqual([expect.objectContaining({ direction: 'received', status: 'PENDING' })]);

    const missing = await admin('GET', '/accounts/no-such-guid', keys.read);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('USER_PROFILE_NOT_FOUND');
  });

  it('refuses callers without the permission', async () => {
    const guid = await guidOf(PEOPLE.lock);
    expect((await admin('GET', '/accounts', keys.audit)).statusCode).toBe(403);
    for (const path of ['lock', 'unlock', 'activation/resend', 'password-reset']) {
      expect((await admin('POST', `/accounts/${guid}/${path}`, keys.read)).statusCode, path).toBe(403);
      expect((await admin('POST', `/accounts/${guid}/${path}`, keys.erase)).statusCode, path).toBe(403);
    }
    expect((await admin('POST', `/accounts/${guid}/sessions/end`, keys.read, {})).statusCode).toBe(403);
    expect((await admin('GET', `/accounts/${guid}/export`, keys.write)).statusCode).toBe(403);
    expect((await admin('DELETE', `/accounts/${guid}`, keys.write)).statusCode).toBe(403);
    expect((await admin('GET', '/accounts', '')).statusCode).toBe(401);
    expect((await detail(guid)).state).toBe('ACTIVE');
  });

  it('locks: the login is refused with USER_PROFILE_LOCKED and sessions end; unlocking lets the person in', async () => {
    const { guid, mainSession } = await loginOk(server, PEOPLE.lock, PASSWORD);
    const locked = await admin('POST', `/accounts/${guid}/lock`, keys.write);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(accountDetailSchema.parse(locked.json())).toMatchObject({ state: 'LOCKED', sessions: [] });
    expect(await sessionWorks(guid, mainSession.sessionId)).toBe(false);
    const refused = await login(server, PEOPLE.lock, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('USER_PROFILE_LOCKED');
    expect((await mailsTo(PEOPLE.lock)).map((mail) => mail.subject)).toContain('Your Foyer demo account was locked');

    const unlocked = await admin('POST', `/accounts/${guid}/unlock`, keys.write);
    expect(unlocked.json().state).toBe('ACTIVE');
    expect((await login(server, PEOPLE.lock, PASSWORD)).statusCode).toBe(200);
    expect((await mailsTo(PEOPLE.lock)).map((mail) => mail.subject)).toContain('Your Foyer demo account was unlocked');

    const audit = await auditOf(guid);
    expect(audit.map((entry) => entry.action)).toEqual(['account.unlock', 'account.lock']);
    expect(audit[1]).toMatchObject({
      before: { guid, state: 'ACTIVE' },
      after: { guid, state: 'LOCKED', sessionsEnded: 2 },
      actor: expect.stringMatching(/^apikey:/),
    });
  });

  it('never makes a session for a locked account, even for a login past its password check', async () => {
    const guid = await guidOf(INACTIVE);
    expect((await admin('POST', `/accounts/${guid}/lock`, keys.write)).json().state).toBe('LOCKED');
    // What a login that checked the password just before the lock committed does next.
    await expect(
      createSession(server.db, { guid, serviceName: 'demo', rememberMe: false, now: clock.now() }),
    ).rejects.toMatchObject({
      error: { code: 'USER_PROFILE_LOCKED' },
    });
    expect(await server.db.query('SELECT 1 FROM sessions WHERE guid = $1', [guid])).toEqual([]);
    expect((await admin('POST', `/accounts/${guid}/unlock`, keys.write)).json().state).toBe('INACTIVE');
  });

  it('gives an account locked before activation its activation back when unlocked', async () => {
    const guid = await guidOf(INACTIVE);
    expect((await admin('POST', `/accounts/${guid}/lock`, keys.write)).json().state).toBe('LOCKED');
    expect((await admin('POST', `/accounts/${guid}/unlock`, keys.write)).json().state).toBe('INACTIVE');
  });

  it('ends one session or all of them', async () => {
    const first = await loginOk(server, PEOPLE.sessions, PASSWORD);
    const second = await loginOk(server, PEOPLE.sessions, PASSWORD);
    const third = await loginOk(server, PEOPLE.sessions, PASSWORD);
    const guid = first.guid;
    const sessions = (await detail(guid)).sessions;
    expect(sessions).toHaveLength(3);

    const bad = await admin('POST', `/accounts/${guid}/sessions/end`, keys.write, { sessionId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('sessionId');

    // The session ids are what the detail lists: the hash of the first login's session.
    const { createHash } = await import('node:crypto');
    const firstHash = createHash('sha256').update(first.mainSession.sessionId).digest('hex');
    expect(sessions.map((session) => session.id)).toContain(firstHash);
    const one = await admin('POST', `/accounts/${guid}/sessions/end`, keys.write, { sessionId: firstHash });
    expect(one.json()).toEqual({ ended: 1 });
    expect(await sessionWorks(guid, first.mainSession.sessionId)).toBe(false);
    expect(await sessionWorks(guid, second.mainSession.sessionId)).toBe(true);

    const all = await admin('POST', `/accounts/${guid}/sessions/end`, keys.write, {});
    expect(all.json()).toEqual({ ended: 2 });
    expect(await sessionWorks(guid, second.mainSession.sessionId)).toBe(false);
    expect(await sessionWorks(guid, third.mainSession.sessionId)).toBe(false);
    expect((await detail(guid)).sessions).toEqual([]);
    const audit = await auditOf(guid);
    expect(audit.map((entry) => entry.after)).toEqual([
      { guid, state: 'ACTIVE', scope: 'all', ended: 2 },
      { guid, state: 'ACTIVE', scope: 'one', ended: 1 },
    ]);
  });

  it('resends the activation mail of an inactive account only, with a key that activates it', async () => {
    const guid = await guidOf(INACTIVE);
    const resent = await admin('POST', `/accounts/${guid}/activation/resend`, keys.write);
    expect(resent.statusCode, resent.body).toBe(200);
    const mail = (await mailsTo(INACTIVE)).find((message) => message.subject.startsWith('Activate'));
    expect(mail).toBeDefined();
    const key = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('activationKey')!;
    const activated = await server.app.inject({ method: 'POST', url: `/ic/api/userProfileActivationWorkflow/${key}` });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await detail(guid)).state).toBe('ACTIVE');

    const again = await admin('POST', `/accounts/${guid}/activation/resend`, keys.write);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ACCOUNT_NOT_INACTIVE');
    expect((await auditOf(guid)).map((entry) => entry.action)).toContain('account.activation.resend');
  });

  it('sends the normal reset mail, whose link sets a new password', async () => {
    const guid = await guidOf(PEOPLE.reset);
    const sent = await admin('POST', `/accounts/${guid}/password-reset`, keys.write);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await mailsTo(PEOPLE.reset)).find((message) => message.subject.startsWith('Reset your'));
    expect(mail).toBeDefined();
    const key = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('resetAttributeKey')!;
    const reset = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/resetAttributeWorkflow/${key}`,
      payload: { attributes: [{ name: 'password', value: 'a-brand-new-password-1' }] },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await login(server, PEOPLE.reset, 'a-brand-new-password-1')).statusCode).toBe(200);
    expect((await auditOf(guid))[0]).toMatchObject({
      action: 'account.password_reset',
      after: { guid, state: 'ACTIVE' },
    });
  });

  it('exports everything held about the person as a download, without secrets, and mails them', async () => {
    const guid = await guidOf(PEOPLE.export);
    const response = await admin('GET', `/accounts/${guid}/export`, keys.erase);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="account-${guid}.json"`);
    const document = accountExportSchema.parse(response.json());
    expect(document.account).toMatchObject({ guid, email: PEOPLE.export });
    const records = document.records as Record<string, Record<string, unknown>[]>;
    expect(records.identifiers).toEqual([{ realm: 'default', name: 'email', value: PEOPLE.export }]);
    expect(records.orders![0]).toMatchObject({ totalMinor: 2490, currency: 'EUR', deliveryAddress: ADDRESS });
    expect(records.orderItems![0]).toMatchObject({ planId: 'print-monthly-eur', priceMinor: 2490 });
    expect(records.payments![0]).toMatchObject({ status: 'SUCCEEDED', amountMinor: 2490 });
    expect(records.subscriptions![0]).toMatchObject({ planId: 'print-monthly-eur', status: 'ACTIVE' });
    expect(records.grants![0]).toMatchObject({ direction: 'sent', email: PEOPLE.friend, message: 'For you' });
    expect(records.addresses![0]).toMatchObject({ kind: 'delivery', values: ADDRESS });
    expect(records.socialProfiles![0]).toMatchObject({ network: 'google', socialUserId: 'g-123' });
    expect(records.billingEvents!.map((event) => event.type)).toContain('payment.succeeded');
    expect(records.activity!.map((event) => event.kind)).toContain('login');
    const text = response.body;
    const [row] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM user_profiles WHERE guid = $1',
      [guid],
    );
    expect(text).not.toContain(row!.password_hash);
    expect(text).not.toMatch(/password_?hash|client_?secret|idempotency|key_?hash|id_?hash/i);
    expect((await mailsTo(PEOPLE.export)).map((mail) => mail.subject)).toContain(
      'A copy of your Foyer demo data was made',
    );
    const [audit] = await auditOf(guid);
    expect(audit).toMatchObject({ action: 'account.export', after: { guid, state: 'ACTIVE' } });
    expect(JSON.stringify(audit)).not.toContain(PEOPLE.export);
  });

  it('erases: the address registers again, the orders keep their amounts without names or addresses', async () => {
    const { guid, mainSession } = await loginOk(server, PEOPLE.erase, PASSWORD);
    const session = mainSession.sessionId;
    const order = await orderOk(server, session, [{ product: 'demo-print', paymentPlan: 'print-monthly-eur' }], {
      deliveryAddressGroup: { values: ADDRESS },
      billingAddressGroup: { values: ADDRESS },
    });
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const subscriptionId = paid.json<{ purchases: { subscriptionId: string }[] }>().purchases[0]!.subscriptionId;
    const invited = await call(server, 'POST', '/widget/account/beneficiary/invite/', {
      session,
      payload: { subscriptionId, email: PEOPLE.friend, message: 'From erase-me' },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const friendGuid = await guidOf(PEOPLE.friend);
    const friendBefore = (await detail(friendGuid)).invitations.length;

    const erased = await admin('DELETE', `/accounts/${guid}`, keys.erase);
    expect(erased.statusCode, erased.body).toBe(200);
    const account = accountDetailSchema.parse(erased.json());
    expect(account).toMatchObject({ guid, state: 'ERASED', email: null, name: null, attributes: {}, roles: [] });
    expect(account.sessions).toEqual([]);
    expect(account.purchases[0]).toMatchObject({ orderId: order.id, status: 'EXPIRED' });

    // The financial records stay, anonymised.
    const [kept] = await server.db.query<{
      status: string;
      total_minor: unknown;
      currency: string;
      delivery_address: unknown;
      billing_address: unknown;
    }>('SELECT status, total_minor, currency, delivery_address, billing_address FROM orders WHERE id = $1', [order.id]);
    expect(kept).toMatchObject({ status: 'PAID', currency: 'EUR', delivery_address: null, billing_address: null });
    expect(Number(kept!.total_minor)).toBe(2490);
    const payments = await server.db.query<{ amount_minor: unknown; provider_reference: string | null }>(
      'SELECT amount_minor, provider_reference FROM payments WHERE order_id = $1',
      [order.id],
    );
    expect(payments.map((payment) => Number(payment.amount_minor))).toEqual([2490]);
    const items = await server.db.query('SELECT plan_id, price_minor FROM order_items WHERE order_id = $1', [order.id]);
    expect(items).toHaveLength(1);
    const personal = await server.db.query(
      `SELECT 'identifier' FROM user_identifiers WHERE guid = $1 UNION ALL
       SELECT 'address' FROM user_addresses WHERE guid = $1 UNION ALL
       SELECT 'session' FROM sessions WHERE guid = $1`,
      [guid],
    );
    expect(personal).toEqual([]);
    const subscriptions = await server.db.query<{ status: string }>(
      'SELECT status FROM subscriptions WHERE guid = $1',
      [guid],
    );
    expect(subscriptions.map((row) => row.status)).toEqual(['EXPIRED']);
    const events = await server.db.query<{ type: string; data: unknown }>(
      `SELECT type, data FROM billing_events WHERE guid = $1 AND type LIKE 'account.%' ORDER BY created_at, id`,
      [guid],
    );
    expect(events.map((event) => event.type)).toContain('account.deleted');
    expect(JSON.stringify(events)).not.toContain(PEOPLE.erase);
    // The invitation it sent ended with its subscription, without the invitee's address or the message.
    const grants = await server.db.query('SELECT email, message, status FROM grants WHERE owner_guid = $1', [guid]);
    expect(grants).toEqual([{ email: '(erased)', message: null, status: 'REMOVED' }]);
    expect((await detail(friendGuid)).invitations).toHaveLength(friendBefore - 1);

    // Gone for the visitor side: no login, no session; the address is free to register again.
    expect(await sessionWorks(guid, session)).toBe(false);
    const refused = await login(server, PEOPLE.erase, PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('IDENTIFIERS_INVALID');
    const again = await register(server, registerBody(PEOPLE.erase));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().guid).not.toBe(guid);

    // Mailed to the address held before.
    const mails = await mailsTo(PEOPLE.erase);
    expect(mails.map((mail) => mail.subject)).toContain('Your Foyer demo data was erased');

    const second = await admin('DELETE', `/accounts/${guid}`, keys.erase);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ACCOUNT_ERASED');
    for (const [method, path] of [
      ['POST', 'lock'],
      ['POST', 'unlock'],
      ['POST', 'password-reset'],
      ['POST', 'activation/resend'],
      ['GET', 'export'],
    ] as const) {
      const response = await admin(method, `/accounts/${guid}/${path}`, keys.all);
      expect(response.statusCode, path).toBe(409);
      expect(response.json().code).toBe('ACCOUNT_ERASED');
    }
    expect((await admin('POST', `/accounts/${guid}/sessions/end`, keys.all, {})).statusCode).toBe(409);
    expect((await list('state=ERASED')).items.map((item) => item.guid)).toEqual([guid]);

    const audit = await auditOf(guid);
    expect(audit.map((entry) => entry.action)).toEqual(['account.erase']);
    expect(audit[0]).toMatchObject({
      before: { guid, state: 'ACTIVE' },
      after: { guid, state: 'ERASED', subscriptionsEnded: 1 },
    });
  });
});
