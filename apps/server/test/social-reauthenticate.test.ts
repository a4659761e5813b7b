/**
 * Social re-authentication (issue 14; security/social-proof.ts): an account made by social
 * registration has no password, so a fresh sign-in with a network linked to it is the proof an
 * identifier change asks for. Accounts with a password keep the password as their proof; a network
 * linked later vouches only after the cool-down; a ticket is spent once and only for its service.
 */
import { formatAuthorization, type SessionResponse, type SocialNetwork } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { SOCIAL_PROOF_COOLDOWN_MS } from '../src/security/social-proof';
import { loginOk, profileAuth } from './helpers';
import {
  link as linkSocially,
  proved,
  socialRegister,
  socialTestServer,
  ticketOf,
  unlink as unlinkSocially,
} from './social-helpers';

let standIn: SocialStandIn;
let server: PreparedServer;
let people = 0;
let clock = Date.now();

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await socialTestServer(
    standIn,
    { name: 'other', displayName: 'Another site', allowedHostOrigins: ['http://localhost:*'], social: standIn.config },
    { now: () => clock },
  );
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

/** The next person at `network`'s stand-in; answers their id and address. */
function nextPerson(network: SocialNetwork) {
  people += 1;
  const id = `${network}-reauth-${people}`;
  const email = `${id}@social.test`;
  standIn.setPerson(network, { id, email, firstName: 'Ria', lastName: `Reauth${people}` });
  return { id, email };
}

/** An account made by social registration with `network` (no password), signed in. */
async function socialAccount(network: SocialNetwork): Promise<{ session: SessionResponse; email: string }> {
  const { email } = nextPerson(network);
  const registered = await socialRegister(server, network, await ticketOf(server, network), email, 'Reauth');
  expect(registered.statusCode).toBe(201);
  return { session: registered.json<SessionResponse>(), email };
}

function reauthenticate(session: SessionResponse, network: string, ticket: string, serviceName = 'demo') {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${session.guid}/${network}/reauthenticate`,
    headers: { authorization: profileAuth(session.mainSession.sessionId, serviceName) },
    payload: { ticket },
  });
}

function changeEmail(session: SessionResponse, sessionId: string, email: string) {
  return server.app.inject({
    method: 'PUT',
    url: `/ic/api/userProfile/${session.guid}`,
    headers: { authorization: profileAuth(sessionId) },
    payload: { attributes: [{ name: 'email', value: email }] },
  });
}

const link = (session: SessionResponse, network: string, ticket: string) =>
  linkSocially(server, session, network, ticket);

describe('an account without a password', () => {
  it('proves it with a fresh sign-in of the network it was made with: a secure session, which lets the address change', async () => {
    const { session } = await socialAccount('google');
    // The main session alone is not the proof a new address needs.
    const bare = await changeEmail(session, session.mainSession.sessionId, `moved-${people}@foyer.test`);
    expect(bare.json()).toMatchObject({ code: 'secure_session_expired' });

    // The same person signs in with Google again, now.
    const proved = await reauthenticate(session, 'google', await ticketOf(server, 'google'));
    expect(proved.statusCode).toBe(200);
    const body = proved.json<SessionResponse>();
    expect(body.guid).toBe(session.guid);
    expect(body.mainSession.sessionId).toBe(session.mainSession.sessionId);
    const secureId = body.secureSession?.sessionId;
    expect(secureId).toBeTruthy();
    expect(secureId).not.toBe(session.mainSession.sessionId);
    const changed = await changeEmail(session, secureId!, `moved-${people}@foyer.test`);
    expect(changed.statusCode).toBe(202);
  });

  it('a ticket is spent once, and only by a page of its own service', async () => {
    const { session } = await socialAccount('facebook');
    const ticket = await ticketOf(server, 'facebook', 'other');
    const elsewhere = await reauthenticate(session, 'facebook', ticket);
    expect(elsewhere.json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });
    const own = await ticketOf(server, 'facebook');
    expect((await reauthenticate(session, 'facebook', own)).statusCode).toBe(200);
    expect((await reauthenticate(session, 'facebook', own)).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });
    // A ticket of one network is not another's.
    nextPerson('google');
    const google = await ticketOf(server, 'google');
    expect((await reauthenticate(session, 'facebook', google)).json()).toMatchObject({
      code: 'SOCIAL_TICKET_INVALID',
    });
  });

  it('someone else’s sign-in with the same network does not prove it', async () => {
    const { session } = await socialAccount('linkedin');
    nextPerson('linkedin'); // Another person is now signed in at the provider.
    const refused = await reauthenticate(session, 'linkedin', await ticketOf(server, 'linkedin'));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SOCIAL_PROOF_NOT_LINKED' });
    // A network the account has not linked proves nothing either.
    nextPerson('twitter');
    const unlinked = await reauthenticate(session, 'twitter', await ticketOf(server, 'twitter'));
    expect(unlinked.json()).toMatchObject({ code: 'SOCIAL_PROOF_NOT_LINKED' });
  });

  it('a network linked later vouches only after the cool-down (a thief who got to link their own cannot use it)', async () => {
    const { session } = await socialAccount('google');
    // Linking takes a fresh proof (security/fresh-proof.ts). Had a thief it, with the session, and
    // linked their own X account…
    const thief = nextPerson('twitter');
    const confirmed = await proved(server, session, 'google');
    expect((await link(confirmed, 'twitter', await ticketOf(server, 'twitter'))).statusCode).toBe(200);
    standIn.setPerson('twitter', { id: thief.id, firstName: 'Thief', lastName: 'X' });
    const early = await reauthenticate(session, 'twitter', await ticketOf(server, 'twitter'));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'SOCIAL_PROOF_TOO_RECENT' });
    // …which the owner has a day to notice and unlink; after it, the link is the owner's word.
    clock += SOCIAL_PROOF_COOLDOWN_MS + 1;
    try {
      // A day later the main session has idled out: the owner signs in with Google again.
      const later = await signInWith('google');
      expect(later.guid).toBe(session.guid);
      const proved = await reauthenticate(later, 'twitter', await ticketOf(server, 'twitter'));
      expect(proved.statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });
});

/** A sign-in with the person the stand-in now has at `network`. */
async function signInWith(network: SocialNetwork): Promise<SessionResponse> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${network}/session`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: { ticket: await ticketOf(server, network), realmName: 'default', serviceName: 'demo' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SessionResponse>();
}

describe('an account with a password', () => {
  it('proves it with the password, not with a linked network', async () => {
    const session = await loginOk(server);
    nextPerson('google');
    const ticket = await ticketOf(server, 'google');
    expect((await link(session, 'google', ticket)).statusCode).toBe(200);
    try {
      const refused = await reauthenticate(session, 'google', await ticketOf(server, 'google'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'SOCIAL_PROOF_NEEDS_PASSWORD' });
    } finally {
      expect((await unlinkSocially(server, session, 'google')).statusCode).toBe(200);
    }
  });

  it('needs the session of the account it names', async () => {
    const { session } = await socialAccount('google');
    const ticket = await ticketOf(server, 'google');
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `/ic/api/social/${session.guid}/google/reauthenticate`,
      headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
      payload: { ticket },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await loginOk(server);
    const forbidden = await reauthenticate({ ...other, guid: session.guid }, 'google', ticket);
    expect(forbidden.statusCode).toBe(403);
  });
});
