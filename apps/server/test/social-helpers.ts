/** The social journeys server tests share: the popup's trip through a stand-in provider. */
import { formatAuthorization, socialOutcomeSchema, type SessionResponse, type SocialNetwork } from '@foyer/api';
import { expect } from 'vitest';
import type { SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer, ServerOptions } from '../src/index';
import { seedConfig } from '../src/seed-config';
import { profileAuth, testServer } from './helpers';

type SeedService = (typeof seedConfig.services)[number];

/**
 * A test server whose services sign in with the stand-in's four networks, plus one more service
 * (its name, host origins and networks as `extra` says).
 */
export function socialTestServer(
  standIn: SocialStandIn,
  extra: Pick<SeedService, 'name' | 'displayName' | 'allowedHostOrigins'> & { social: SeedService['social'] },
  options: ServerOptions = {},
): Promise<PreparedServer> {
  return testServer({
    ...options,
    seed: {
      ...seedConfig,
      services: [
        ...seedConfig.services.map((service) => ({ ...service, social: standIn.config })),
        { realmName: 'default', authenticationSchemeName: 'default', requiredAttributes: [], ...extra },
      ],
    },
  });
}

/** POST /social/:network/register for the demo service with the social registration form's fields. */
export function socialRegister(
  server: PreparedServer,
  network: string,
  ticket: string,
  email: string,
  lastName = 'Person',
) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${network}/register`,
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: {
      ticket,
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: email },
        { name: 'firstName', value: 'Pat' },
        { name: 'lastName', value: lastName },
      ],
    },
  });
}

/** The popup's journey: authorize → provider → callback page; answers the posted outcome. */
export async function popup(server: PreparedServer, network: string, serviceName = 'demo', attempt = 'attempt-12345') {
  const start = await server.app.inject({
    method: 'GET',
    url: `/ic/api/social/${network}/authorize?serviceName=${serviceName}&attempt=${attempt}`,
  });
  expect(start.statusCode).toBe(302);
  const providerUrl = new URL(start.headers.location as string);
  const atProvider = await fetch(providerUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  const page = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  const json = /var o=(.*?);if\(o/.exec(page.body)?.[1];
  const outcome = JSON.parse(json!) as unknown;
  return { providerUrl, back, page, outcome: outcome === null ? null : socialOutcomeSchema.parse(outcome) };
}

/** The ticket the popup's outcome carries (fails the test if it carries an error). */
export async function ticketOf(server: PreparedServer, network: SocialNetwork, serviceName = 'demo'): Promise<string> {
  const { outcome } = await popup(server, network, serviceName);
  if (!outcome || !('ticket' in outcome)) throw new Error(`no ticket: ${JSON.stringify(outcome)}`);
  return outcome.ticket;
}

/**
 * The session a link or unlink goes with: the secure session of a fresh proof when the answer has
 * one (a password login's, or `proved`'s), else the main session (security/fresh-proof.ts).
 */
export function linkingSessionId(session: SessionResponse): string {
  return session.secureSession?.sessionId ?? session.mainSession.sessionId;
}

/** POST /social/:guid/:network/link (see linkingSessionId). */
export function link(server: PreparedServer, session: SessionResponse, network: string, ticket: string) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${session.guid}/${network}/link`,
    headers: { authorization: profileAuth(linkingSessionId(session)) },
    payload: { ticket },
  });
}

/** POST /social/:guid/:network/unlink (see linkingSessionId). */
export function unlink(server: PreparedServer, session: SessionResponse, network: string) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${session.guid}/${network}/unlink`,
    headers: { authorization: profileAuth(linkingSessionId(session)) },
  });
}

/** POST /social/:guid/:network/reauthenticate with a fresh ticket of whoever the stand-in has at `network`. */
export async function socialReauthenticate(
  server: PreparedServer,
  session: SessionResponse,
  network: SocialNetwork,
  serviceName = 'demo',
) {
  return server.app.inject({
    method: 'POST',
    url: `/ic/api/social/${session.guid}/${network}/reauthenticate`,
    headers: { authorization: profileAuth(session.mainSession.sessionId, serviceName) },
    payload: { ticket: await ticketOf(server, network, serviceName) },
  });
}

/**
 * The fresh proof of an account without a password: a sign-in now with `network` (whoever the
 * stand-in has there must be the account's vouching link). Answers the session with its secure session.
 */
export async function proved(server: PreparedServer, session: SessionResponse, network: SocialNetwork) {
  const response = await socialReauthenticate(server, session, network);
  if (response.statusCode !== 200) throw new Error(`re-authentication failed: ${response.statusCode} ${response.body}`);
  return response.json<SessionResponse>();
}
