/**
 * Issue 11, finding 2: a stolen main session cannot move an account to another address. Changing
 * the e-mail needs a fresh proof of the password (the secure session, or the current password),
 * takes effect only when the new address confirms the mailed link, and the old address is told.
 */
import { profileUpdateResultSchema, type MailboxMessage } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { extendedSeed, linkParam, login, loginOk, mailbox, profileAuth, testServer } from './helpers';

let server: PreparedServer;
const PASSWORD = 'right-password-1';

beforeAll(async () => {
  const seed = extendedSeed();
  const account = seed.accounts.find((candidate) => candidate.identifiers.email === 'other@foyer.test')!;
  seed.accounts.push(
    ...['mover', 'secure', 'reset', 'race'].map((name) => ({
      ...account,
      identifiers: { email: `${name}@foyer.test` },
    })),
  );
  server = await testServer({ seed, siteUrl: 'http://site.test:8080' });
});
afterAll(() => server.close());

function put(guid: string, sessionId: string, payload: object) {
  return server.app.inject({
    method: 'PUT',
    url: `/ic/api/userProfile/${guid}`,
    headers: { authorization: profileAuth(sessionId) },
    payload,
  });
}
const confirm = (guid: string, key: string) =>
  server.app.inject({ method: 'POST', url: `/ic/api/userProfile/${guid}/identifier/confirm`, payload: { key } });
const mailTo = async (to: string): Promise<MailboxMessage[]> =>
  (await mailbox(server)).filter((mail) => mail.to === to);
const email = (profile: { attributes: { name: string; value: string }[] }) =>
  profile.attributes.find((attribute) => attribute.name === 'email')?.value;

