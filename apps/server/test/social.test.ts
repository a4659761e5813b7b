/**
 * Social sign-in against local stand-ins of the four networks (oauth2-mock-server, one per
 * network, shaped like each provider's documented user info): the OAuth step with PKCE and state
 * on the server, tickets, sign-in, registration, linking and unlinking, and the spec's codes.
 */
import { createHash } from 'node:crypto';
import { formatAuthorization, type SessionResponse, type SocialNetwork } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import {
  link as linkSocially,
  popup as journey,
  proved,
  socialRegister as registerSocially,
  socialTestServer,
  ticketOf as socialTicket,
  unlink as unlinkSocially,
} from './social-helpers';
import { DEMO, linkParam, login, loginOk, mailbox, profileAuth, register, registerBody } from './helpers';

let standIn: SocialStandIn;
let server: PreparedServer;
let people = 0;

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await socialTestServer(standIn, {
    name: 'plain',
    displayName: 'No social',
    allowedHostOrigins: ['http://localhost:*'],
    social: { google: standIn.config.google },
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** A fresh person at the provider (distinct ids, so tests do not meet each other's links). */
function person(network: SocialNetwork, overrides: { email?: string | null } = {}) {
  people += 1;
  const id = `${network}-person-${people}`;
  const email = overrides.email === null ? undefined : (overrides.email ?? `${id}@social.test`);
  standIn.setPerson(network, { id, ...(email ? { email } : {}), firstName: 'Pat', lastName: `Person${people}` });
  return { id, email };
}

const popup = (network: string, serviceName = 'demo', attempt = 'attempt-12345') =>
  journey(server, network, serviceName, attempt);
const ticketOf = (network: SocialNetwork, serviceName = 'demo') => socialTicket(server, network, serviceName);

function socialSession(network: string, ticket: string, query = '', serviceName = 'demo') {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${network}/session${query}`,
    headers: { authorization: formatAuthorization({ serviceName }) },
    payload: { ticket, realmName: 'default', serviceName },
  });
}

const socialRegister = (network: string, ticket: string, email: string) =>
  registerSocially(server, network, ticket, email);

const link = (session: SessionResponse, network: string, ticket: string) =>
  linkSocially(server, session, network, ticket);

const unlink = (session: SessionResponse, network: string) => unlinkSocially(server, session, network);

describe('the OAuth step', () => {
  it('sends the visitor to the provider with state and an S256 PKCE challenge, and checks the verifier', async () => {
    person('google');
    const { providerUrl, back, page, outcome } = await popup('google');
    expect(providerUrl.origin).toBe(new URL(standIn.issuers.google).origin);
    expect(providerUrl.searchParams.get('response_type')).toBe('code');
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('scope')).toBe('openid profile email');
    expect(providerUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8081/ic/api/social/callback');
    expect(back.searchParams.get('state')).toBe(providerUrl.searchParams.get('state'));
    const exchange = standIn.tokenRequests.google.at(-1)!;
    const challenge = createHash('sha256').update(exchange.code_verifier!).digest('base64url');
    expect(challenge).toBe(providerUrl.searchParams.get('code_challenge'));
    expect(exchange.client_secret).toBe(standIn.config.google.clientSecret);
    expect(outcome).toMatchObject({ type: 'foyer:social-outcome', attempt: 'attempt-12345', network: 'google' });
    // The access token the stand-in issued never reaches the browser.
    expect(page.body).not.toMatch(/access_token|Bearer/);
    // The page posts to the widgets origin only.
    expect(page.body).toContain('"http://127.0.0.1:8081"');
  });

  it('answers a replayed state with nothing, and a refusal at the provider with access_denied', async () => {
    person('google');
    const { back } = await popup('google');
    const again = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(again.body).toContain('var o=null;');

    standIn.setPerson('google', { id: 'nobody', deny: true });
    const { outcome } = await popup('google');
    expect(outcome).toMatchObject({ error: 'access_denied' });
  });

  it('asks X without an e-mail scope and authenticates to its token endpoint with HTTP Basic', async () => {
    person('twitter');
    const { providerUrl } = await popup('twitter');
    expect(providerUrl.searchParams.get('scope')).toBe('users.read tweet.read');
    expect(standIn.tokenRequests.twitter.at(-1)!.authorization).toMatch(/^Basic /);
  });

  it('refuses an unsupported network and reports a network the service has not configured', async () => {
    const bad = await server.app.inject({
      method: 'GET',
      url: '/ic/api/social/myspace/authorize?serviceName=demo&attempt=abcdefgh',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'SOCIAL_NETWORK_NOT_SUPPORTED', args: ['myspace'] });
    const unconfigured = await server.app.inject({
      method: 'GET',
      url: '/ic/api/social/facebook/authorize?serviceName=plain&attempt=abcdefgh',
    });
    expect(unconfigured.body).toContain('SOCIAL_SETTINGS_INVALID');
  });

  it('lists the networks the calling service configured', async () => {
    const permissions = await server.app.inject({
      method: 'GET',
      url: '/ic/api/social/permissions',
      headers: { authorization: formatAuthorization({ serviceName: 'plain' }) },
    });
    expect(permissions.json()).toEqual({ networks: [{ network: 'google', scopes: ['openid', 'profile', 'email'] }] });
  });

  it('asks each network only for the extendPermissions it has, in its own spelling', async () => {
    const extend = encodeURIComponent('birthday facebook:user_link google:https://www.googleapis.com/auth/calendar');
    const scopeAt = async (network: SocialNetwork) => {
      person(network);
      const start = await server.app.inject({
        method: 'GET',
        url: `/ic/api/social/${network}/authorize?serviceName=demo&attempt=attempt-12345&scope=${extend}`,
      });
      return new URL(start.headers.location as string).searchParams.get('scope');
    };
    expect(await scopeAt('facebook')).toBe('public_profile,email,user_birthday,user_link');
    expect(await scopeAt('google')).toBe(
      'openid profile email https://www.googleapis.com/auth/user.birthday.read https://www.googleapis.com/auth/calendar',
    );
    expect(await scopeAt('linkedin')).toBe('openid profile email');
    expect(await scopeAt('twitter')).toBe('users.read tweet.read');
  });
});

describe('sign-in and registration', () => {
  it('first sign-in without autoRegister → USER_PROFILE_IDENTIFIERS_NOT_FOUND, then social registration, then sign-in', async () => {
    const { email } = person('google');
    const ticket = await ticketOf('google');
    const first = await socialSession('google', ticket);
    expect(first.statusCode).toBe(404);
    expect(first.json()).toMatchObject({ code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' });

    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/social/google/socialProfile?ticket=${ticket}`,
    });
    expect(profile.json()).toMatchObject({ network: 'google', email, firstName: 'Pat' });

    const registered = await socialRegister('google', ticket, email!);
    expect(registered.statusCode).toBe(201);
    const session = registered.json<SessionResponse>();
    // The ticket was spent.
    expect((await socialRegister('google', ticket, email!)).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });

    const again = await socialSession('googleplus', await ticketOf('google'));
    expect(again.statusCode).toBe(200);
    expect(again.json<SessionResponse>().guid).toBe(session.guid);

    const linked = await server.app.inject({
      method: 'GET',
      url: `/ic/api/social/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId) },
    });
    expect(linked.json()).toMatchObject({ hasPassword: false, profiles: { GOOGLE: { network: 'google', email } } });
  });

  it('autoRegister creates the account from the profile (Facebook Graph shape)', async () => {
    const { email } = person('facebook');
    const created = await socialSession('facebook', await ticketOf('facebook'), '?autoRegister=true&autoPopulate=true');
    expect(created.statusCode).toBe(201);
    const session = created.json<SessionResponse>();
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId) },
    });
    expect(profile.json().attributes).toEqual(
      expect.arrayContaining([
        { name: 'email', value: email },
        { name: 'firstName', value: 'Pat' },
      ]),
    );
  });

  it('autoRegister without an e-mail from the network (X) still asks for registration', async () => {
    person('twitter', { email: null });
    const answer = await socialSession('twitter', await ticketOf('twitter'), '?autoRegister=true');
    expect(answer.json()).toMatchObject({ code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' });
  });

  // Walkers saw X's registration form come with no names: X's documented user info
  // (GET /2/users/me → {data: {id, name, username}}) has one display name, no first or last name
  // and no e-mail, and no network's name is split here. This pins that reading of X's shape.
  it('X’s profile carries its display name (data.name), and no first or last name nor e-mail', async () => {
    const { id } = person('twitter', { email: null });
    const ticket = await ticketOf('twitter');
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/social/twitter/socialProfile?ticket=${ticket}`,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      network: 'twitter',
      socialUserId: id,
      displayName: `Pat Person${people}`,
      pictureUrl: `https://example.com/avatars/${id}.png`,
    });
  });

  it('a ticket is for its own network and service', async () => {
    person('linkedin');
    const ticket = await ticketOf('linkedin');
    expect((await socialSession('google', ticket)).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });
    expect((await socialSession('linkedin', ticket, '', 'plain')).json()).toMatchObject({
      code: 'SOCIAL_TICKET_INVALID',
    });
  });

  it('social registration with an address already registered answers DUPLICATE_IDENTIFIERS_FOUND and keeps the ticket', async () => {
    person('linkedin');
    const ticket = await ticketOf('linkedin');
    const taken = await socialRegister('linkedin', ticket, DEMO.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DUPLICATE_IDENTIFIERS_FOUND' });
    // Still usable: the visitor may log in and link instead.
    expect((await socialSession('linkedin', ticket)).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });
  });
});

