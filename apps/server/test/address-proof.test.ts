/**
 * Issue 24, findings 1, 3 and 9: an e-mail address counts as its owner's only once proven
 * (migration 024). The purchase flow's sign-up makes a usable ACTIVE account for an address
 * nobody proved; whoever typed it must not plant a social link on it, take invitations sent to it,
 * or get a Disqus sign-on with it; the owner's reset proves it and drops what was attached before.
 * A password change ends a pending e-mail change along with the other sessions.
 */
import {
  formatAuthorization,
  grantInvitationsSchema,
  purchasesSchema,
  type MailboxMessage,
  type SessionResponse,
  type SocialNetwork,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledProductIds } from '../src/account/entitlements';
import { markAddressProven, updateAccount } from '../src/identity/accounts';
import { findAccountByGuid } from '../src/identity/store';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { linkParam, login, loginOk, mailbox, profileAuth } from './helpers';
import { link, socialRegister, socialTestServer, ticketOf } from './social-helpers';
import { call, orderOk } from './widget/helpers';

let standIn: SocialStandIn;
let server: PreparedServer;
let people = 0;

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await socialTestServer(
    standIn,
    { name: 'plain', displayName: 'No social', allowedHostOrigins: ['http://localhost:*'], social: {} },
    { loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } },
  );
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** A fresh person at the provider, with an address of their own. */
function person(network: SocialNetwork, email?: string) {
  people += 1;
  const id = `${network}-proof-${people}`;
  standIn.setPerson(network, { id, email: email ?? `${id}@social.test`, firstName: 'Pat', lastName: 'Person' });
  return id;
}

/** The purchase flow's sign-up (POST /pm/api/widget/profile/demo without a session). */
async function purchaseSignUp(email: string, password: string): Promise<string> {
  const created = await call(server, 'POST', '/widget/profile/demo', {
    payload: [
      { name: 'email', value: email },
      { name: 'password', value: password },
      { name: 'confirmPassword', value: password },
      { name: 'firstName', value: 'Mallory' },
      { name: 'lastName', value: 'Squatter' },
    ],
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { guid: string }).guid;
}

const mailTo = async (to: string): Promise<MailboxMessage[]> =>
  (await mailbox(server)).filter((mail) => mail.to === to);

/** Forgot password → the mailed link → a new password: what the address's owner does. */
async function resetByMail(email: string, password: string): Promise<void> {
  await server.app.inject({
    method: 'POST',
    url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email)}`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
  });
  const resetMail = (await mailTo(email)).find((mail) => /^Reset/.test(mail.subject));
  expect(resetMail, `reset mail to ${email}`).toBeDefined();
  const reset = await server.app.inject({
    method: 'PUT',
    url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(linkParam(resetMail!, 'resetAttributeKey'))}`,
    payload: { attributes: [{ name: 'password', value: password }] },
  });
  expect(reset.statusCode).toBe(204);
}

