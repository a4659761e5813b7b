/**
 * Issue 24, finding 4: a stolen main session must not give lasting access. Linking and unlinking
 * a network need a fresh proof (security/fresh-proof.ts): the secure session of a password typed,
 * or for an account without a password of a sign-in with a network that vouches, at most
 * FRESH_PROOF_MAX_AGE_MS ago. A password reset unlinks the networks linked after the account was
 * made, keeping the one it was registered with, and mails what it did.
 */
import { formatAuthorization, type SessionResponse, type SocialNetwork } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { FRESH_PROOF_MAX_AGE_MS } from '../src/security/fresh-proof';
import { SOCIAL_PROOF_COOLDOWN_MS } from '../src/security/social-proof';
import { DEMO, linkParam, login, loginOk, mailbox } from './helpers';
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

/** The next person at `network`'s stand-in. */
function nextPerson(network: SocialNetwork, name = 'Owner') {
  people += 1;
  const id = `${network}-proof-${people}`;
  const email = `${id}@social.test`;
  standIn.setPerson(network, { id, email, firstName: name, lastName: `Proof${people}` });
  return { id, email };
}

/** An account made by social registration with `network` (no password), signed in (main session only). */
async function socialAccount(network: SocialNetwork): Promise<{ session: SessionResponse; email: string }> {
  const { email } = nextPerson(network);
  const registered = await socialRegister(server, network, await ticketOf(server, network), email, 'Proof');
  expect(registered.statusCode).toBe(201);
  const session = registered.json<SessionResponse>();
  expect(session.secureSession).toBeUndefined();
  return { session, email };
}

/** What a thief who copied the main session id (and nothing else) holds. */
const mainOnly = (session: SessionResponse): SessionResponse => ({
  guid: session.guid,
  mainSession: session.mainSession,
});

const link = (session: SessionResponse, network: SocialNetwork, ticket: string) =>
  linkSocially(server, session, network, ticket);
const unlink = (session: SessionResponse, network: SocialNetwork) => unlinkSocially(server, session, network);

function signInWith(network: SocialNetwork, ticket: string) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${network}/session`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: { ticket, realmName: 'default', serviceName: 'demo' },
  });
}

async function resetPassword(email: string, password: string) {
  await server.app.inject({
    method: 'POST',
    url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email)}`,
  });
  const mail = (await mailbox(server)).filter((m) => m.to === email && /Reset/.test(m.subject)).at(-1)!;
  const reset = await server.app.inject({
    method: 'PUT',
    url: `/ic/api/resetAttributeWorkflow/${encodeURIComponent(linkParam(mail, 'resetAttributeKey'))}`,
    payload: { attributes: [{ name: 'password', value: password }] },
  });
  expect(reset.statusCode).toBe(204);
}

