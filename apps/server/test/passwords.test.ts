import { formatAuthorization } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, extendedSeed, linkParam, login, loginOk, mailbox, profileAuth, testClock, testServer } from './helpers';

const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  const seed = extendedSeed();
  seed.services = seed.services.map((service) =>
    service.name === 'news' ? { ...service, requireOldPassword: false } : service,
  );
  server = await testServer({ now: clock.now, seed, loginRateLimit: { perAddress: 1000 } });
});
afterAll(() => server.close());

const forgot = (query: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/ic/api/userProfile/resetAttributeWorkflow/default?${query}`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }), ...headers },
  });
const reset = (key: string, password: string) =>
  server.app.inject({
    method: 'PUT',
    url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(key)}`,
    payload: { attributes: [{ name: 'password', value: password }] },
  });
const changePassword = (guid: string, sessionId: string, body: object, serviceName = 'demo') =>
  server.app.inject({
    method: 'PUT',
    url: `/ic/api/userProfile/${guid}/password`,
    headers: { authorization: profileAuth(sessionId, serviceName) },
    payload: body,
  });
const sessionWorks = async (sessionId: string) =>
  (await server.app.inject({ method: 'GET', url: `/ic/api/session/${sessionId}` })).statusCode === 200;

describe('forgot password and reset', () => {
  it('answers known, unknown, inactive and locked accounts alike; mails only existing, unlocked ones', async () => {
    const before = (await mailbox(server)).length;
    const answers = await Promise.all([
      forgot('realm=default&email=nobody%40foyer.test'),
      forgot('realm=default&email=locked%40foyer.test'),
      forgot('realm=default&email=Other%40foyer.test'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify({ accepted: true }));
    }
    const mails = await mailbox(server);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ to: 'other@foyer.test', subject: 'Reset your Foyer demo password' });
    expect(mails[0]!.text).toMatch(
      /http:\/\/localhost:8080\/reset-password\?resetAttributeKey=[\w-]{43}&serviceName=demo/,
    );
  });

  it('resets with the mailed key once, ends every session, does not log in, and the old password stops working', async () => {
    const session = await loginOk(server, DEMO.email);
    expect((await forgot('realm=default&email=demo%40foyer.test')).statusCode).toBe(200);
    const key = linkParam((await mailbox(server))[0]!, 'resetAttributeKey');
    expect(await server.db.query('SELECT 1 FROM workflow_keys WHERE key_hash = $1', [key])).toEqual([]);

    const tooShort = await reset(key, '12345');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Password'] });

    const done = await reset(key, 'brand-new-pass');
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect(await sessionWorks(session.mainSession.sessionId)).toBe(false);
    expect((await login(server, DEMO.email, DEMO.password)).json().code).toBe('IDENTIFIERS_INVALID');
    expect((await login(server, DEMO.email, 'brand-new-pass')).statusCode).toBe(200);

    const used = await reset(key, 'another-pass-1');
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual({
      code: 'RESET_USER_PROFILE_NOT_FOUND',
      message: 'This reset link has already been used or has expired.',
      args: [],
    });
    expect((await reset('made-up', 'another-pass-1')).json().code).toBe('RESET_USER_PROFILE_NOT_FOUND');
  });

  it('lets the reset key expire after an hour, and only the latest key works', async () => {
    await forgot('realm=default&email=other%40foyer.test');
    const older = linkParam((await mailbox(server))[0]!, 'resetAttributeKey');
    await forgot('realm=default&email=other%40foyer.test');
    const newer = linkParam((await mailbox(server))[0]!, 'resetAttributeKey');
    expect((await reset(older, 'whatever-1')).statusCode).toBe(404);
    clock.advance(3600_000);
    expect((await reset(newer, 'whatever-1')).json().code).toBe('RESET_USER_PROFILE_NOT_FOUND');
  });

  it('activates an inactive account (the mail proved the address) and forgives login delays', async () => {
    for (let i = 0; i < 11; i += 1) await login(server, 'inactive@foyer.test', `guess-${i}`);
    expect((await login(server, 'inactive@foyer.test', 'guess')).statusCode).toBe(429);
    await forgot('realm=default&email=inactive%40foyer.test');
    expect((await reset(linkParam((await mailbox(server))[0]!, 'resetAttributeKey'), 'fresh-pass-1')).statusCode).toBe(
      204,
    );
    expect((await login(server, 'inactive@foyer.test', 'fresh-pass-1')).statusCode).toBe(200);
  });

  it('checks the query: scheme, realm and identifiers', async () => {
    const noEmail = await forgot('realm=default');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['query.email'] });
    expect((await forgot('email=a%40b.c')).json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['query.realm'] });
    expect((await forgot('realm=other&email=a%40b.c')).json().code).toBe('AUTHENTICATION_SCHEME_NOT_FOUND');
    expect(
      (
        await forgot('realm=default&email=a%40b.c', { authorization: formatAuthorization({ serviceName: 'ghost' }) })
      ).json().code,
    ).toBe('SERVICE_NOT_FOUND');
  });
});