function socialSignIn(network: SocialNetwork, ticket: string) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${network}/session`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: { ticket, realmName: 'default', serviceName: 'demo' },
  });
}

const disqus = (session: SessionResponse) =>
  server.app.inject({
    method: 'GET',
    url: `/ic/api/disqus/remoteauth?site=foyer-demo&session=${session.mainSession.sessionId}`,
  });

/** Asks for a change of the account's address with its password; answers the confirmation key. */
async function requestAddressChange(session: SessionResponse, password: string, to: string): Promise<string> {
  const asked = await server.app.inject({
    method: 'PUT',
    url: `/ic/api/userProfile/${session.guid}`,
    headers: { authorization: profileAuth(session.mainSession.sessionId) },
    payload: { attributes: [{ name: 'email', value: to }], currentPassword: password },
  });
  expect(asked.statusCode).toBe(202);
  const [confirmation] = await mailTo(to);
  return linkParam(confirmation!, 'identifierChangeKey');
}

const confirmAddressChange = (guid: string, key: string) =>
  server.app.inject({ method: 'POST', url: `/ic/api/userProfile/${guid}/identifier/confirm`, payload: { key } });

describe('finding 1: pre-registration through the purchase flow', () => {
  it('the squatter can pay, but cannot link a network to the unproven address, nor get a Disqus sign-on with it', async () => {
    const victim = `victim-${people}@foyer.test`;
    await purchaseSignUp(victim, 'squatter-pass-1');
    const squatter = await loginOk(server, victim, 'squatter-pass-1');

    person('google', 'mallory@evil.test');
    const refused = await link(server, squatter, 'google', await ticketOf(server, 'google'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADDRESS_NOT_PROVEN' });
    // No link, no "linked" notice to the victim's address either.
    expect((await mailTo(victim)).filter((mail) => /linked/.test(mail.subject))).toEqual([]);

    const sso = await disqus(squatter);
    expect(sso.statusCode).toBe(403);
    expect(sso.json()).toMatchObject({ code: 'ADDRESS_NOT_PROVEN' });

    // The owner claims the address: the squatter's network (had it been linked) signs in to nothing.
    await resetByMail(victim, 'owner-at-last-1');
    expect((await socialSignIn('google', await ticketOf(server, 'google'))).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });

    // Proven now: the owner links their own network and comments through Disqus as themselves.
    const owner = await loginOk(server, victim, 'owner-at-last-1');
    person('google', victim);
    expect((await link(server, owner, 'google', await ticketOf(server, 'google'))).statusCode).toBe(200);
    const signed = await disqus(owner);
    expect(signed.statusCode).toBe(200);
    const [message] = (signed.json() as { token: string }).token.split(' ');
    expect(JSON.parse(Buffer.from(message!, 'base64').toString())).toMatchObject({ email: victim });
  });

  it('the reset that proves the address drops the links and pending change made before, and the mail says so', async () => {
    // A social registration with an address X did not vouch for (INACTIVE, linked to X) …
    people += 1;
    standIn.setPerson('twitter', { id: `twitter-proof-${people}`, firstName: 'Pat', lastName: 'Person' });
    const victim = `victim-${people}@foyer.test`;
    expect((await socialRegister(server, 'twitter', await ticketOf(server, 'twitter'), victim)).statusCode).toBe(202);
    await resetByMail(victim, 'owner-at-last-1');
    const [notice] = (await mailTo(victim)).filter((mail) => /password was reset/.test(mail.subject));
    expect(notice?.text).toContain('X');
    expect(notice?.text).toMatch(/removed/);
    expect((await socialSignIn('twitter', await ticketOf(server, 'twitter'))).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });

    // … and a purchase sign-up whose squatter asked to move it to an address of theirs.
    const other = `victim-b-${people}@foyer.test`;
    const guid = await purchaseSignUp(other, 'squatter-pass-1');
    const squatter = await loginOk(server, other, 'squatter-pass-1');
    const key = await requestAddressChange(squatter, 'squatter-pass-1', `mallory-${people}@evil.test`);
    await resetByMail(other, 'owner-at-last-2');
    const [second] = (await mailTo(other)).filter((mail) => /password was reset/.test(mail.subject));
    expect(second?.text).toMatch(/pending change of its sign-in e-mail address/);
    expect((await confirmAddressChange(guid, key)).json()).toMatchObject({ code: 'ACTIVATION_KEY_NOT_FOUND' });
    expect((await login(server, other, 'owner-at-last-2')).statusCode).toBe(200);
  });

  it('a registration without activation is unproven too; following the activation mail proves the address', async () => {
    const email = `registered-${people}@foyer.test`;
    const registered = await server.app.inject({
      method: 'POST',
      url: '/ic/api/userProfile',
      payload: {
        realm: 'default',
        services: ['demo'],
        attributes: [
          { name: 'email', value: email },
          { name: 'password', value: 'new-password-1' },
          { name: 'firstName', value: 'Ada' },
          { name: 'lastName', value: 'Lovelace' },
        ],
      },
    });
    expect(registered.statusCode).toBe(201);
    const [activation] = await mailTo(email);
    const activated = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfileActivationWorkflow/${encodeURIComponent(linkParam(activation!, 'activationKey'))}`,
    });
    expect(activated.statusCode).toBe(200);
    const session = await loginOk(server, email, 'new-password-1');
    person('facebook');
    expect((await link(server, session, 'facebook', await ticketOf(server, 'facebook'))).statusCode).toBe(200);
  });
});

describe('what proves an address, and what unproves it', () => {
  it('an address that changes without its confirmation mail is unproven again; other attributes keep the proof', async () => {
    const guid = await purchaseSignUp(`renamed-${people}@foyer.test`, 'buyer-pass-1');
    await markAddressProven(server.db, guid, Date.now());
    const account = (await findAccountByGuid(server.db, guid))!;
    const update = (attributes: Record<string, string>) =>
      updateAccount(server.db, {
        guid,
        realmName: account.realmName,
        attributes,
        roles: [],
        identifiers: [],
        now: Date.now(),
      });
    await update({ ...account.attributes, firstName: 'Renamed' });
    expect((await findAccountByGuid(server.db, guid))!.addressProvenAt).not.toBeNull();
    // What a realm that signs in by user name allows: the mail address is a plain attribute.
    await update({ ...account.attributes, email: `elsewhere-${people}@evil.test` });
    expect((await findAccountByGuid(server.db, guid))!.addressProvenAt).toBeNull();
  });
});