describe('link and unlink need a fresh proof', () => {
  it('a stolen main session cannot link the thief’s network to an account with a password', async () => {
    const owner = await loginOk(server);
    const thief = nextPerson('google', 'Thief');
    const ticket = await ticketOf(server, 'google');
    const refused = await link(mainOnly(owner), 'google', ticket);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SOCIAL_PROOF_REQUIRED' });
    // Nothing linked, no mail: the thief's Google does not sign in to the account.
    expect((await signInWith('google', await ticketOf(server, 'google'))).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });
    expect((await mailbox(server)).filter((mail) => mail.subject.includes('was linked'))).toEqual([]);
    // The ticket was not spent by the refusal: with the proof (the login's secure session) it links.
    standIn.setPerson('google', { id: thief.id, email: thief.email, firstName: 'Owner', lastName: 'Again' });
    expect((await link(owner, 'google', ticket)).statusCode).toBe(200);
    expect((await unlink(mainOnly(owner), 'google')).json()).toMatchObject({ code: 'SOCIAL_PROOF_REQUIRED' });
    expect((await unlink(owner, 'google')).statusCode).toBe(200);
  });

  it('the proof must be recent: a secure session older than FRESH_PROOF_MAX_AGE_MS is not enough', async () => {
    const owner = await loginOk(server);
    nextPerson('linkedin');
    try {
      clock += FRESH_PROOF_MAX_AGE_MS + 1;
      // The secure session still lives (it idles out after 15 minutes), but the password was typed too long ago.
      const stale = await link(owner, 'linkedin', await ticketOf(server, 'linkedin'));
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'SOCIAL_PROOF_REQUIRED' });
      // The password again (POST /session/:id) gives a fresh one.
      const again = await server.app.inject({
        method: 'POST',
        url: `/ic/api/session/${owner.mainSession.sessionId}`,
        headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
        payload: {
          realmName: 'default',
          authenticationSchemeName: 'default',
          identifiers: [{ name: 'email', value: DEMO.email }],
          validators: [{ name: 'password', value: DEMO.password }],
        },
      });
      expect(again.statusCode).toBe(200);
      const fresh = again.json<SessionResponse>();
      expect((await link(fresh, 'linkedin', await ticketOf(server, 'linkedin'))).statusCode).toBe(200);
      expect((await unlink(fresh, 'linkedin')).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('on an account without a password, a stolen main session can neither link another network nor unlink the registering one', async () => {
    const { session } = await socialAccount('google');
    // The owner links Facebook, confirming with Google first.
    const confirmed = await proved(server, session, 'google');
    nextPerson('facebook');
    expect((await link(confirmed, 'facebook', await ticketOf(server, 'facebook'))).statusCode).toBe(200);

    // The thief, with the main session: their own X account…
    nextPerson('twitter', 'Thief');
    const linked = await link(mainOnly(session), 'twitter', await ticketOf(server, 'twitter'));
    expect(linked.json()).toMatchObject({ code: 'SOCIAL_PROOF_REQUIRED' });
    // …and the owner's Google, the account's way in, stays.
    const unlinked = await unlink(mainOnly(session), 'google');
    expect(unlinked.statusCode).toBe(403);
    expect(unlinked.json()).toMatchObject({ code: 'SOCIAL_PROOF_REQUIRED' });
    // The thief cannot give the proof: their X is not linked, and Facebook is not theirs (nor a day old).
    const notLinked = await server.app.inject({
      method: 'POST',
      url: `/ic/api/social/${session.guid}/twitter/reauthenticate`,
      headers: {
        authorization: formatAuthorization({ serviceName: 'demo', sessionId: session.mainSession.sessionId }),
      },
      payload: { ticket: await ticketOf(server, 'twitter') },
    });
    expect(notLinked.json()).toMatchObject({ code: 'SOCIAL_PROOF_NOT_LINKED' });
    const profiles = await server.app.inject({
      method: 'GET',
      url: `/ic/api/social/${session.guid}`,
      headers: {
        authorization: formatAuthorization({ serviceName: 'demo', sessionId: session.mainSession.sessionId }),
      },
    });
    expect(Object.keys(profiles.json<{ profiles: object }>().profiles)).toEqual(['FACEBOOK', 'GOOGLE']);
  });

  it('the last-network refusal comes before the proof: nobody confirms only to hear the unlink cannot be done', async () => {
    const { session } = await socialAccount('linkedin');
    const refused = await unlink(mainOnly(session), 'linkedin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'unlink_user_social_network', args: ['default'] });
  });
});

describe('a password reset', () => {
  it('unlinks the networks linked after registration, keeps the registering one, and says so by mail', async () => {
    const { session, email } = await socialAccount('google');
    const confirmed = await proved(server, session, 'google');
    nextPerson('facebook');
    expect((await link(confirmed, 'facebook', await ticketOf(server, 'facebook'))).statusCode).toBe(200);
    // A day on, Facebook would vouch: the reset must not leave it behind for whoever linked it.
    clock += SOCIAL_PROOF_COOLDOWN_MS + 1;
    try {
      await resetPassword(email, 'taken-back-123');
      expect((await signInWith('facebook', await ticketOf(server, 'facebook'))).json()).toMatchObject({
        code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
      });
      // Google, the account's own, still signs in.
      const signedIn = await signInWith('google', await ticketOf(server, 'google'));
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json<SessionResponse>().guid).toBe(session.guid);
      const notices = (await mailbox(server)).filter(
        (mail) => mail.to === email && mail.subject.includes('password was reset'),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe('Your Foyer demo password was reset');
      expect(notices[0]!.text).toContain('set up after the account was made: the sign-in with Facebook linked to it.');
    } finally {
      clock = Date.now();
    }
  });

  it('of an account with a password unlinks every network, the thief’s among them', async () => {
    const owner = await loginOk(server);
    // Say the thief had the proof (the password): their Google is linked.
    nextPerson('google', 'Thief');
    expect((await link(owner, 'google', await ticketOf(server, 'google'))).statusCode).toBe(200);
    await resetPassword(DEMO.email, 'owner-again-123');
    expect((await signInWith('google', await ticketOf(server, 'google'))).json()).toMatchObject({
      code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    });
    expect((await login(server, DEMO.email, 'owner-again-123')).statusCode).toBe(200);
    const notice = (await mailbox(server)).find(
      (mail) => mail.to === DEMO.email && mail.subject.includes('password was reset'),
    );
    expect(notice?.text).toContain('Google');
  });

  it('with nothing linked later sends no such mail', async () => {
    const { email } = await socialAccount('linkedin');
    await resetPassword(email, 'nothing-else-123');
    expect(
      (await mailbox(server)).filter((mail) => mail.to === email && mail.subject.includes('password was reset')),
    ).toEqual([]);
  });
});