describe('an e-mail address the network did not vouch for', () => {
  const mailTo = async (to: string) => (await mailbox(server)).filter((mail) => mail.to === to);
  const activate = (key: string) =>
    server.app.inject({ method: 'POST', url: `/ic/api/userProfileActivationWorkflow/${encodeURIComponent(key)}` });

  it('X gives none: the typed address waits for the activation mailed to it; sign-in waits too', async () => {
    person('twitter', { email: null });
    const typed = `typed-${people}@foyer.test`;
    const registered = await socialRegister('twitter', await ticketOf('twitter'), typed);
    // 202 and no session: nobody proved the address, so nothing keyed by it (invitations addressed to it) opens.
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({ guid: expect.any(String), state: 'INACTIVE' });
    expect(registered.body).not.toMatch(/sessionId/);
    const inactive = await socialSession('twitter', await ticketOf('twitter'));
    expect(inactive.json()).toMatchObject({ code: 'user_profile_inactive' });

    const [mail] = await mailTo(typed);
    expect(mail?.subject).toMatch(/^Activate your/);
    expect((await activate(linkParam(mail!, 'activationKey'))).statusCode).toBe(200);
    const signedIn = await socialSession('twitter', await ticketOf('twitter'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SessionResponse>().guid).toBe(registered.json<{ guid: string }>().guid);
  });

  it('an address changed from the network’s is not trusted either; the network’s own is', async () => {
    person('google');
    const changed = await socialRegister('google', await ticketOf('google'), `changed-${people}@foyer.test`);
    expect(changed.statusCode).toBe(202);
    // The same address in another case is the network's address.
    const address = `Case-${people}@Social.test`;
    person('google', { email: address });
    const own = await socialRegister('google', await ticketOf('google'), ` ${address.toLowerCase()}`);
    expect(own.statusCode).toBe(201);
  });

  it('autoRegister never creates an account with an address the network did not give', async () => {
    person('facebook');
    const mapped = await server.app.inject({
      method: 'POST',
      url: '/ic/api/social/facebook/session?autoRegister=true',
      headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
      payload: {
        ticket: await ticketOf('facebook'),
        realmName: 'default',
        serviceName: 'demo',
        attributesMapping: [{ name: 'email', value: 'displayName' }],
      },
    });
    expect(mapped.json()).toMatchObject({ code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND' });
  });

  it('squatting someone’s address: the owner’s password reset takes the account back and drops the squatter’s link', async () => {
    person('twitter', { email: null });
    const victim = `victim-${people}@foyer.test`;
    expect((await socialRegister('twitter', await ticketOf('twitter'), victim)).statusCode).toBe(202);
    // The owner cannot register the address (as with a password registration nobody activated) …
    expect((await register(server, registerBody(victim))).json()).toMatchObject({
      code: 'duplicate_user_profile',
    });
    // … but the reset mail reaches only the owner, and proves the address.
    await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(victim)}`,
    });
    const resetMail = (await mailTo(victim)).find((mail) => /Reset/.test(mail.subject))!;
    const reset = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(linkParam(resetMail, 'resetAttributeKey'))}`,
      payload: { attributes: [{ name: 'password', value: 'owner-at-last-1' }] },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(server, victim, 'owner-at-last-1')).statusCode).toBe(200);
    // The X identity linked before anyone proved the address no longer signs in to it.
    expect((await socialSession('twitter', await ticketOf('twitter'))).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });
  });

  it('a reset of an account whose address was proven keeps its links', async () => {
    const { email } = person('linkedin');
    expect((await socialRegister('linkedin', await ticketOf('linkedin'), email!)).statusCode).toBe(201);
    await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email!)}`,
    });
    const resetMail = (await mailTo(email!)).find((mail) => /Reset/.test(mail.subject))!;
    await server.app.inject({
      method: 'PUT',
      url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(linkParam(resetMail, 'resetAttributeKey'))}`,
      payload: { attributes: [{ name: 'password', value: 'owner-again-12' }] },
    });
    expect((await socialSession('linkedin', await ticketOf('linkedin'))).statusCode).toBe(200);
  });
});