describe('finding 3: invitations to an address someone else signed up', () => {
  let owner: SessionResponse;
  let subscriptionId: string;

  beforeAll(async () => {
    // The demo account (seeded ACTIVE: its address counts as proven) subscribes and invites.
    owner = await loginOk(server);
    const session = owner.mainSession.sessionId;
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }]);
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paid.statusCode).toBe(200);
    const purchases = purchasesSchema.parse(
      (await call(server, 'GET', '/widget/account/purchases/', { session })).json(),
    );
    subscriptionId = purchases.find((purchase) => purchase.subscription)!.subscription!.id;
  });

  const invite = (email: string) =>
    call(server, 'POST', '/widget/account/beneficiary/invite/', {
      session: owner.mainSession.sessionId,
      payload: { subscriptionId, email },
    });

  it('the squatter neither sees nor accepts the invitation by its id; the owner of the address does, once proven', async () => {
    const friend = 'friend-24@foyer.test';
    expect((await invite(friend)).statusCode).toBe(201);
    await purchaseSignUp(friend, 'squatter-pass-1');
    const squatter = await loginOk(server, friend, 'squatter-pass-1');
    const as = (session: SessionResponse) => ({ session: session.mainSession.sessionId });

    const received = await call(server, 'GET', '/widget/account/grant/received', as(squatter));
    expect(grantInvitationsSchema.parse(received.json())).toEqual([]);
    const identityReceived = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${squatter.guid}/grant/received`,
      headers: { authorization: profileAuth(squatter.mainSession.sessionId) },
    });
    expect(grantInvitationsSchema.parse(identityReceived.json())).toEqual([]);
    // The id is no secret (the owner's lists, the invitee's): it alone takes nothing.
    const sent = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
      headers: { authorization: profileAuth(owner.mainSession.sessionId) },
    });
    const grant = grantInvitationsSchema.parse(sent.json()).find((row) => row.email === friend)!;
    expect(
      (await call(server, 'GET', `/widget/account/grant/invitation/${grant.key}`, as(squatter))).json(),
    ).toMatchObject({
      code: 'grant_not_found',
    });
    const taken = await call(server, 'POST', `/widget/account/grant/action/${grant.key}/accept`, as(squatter));
    expect(taken.json()).toMatchObject({ code: 'action_accept_fail' });
    expect(await entitledProductIds(server.db, squatter.guid, Date.now())).toEqual([]);

    // The address's owner proves it with a reset, then finds and accepts the invitation.
    await resetByMail(friend, 'owner-at-last-1');
    const real = await loginOk(server, friend, 'owner-at-last-1');
    const mine = grantInvitationsSchema.parse(
      (await call(server, 'GET', '/widget/account/grant/received', as(real))).json(),
    );
    expect(mine.map((row) => row.key)).toEqual([grant.key]);
    const accepted = await call(server, 'POST', `/widget/account/grant/action/${grant.key}/accept`, as(real));
    expect(accepted.statusCode).toBe(200);
    expect(await entitledProductIds(server.db, real.guid, Date.now())).toEqual(['demo-digital']);
  });

  it('the mailed key still works from an unproven account: it proves the mailbox', async () => {
    const invitee = 'keyholder-24@foyer.test';
    expect((await invite(invitee)).statusCode).toBe(201);
    const mail = (await mailTo(invitee))[0]!;
    await purchaseSignUp(invitee, 'buyer-pass-1');
    const buyer = await loginOk(server, invitee, 'buyer-pass-1');
    const key = linkParam(mail, 'invitationKey');
    const accepted = await call(server, 'POST', `/widget/account/grant/action/${encodeURIComponent(key)}/accept`, {
      session: buyer.mainSession.sessionId,
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('finding 9: a password change', () => {
  it('cancels a pending e-mail change and ends the other sessions, this one staying', async () => {
    const email = `changer-${people}@foyer.test`;
    const guid = await purchaseSignUp(email, 'first-pass-1');
    const thief = await loginOk(server, email, 'first-pass-1');
    const key = await requestAddressChange(thief, 'first-pass-1', `thief-${people}@evil.test`);

    const mine = await loginOk(server, email, 'first-pass-1');
    const changed = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/userProfile/${guid}/password`,
      headers: { authorization: profileAuth(mine.mainSession.sessionId) },
      payload: { oldPassword: 'first-pass-1', newPassword: 'second-pass-1' },
    });
    expect(changed.statusCode).toBe(204);

    const confirmed = await confirmAddressChange(guid, key);
    expect(confirmed.statusCode).toBe(404);
    expect(confirmed.json()).toMatchObject({ code: 'ACTIVATION_KEY_NOT_FOUND' });
    expect((await login(server, email, 'second-pass-1')).statusCode).toBe(200);
    const alive = async (session: SessionResponse) =>
      (await server.app.inject({ method: 'GET', url: `/ic/api/session/${session.mainSession.sessionId}` })).statusCode;
    expect(await alive(thief)).not.toBe(200);
    expect(await alive(mine)).toBe(200);
  });
});