describe('PUT /userProfile/:id/password (change password)', () => {
  it('needs the old password, ends the other sessions only, and the new password works', async () => {
    const mine = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const elsewhere = await loginOk(server, 'other@foyer.test', 'right-password-1');
    const id = mine.guid;
    const sid = mine.mainSession.sessionId;

    const noOld = await changePassword(id, sid, { newPassword: 'changed-pass-1' });
    expect(noOld.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['oldPassword'] });
    const wrongOld = await changePassword(id, sid, { oldPassword: 'nope', newPassword: 'changed-pass-1' });
    expect(wrongOld.statusCode).toBe(401);
    expect(wrongOld.json().code).toBe('IDENTIFIERS_INVALID');
    const short = await changePassword(id, sid, { oldPassword: 'right-password-1', newPassword: 'abc' });
    expect(short.json()).toMatchObject({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Password'] });

    const ok = await changePassword(id, sid, { oldPassword: 'right-password-1', newPassword: 'changed-pass-1' });
    expect(ok.statusCode).toBe(204);
    expect(await sessionWorks(sid)).toBe(true);
    expect(await sessionWorks(elsewhere.mainSession.sessionId)).toBe(false);
    expect((await login(server, 'other@foyer.test', 'right-password-1')).statusCode).toBe(401);
    expect((await login(server, 'other@foyer.test', 'changed-pass-1')).statusCode).toBe(200);
  });

  it('skips the old password when the service does not require it', async () => {
    const session = await loginOk(server, 'other@foyer.test', 'changed-pass-1', { serviceName: 'news' });
    const response = await changePassword(
      session.guid,
      session.mainSession.sessionId,
      { newPassword: 'changed-pass-2' },
      'news',
    );
    expect(response.statusCode).toBe(204);
    // A wrong old password given anyway is still refused.
    const wrong = await changePassword(
      session.guid,
      session.mainSession.sessionId,
      { oldPassword: 'nope', newPassword: 'changed-pass-3' },
      'news',
    );
    expect(wrong.json().code).toBe('IDENTIFIERS_INVALID');
  });

  it('is only for the session’s own user and slows guessing of the old password', async () => {
    const demo = await loginOk(server, DEMO.email, 'brand-new-pass');
    const other = await loginOk(server, 'other@foyer.test', 'changed-pass-2');
    expect(
      (
        await changePassword(other.guid, demo.mainSession.sessionId, { oldPassword: 'x', newPassword: 'hijacked-1' })
      ).json().code,
    ).toBe('FORBIDDEN');
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/userProfile/${demo.guid}/password`,
      payload: { oldPassword: 'x', newPassword: 'hijacked-1' },
    });
    expect(anonymous.json().code).toBe('UNAUTHORIZED');

    for (let i = 0; i < 10; i += 1) {
      const wrong = await changePassword(demo.guid, demo.mainSession.sessionId, {
        oldPassword: `g${i}`,
        newPassword: 'x-123456',
      });
      expect(wrong.json().code).toBe('IDENTIFIERS_INVALID');
    }
    const refused = await changePassword(demo.guid, demo.mainSession.sessionId, {
      oldPassword: 'brand-new-pass',
      newPassword: 'x-123456',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});
