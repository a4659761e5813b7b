/**
 * The second factor on the social paths (issue 31): a social sign-in passes the same gate as the
 * password login (sign-in/gate.ts), and the social re-authentication of an account without a
 * password asks for the code after the network, as POST /session/:id asks after the password.
 */
import {
  backupCodesSchema,
  formatAuthorization,
  secondFactorEnrolmentSchema,
  sessionResponseSchema,
  type SessionResponse,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { TOTP_STEP_MS, totpCode } from '../src/security/totp';
import { profileAuth, testClock } from './helpers';
import { proved, socialReauthenticate, socialRegister, socialTestServer, ticketOf } from './social-helpers';

let standIn: SocialStandIn;
let server: PreparedServer;
const clock = testClock(Date.UTC(2030, 0, 1));

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await socialTestServer(
    standIn,
    { name: 'other', displayName: 'Another site', allowedHostOrigins: ['http://localhost:*'], social: standIn.config },
    { now: clock.now },
  );
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

function call(method: 'POST', url: string, sessionId: string | undefined, payload: object) {
  return server.app.inject({
    method,
    url: `/ic/api${url}`,
    headers: { authorization: sessionId ? profileAuth(sessionId) : formatAuthorization({ serviceName: 'demo' }) },
    payload,
  });
}

/** An account made by social registration with Google (no password), with a confirmed factor. */
async function enrolledSocialAccount(): Promise<{ session: SessionResponse; secret: string }> {
  standIn.setPerson('google', {
    id: 'google-mfa-1',
    email: 'google-mfa-1@social.test',
    firstName: 'Mo',
    lastName: 'Fa',
  });
  const registered = await socialRegister(
    server,
    'google',
    await ticketOf(server, 'google'),
    'google-mfa-1@social.test',
  );
  expect(registered.statusCode, registered.body).toBe(201);
  const session = registered.json<SessionResponse>();
  // Secure mode for an account without a password: a fresh sign-in with its network.
  const secure = (await proved(server, session, 'google')).secureSession!.sessionId;
  const started = await server.app.inject({
    method: 'POST',
    url: `/ic/api/userProfile/${session.guid}/secondFactor`,
    headers: { authorization: profileAuth(secure) },
  });
  const { secret } = secondFactorEnrolmentSchema.parse(started.json());
  const confirmed = await call('POST', `/userProfile/${session.guid}/secondFactor/confirm`, secure, {
    code: totpCode(secret, clock.now()),
  });
  expect(backupCodesSchema.parse(confirmed.json()).backupCodes).toHaveLength(10);
  clock.advance(TOTP_STEP_MS);
  return { session, secret };
}

describe('the second factor on the social paths', () => {
  it('a social sign-in asks for the code; the code completes it (without a secure session, as before)', async () => {
    const { session, secret } = await enrolledSocialAccount();
    const signIn = await call('POST', '/social/google/session', undefined, {
      ticket: await ticketOf(server, 'google'),
      realmName: 'default',
      serviceName: 'demo',
    });
    expect(signIn.statusCode).toBe(403);
    const asked = signIn.json<{ code: string; args: string[] }>();
    expect(asked.code).toBe('second_factor_required');
    const done = await call('POST', '/session/secondFactor', undefined, {
      ticket: asked.args[0],
      code: totpCode(secret, clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = sessionResponseSchema.parse(done.json());
    expect(body.guid).toBe(session.guid);
    expect(body.secureSession).toBeUndefined();
    clock.advance(TOTP_STEP_MS);

    // The social step-up asks for the code too, then gives the secure session.
    const reauth = await socialReauthenticate(server, body, 'google');
    expect(reauth.statusCode).toBe(403);
    const stepUp = reauth.json<{ code: string; args: string[] }>();
    expect(stepUp.code).toBe('second_factor_required');
    const secured = await call('POST', `/session/${body.mainSession.sessionId}/secondFactor`, undefined, {
      ticket: stepUp.args[0],
      code: totpCode(secret, clock.now()),
    });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(sessionResponseSchema.parse(secured.json()).secureSession?.sessionId).toBeTruthy();
  });
});
