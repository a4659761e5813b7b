/**
 * Issue 24, finding 12: the per-address limits count an IPv6 client by its /64 (one subscriber's
 * network, where a new address costs nothing), social auto-registration spends the registration
 * budget, and forgot password (with resend activation) is limited per client address, known and
 * unknown accounts alike.
 */
import { formatAuthorization, type SocialNetwork } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { addressKey } from '../src/security/client-address';
import { DEMO, login, mailbox, registerBody } from './helpers';
import { socialTestServer, ticketOf } from './social-helpers';
import { testServer } from './helpers';

describe('addressKey', () => {
  it('keeps an IPv4 address, and groups IPv6 addresses by their /64 whatever their spelling', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('counts an IPv4 address mapped into IPv6 (a dual-stack socket) as that IPv4 address', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:c000:201')).toBe('192.0.2.1');
  });

  it('keeps what is not an IP address as given', () => {
    expect(addressKey('unix-socket')).toBe('unix-socket');
    expect(addressKey('')).toBe('');
  });
});

describe('per-address limits over IPv6', () => {
  let server: PreparedServer;
  beforeAll(async () => {
    server = await testServer({
      loginRateLimit: { perIdentifier: 1000, perAddress: 3 },
      registrationPerHour: 2,
      identifierSearchPerMinute: 2,
      forgotPasswordPerHour: 3,
    });
  });
  afterAll(() => server.close());

  it('login: failures from addresses of one /64 share its limit; the next /64 has its own', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const response = await login(server, `nobody-${i}@foyer.test`, 'guess', { remoteAddress: `2001:db8:a:1::${i}` });
      expect(response.statusCode).toBe(401);
    }
    const sameNetwork = await login(server, 'nobody-4@foyer.test', 'guess', {
      remoteAddress: '2001:db8:a:1:dead:beef:0:1',
    });
    expect(sameNetwork.statusCode).toBe(429);
    expect((await login(server, 'nobody-5@foyer.test', 'guess', { remoteAddress: '2001:db8:a:2::1' })).statusCode).toBe(
      401,
    );
  });

  it('registration: accounts made from one /64 share its limit', async () => {
    const registerFrom = (email: string, remoteAddress: string) =>
      server.app.inject({ method: 'POST', url: '/ic/api/userProfile', payload: registerBody(email), remoteAddress });
    expect((await registerFrom('v6-a@foyer.test', '2001:db8:b:1::1')).statusCode).toBe(201);
    expect((await registerFrom('v6-b@foyer.test', '2001:db8:b:1::2')).statusCode).toBe(201);
    const third = await registerFrom('v6-c@foyer.test', '2001:db8:b:1:1234:5678:9abc:def0');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await registerFrom('v6-c@foyer.test', '2001:db8:b:2::1')).statusCode).toBe(201);
  });

  it('identifier search: lookups from one /64 share its limit', async () => {
    const search = (remoteAddress: string) =>
      server.app.inject({
        method: 'GET',
        url: '/ic/api/userProfile/searchByIdentifiers/email?realmName=default&value=someone%40foyer.test',
        headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
        remoteAddress,
      });
    expect((await search('2001:db8:c:1::1')).statusCode).not.toBe(429);
    expect((await search('2001:db8:c:1::2')).statusCode).not.toBe(429);
    expect((await search('2001:db8:c:1::3')).statusCode).toBe(429);
  });

  it('forgot password: limited per client address, with the same answers for known and unknown accounts', async () => {
    const before = (await mailbox(server)).length;
    const forgot = (email: string, remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email)}`,
        headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
        remoteAddress,
      });
    // One client asks for mails to three different addresses (one of them an account): accepted.
    for (const [i, email] of ['unknown-1@foyer.test', DEMO.email, 'unknown-2@foyer.test'].entries()) {
      const answer = await forgot(email, `2001:db8:d:1::${i + 1}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ accepted: true });
    }
    // Over the limit: the same refusal whether the address has an account or not.
    const known = await forgot(DEMO.email, '2001:db8:d:1::9');
    const unknown = await forgot('unknown-3@foyer.test', '2001:db8:d:1::a');
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(known.json<{ code: string }>().code).toBe(unknown.json<{ code: string }>().code);
    // Another client is not held back by this one.
    expect((await forgot('unknown-4@foyer.test', '198.51.100.20')).statusCode).toBe(200);
    await server.deps.background.idle();
    expect((await mailbox(server)).length - before).toBe(1);
  });

  it('resend activation: the same per-address budget as forgot password', async () => {
    const resend = (email: string, remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: '/ic/api/userProfileActivationWorkflow/resendByIdentifiers',
        payload: { realmName: 'default', service: 'demo', identifiers: [{ name: 'email', value: email }] },
        remoteAddress,
      });
    for (let i = 1; i <= 3; i += 1) expect((await resend(`r-${i}@foyer.test`, '203.0.113.80')).statusCode).toBe(200);
    expect((await resend('r-4@foyer.test', '203.0.113.80')).statusCode).toBe(429);
  });
});

describe('social auto-registration', () => {
  let standIn: SocialStandIn;
  let server: PreparedServer;
  let people = 0;
  beforeAll(async () => {
    standIn = await startSocialStandIn();
    server = await socialTestServer(
      standIn,
      { name: 'plain', displayName: 'No social', allowedHostOrigins: ['http://localhost:*'], social: {} },
      { registrationPerHour: 2 },
    );
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  async function autoRegister(network: SocialNetwork, remoteAddress: string) {
    people += 1;
    const id = `${network}-limit-${people}`;
    standIn.setPerson(network, { id, email: `${id}@social.test`, firstName: 'Pat', lastName: `Person${people}` });
    const ticket = await ticketOf(server, network);
    return server.app.inject({
      method: 'POST',
      url: `/ic/api/social/${network}/session?autoRegister=true`,
      headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
      payload: { ticket, realmName: 'default', serviceName: 'demo' },
      remoteAddress,
    });
  }

  it('counts against the registration limit of the address', async () => {
    expect((await autoRegister('google', '203.0.113.90')).statusCode).toBe(201);
    expect((await autoRegister('google', '203.0.113.90')).statusCode).toBe(201);
    const third = await autoRegister('google', '203.0.113.90');
    expect(third.statusCode).toBe(429);
    expect(third.json<{ code: string }>().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await autoRegister('google', '203.0.113.91')).statusCode).toBe(201);
  });
});