describe('link and unlink', () => {
  it('links a network to a logged-in account; the same identity cannot link to another account', async () => {
    person('linkedin');
    const demo = await loginOk(server);
    const linked = await link(demo, 'linkedin', await ticketOf('linkedin'));
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ hasPassword: true, profiles: { LINKEDIN: { network: 'linkedin' } } });

    // The visitor signs in with it now.
    expect((await socialSession('linkedin', await ticketOf('linkedin'))).json<SessionResponse>().guid).toBe(demo.guid);

    // Another account, same LinkedIn identity.
    const owner = person('google');
    const other = await socialRegister('google', await ticketOf('google'), owner.email!);
    const otherSession = await proved(server, other.json<SessionResponse>(), 'google');
    const refused = await link(otherSession, 'linkedin', await ticketOf('linkedin'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'user_linked_with_different_account' });

    // A second LinkedIn identity for the demo account.
    person('linkedin');
    const twice = await link(demo, 'linkedin', await ticketOf('linkedin'));
    expect(twice.json()).toMatchObject({ code: 'USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK' });

    // Someone else's account: FORBIDDEN.
    const foreign = await server.app.inject({
      method: 'POST',
      url: `/ic/api/social/${demo.guid}/google/link`,
      headers: { authorization: profileAuth(otherSession.mainSession.sessionId) },
      payload: { ticket: await ticketOf('google') },
    });
    expect(foreign.statusCode).toBe(403);

    const unlinked = await unlink(demo, 'linkedin');
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ hasPassword: true, profiles: {} });
    expect((await unlink(demo, 'linkedin')).json()).toMatchObject({ code: 'SOCIAL_NO_NETWORK_LINKED' });
  });

  it('tells the owner by mail when a network is linked, and not when the link is refused', async () => {
    const owner = person('google');
    const registered = (await socialRegister('google', await ticketOf('google'), owner.email!)).json<SessionResponse>();
    const session = await proved(server, registered, 'google');
    const notices = async () =>
      (await mailbox(server)).filter((mail) => mail.to === owner.email && mail.subject.includes('was linked'));
    // Registering with a network links it too, but that is the account's start, not news to it.
    expect(await notices()).toEqual([]);

    person('facebook');
    expect((await link(session, 'facebook', await ticketOf('facebook'))).statusCode).toBe(200);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Facebook was linked to your Foyer demo account');
    expect(notice!.text).toContain(
      'If this was not you, reset your password now with "Forgot password": a reset unlinks Facebook',
    );

    person('facebook');
    const refused = await link(session, 'facebook', await ticketOf('facebook'));
    expect(refused.json()).toMatchObject({ code: 'USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK' });
    expect(await notices()).toHaveLength(1);
  });

  it('refuses to unlink the last sign-in method of an account without a password (403, with its scheme)', async () => {
    const { email } = person('google');
    const created = await socialRegister('google', await ticketOf('google'), email!);
    const session = await proved(server, created.json<SessionResponse>(), 'google');
    const refused = await unlink(session, 'google');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'unlink_user_social_network', args: ['default'] });

    person('facebook');
    expect((await link(session, 'facebook', await ticketOf('facebook'))).statusCode).toBe(200);
    // Two at once: exactly one may go.
    const [a, b] = await Promise.all([unlink(session, 'google'), unlink(session, 'facebook')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
  });

  it('answers the picture of the caller’s own linked profiles only, sized per network', async () => {
    const { id } = person('google');
    const created = await socialRegister('google', await ticketOf('google'), `${id}@social.test`);
    const session = await proved(server, created.json<SessionResponse>(), 'google');
    const avatar = (network: string, socialUserId: string, query = '', sessionId = session.mainSession.sessionId) =>
      server.app.inject({
        method: 'GET',
        url: `/ic/api/social/${network}/userAvatar/${encodeURIComponent(socialUserId)}${query}`,
        headers: { authorization: profileAuth(sessionId) },
      });
    const google = await avatar('google', id, '?width=64&height=64');
    expect(google.statusCode).toBe(200);
    expect(google.json()).toEqual({
      network: 'google',
      socialUserId: id,
      url: `https://example.com/avatars/${id}.png=s64-c`,
    });

    const { id: facebookId } = person('facebook');
    expect((await link(session, 'facebook', await ticketOf('facebook'))).statusCode).toBe(200);
    const facebook = await avatar('facebook', facebookId, '?pictureType=large');
    expect(facebook.json<{ url: string }>().url).toBe(`${standIn.issuers.facebook}/${facebookId}/picture?type=large`);

    // Not linked to this account (or not at all), or a bad size: refused; no session: 401.
    const demo = await loginOk(server);
    const foreign = await avatar('google', id, '', demo.mainSession.sessionId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'SOCIAL_AVATAR_NOT_FOUND' });
    expect((await avatar('linkedin', 'someone')).statusCode).toBe(404);
    expect((await avatar('google', id, '?width=0')).statusCode).toBe(400);
    expect((await avatar('google', id, '?pictureType=huge')).statusCode).toBe(400);
    const anonymous = await server.app.inject({ method: 'GET', url: `/ic/api/social/google/userAvatar/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('needs the session', async () => {
    const demo = await loginOk(server);
    const anonymous = await server.app.inject({ method: 'GET', url: `/ic/api/social/${demo.guid}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('templates', () => {
  it('serves the social registration form without password fields and the link form', async () => {
    const registration = await server.app.inject({
      method: 'GET',
      url: '/ic/api/ui/template/social/registration/demo',
    });
    const fields = [
      ...registration.json().identifiers,
      ...registration.json().validators,
      ...registration.json().attributes,
    ];
    expect(fields.map((field: { name: string }) => field.name)).toContain('email');
    expect(fields.some((field: { inputType?: string }) => field.inputType === 'password')).toBe(false);
    const linkForm = await server.app.inject({ method: 'GET', url: '/ic/api/ui/template/social/link/default' });
    expect(linkForm.json().validators[0]).toMatchObject({ name: 'password' });
  });
});
