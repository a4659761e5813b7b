/**
 * Social registration's roles (identity spec §3: "Social register adds attributes, roles and
 * rolesToAssign"): the new account starts with them, but only with roles the service lets users
 * give themselves (assignableRoles), as a profile update.
 */
import { formatAuthorization, type SessionResponse } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { seedConfig } from '../src/seed-config';
import { ticketOf } from './social-helpers';
import { profileAuth, testServer } from './helpers';

let standIn: SocialStandIn;
let server: PreparedServer;

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await testServer({
    seed: {
      ...seedConfig,
      services: seedConfig.services.map((service) => ({
        ...service,
        social: standIn.config,
        ...(service.name === 'demo' ? { assignableRoles: ['newsletter', 'beta'] } : {}),
      })),
    },
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

let people = 0;
/** The form as filled with the address the network vouched for: signed in at once (201). */
function register(
  { ticket, email }: { ticket: string; email: string },
  extra: { roles?: unknown; rolesToAssign?: unknown },
) {
  return server.app.inject({
    method: 'POST',
    url: '/ic/api/social/google/register',
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: {
      ticket,
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: email },
        { name: 'firstName', value: 'Pat' },
        { name: 'lastName', value: 'Roles' },
      ],
      ...extra,
    },
  });
}

async function nextTicket() {
  people += 1;
  const email = `roles-${people}@social.test`;
  standIn.setPerson('google', { id: `roles-person-${people}`, email, firstName: 'Pat', lastName: 'Roles' });
  return { ticket: await ticketOf(server, 'google'), email };
}

describe('POST /social/:network/register with roles', () => {
  it('the account starts with roles and rolesToAssign (each once)', async () => {
    const answer = await register(await nextTicket(), { roles: ['newsletter'], rolesToAssign: ['beta', 'newsletter'] });
    expect(answer.statusCode).toBe(201);
    const session = answer.json<SessionResponse>();
    const profile = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId) },
    });
    expect(profile.json<{ roles: string[] }>().roles).toEqual(['newsletter', 'beta']);
  });

  it('a role the service does not let users give themselves is refused, and no account is made', async () => {
    const ticket = await nextTicket();
    const refused = await register(ticket, { rolesToAssign: ['premium'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    // The ticket is still good: the same person registers without the role.
    expect((await register(ticket, {})).statusCode).toBe(201);
  });

  it('roles that are not a list are refused by the schema', async () => {
    const answer = await register(await nextTicket(), { roles: 'newsletter' });
    expect(answer.statusCode).toBe(400);
  });
});