describe('changing the e-mail address', () => {
  it('refuses the main session alone, and a wrong password, without changing anything or saying whether the address is taken', async () => {
    const session = await loginOk(server, 'mover@foyer.test', PASSWORD);
    const sid = session.mainSession.sessionId;
    const bare = await put(session.guid, sid, { attributes: [{ name: 'email', value: 'thief@evil.test' }] });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('secure_session_expired');
    const taken = await put(session.guid, sid, { attributes: [{ name: 'email', value: 'demo@foyer.test' }] });
    expect(taken.json().code).toBe('secure_session_expired');
    const wrong = await put(session.guid, sid, {
      attributes: [{ name: 'email', value: 'thief@evil.test' }],
      currentPassword: 'guess',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('IDENTIFIERS_INVALID');
    expect(await mailTo('thief@evil.test')).toEqual([]);
    expect((await login(server, 'mover@foyer.test', PASSWORD)).statusCode).toBe(200);
    // Other attributes stay editable with the main session alone.
    const renamed = await put(session.guid, sid, { attributes: [{ name: 'firstName', value: 'Renamed' }] });
    expect(renamed.statusCode).toBe(200);
  });

  it('with the current password: 202, saved other attributes, nothing changes until the new address confirms; the old one is told', async () => {
    const session = await loginOk(server, 'mover@foyer.test', PASSWORD);
    const response = await put(session.guid, session.mainSession.sessionId, {
      attributes: [
        { name: 'email', value: 'Moved@Foyer.test' },
        { name: 'lastName', value: 'Moved' },
      ],
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(202);
    const result = profileUpdateResultSchema.parse(response.json());
    expect(result.pendingConfirmation).toEqual(['email']);
    expect(email(result)).toBe('mover@foyer.test');
    expect(result.attributes).toContainEqual({ name: 'lastName', value: 'Moved' });
    expect((await login(server, 'moved@foyer.test', PASSWORD)).statusCode).toBe(401);
    expect((await login(server, 'mover@foyer.test', PASSWORD)).statusCode).toBe(200);

    const [confirmation] = await mailTo('Moved@Foyer.test');
    expect(confirmation?.text).toContain('http://site.test:8080/confirm-identifier?');
    const [notice] = await mailTo('mover@foyer.test');
    expect(notice?.subject).toMatch(/about to change/);
    expect(notice?.text).toContain('M…@Foyer.test');
    expect(notice?.text).not.toContain('identifierChangeKey');

    const key = linkParam(confirmation!, 'identifierChangeKey');
    expect(linkParam(confirmation!, 'guid')).toBe(session.guid);
    const demo = await loginOk(server);
    expect((await confirm(demo.guid, key)).statusCode).toBe(404);
    expect((await confirm(session.guid, 'not-the-key')).json().code).toBe('ACTIVATION_KEY_NOT_FOUND');
    expect((await confirm(session.guid, key)).statusCode).toBe(204);
    expect((await confirm(session.guid, key)).statusCode).toBe(404);
    expect((await login(server, 'moved@foyer.test', PASSWORD)).statusCode).toBe(200);
    expect((await login(server, 'mover@foyer.test', PASSWORD)).statusCode).toBe(401);
  });

  it('a live secure session is the proof; it is not accepted as a main session elsewhere', async () => {
    const session = await loginOk(server, 'secure@foyer.test', PASSWORD);
    const secureId = session.secureSession!.sessionId;
    const response = await put(session.guid, secureId, {
      attributes: [{ name: 'email', value: 'secure2@foyer.test' }],
    });
    expect(response.statusCode).toBe(202);
    const link = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${session.guid}/link/news`,
      // A frame of the news service links the account to its service.
      headers: { authorization: profileAuth(secureId, 'news') },
    });
    expect(link.statusCode).toBe(401);
    const orders = await server.app.inject({
      method: 'GET',
      url: `/pm/api/widget/profile/validate/demo?ev_ss=${secureId}`,
    });
    expect(orders.json().code).toBe('not_logged_in');
    const password = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/userProfile/${session.guid}/password`,
      headers: { authorization: profileAuth(secureId) },
      payload: { oldPassword: PASSWORD, newPassword: 'another-password-1' },
    });
    expect(password.statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: `/ic/api/session/${secureId}` })).statusCode).toBe(404);
  });

  it('a password reset by the owner cancels a pending change', async () => {
    const session = await loginOk(server, 'reset@foyer.test', PASSWORD);
    await put(session.guid, session.mainSession.sessionId, {
      attributes: [{ name: 'email', value: 'attacker@evil.test' }],
      currentPassword: PASSWORD,
    });
    const key = linkParam((await mailTo('attacker@evil.test'))[0]!, 'identifierChangeKey');
    await server.app.inject({
      method: 'POST',
      url: '/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=reset%40foyer.test',
    });
    const resetMail = (await mailTo('reset@foyer.test')).find((mail) => /Reset/.test(mail.subject))!;
    const reset = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(linkParam(resetMail, 'resetAttributeKey'))}`,
      payload: { attributes: [{ name: 'password', value: 'owner-again-1' }] },
    });
    expect(reset.statusCode).toBe(204);
    expect((await confirm(session.guid, key)).statusCode).toBe(404);
    expect((await login(server, 'reset@foyer.test', 'owner-again-1')).statusCode).toBe(200);
  });

  it('the purchase flow’s profile update cannot change the e-mail address either', async () => {
    const session = await loginOk(server, 'race@foyer.test', PASSWORD);
    const response = await server.app.inject({
      method: 'PUT',
      url: `/pm/api/widget/profile/demo?ev_ss=${encodeURIComponent(session.mainSession.sessionId)}`,
      payload: [{ name: 'email', value: 'thief2@evil.test' }],
    });
    expect(response.statusCode).toBe(400);
    expect((await login(server, 'race@foyer.test', PASSWORD)).statusCode).toBe(200);
    expect(await mailTo('thief2@evil.test')).toEqual([]);
  });

  it('refuses changing a validator through the profile', async () => {
    const session = await loginOk(server, 'race@foyer.test', PASSWORD);
    const response = await put(session.guid, session.mainSession.sessionId, {
      attributes: [{ name: 'password', value: 'hijacked-1' }],
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect((await login(server, 'race@foyer.test', PASSWORD)).statusCode).toBe(200);
  });
});
