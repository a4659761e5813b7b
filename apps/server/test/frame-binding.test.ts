/**
 * Issue 11, finding 7: a frame's API calls are bound to the service its page was served for. The
 * frame page carries a signed token (frame config `serviceToken`); calls without a valid token for
 * their service are refused with FRAME_NOT_BOUND, so a host allowed for one service cannot make
 * the frame it embeds call another.
 */
import { randomBytes } from 'node:crypto';
import { FRAME_TOKEN_HEADER, formatAuthorization, frameConfigSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameTokenKeyFrom, optionsFromEnv } from '../src/config';
import type { PreparedServer } from '../src/index';
import { FRAME_TOKEN_LIFETIME_MS, mintFrameToken, verifyFrameToken } from '../src/security/frame-tokens';
import {
  DEMO,
  extendedSeed,
  fakeDist,
  loginBody,
  mailbox,
  PUBLIC_URL,
  registerBody,
  testClock,
  testServer,
} from './helpers';

let server: PreparedServer;
let dist: Awaited<ReturnType<typeof fakeDist>>;
const clock = testClock();

beforeAll(async () => {
  dist = await fakeDist();
  server = await testServer(
    { seed: extendedSeed(), frameDist: dist.frameDist, loaderDist: dist.loaderDist, now: clock.now },
    { frameTokens: false },
  );
});
afterAll(async () => {
  await server.close();
  await dist.cleanup();
});

/** The token a frame page served for `service` carries, read as the frame reads it. */
async function pageToken(service: string): Promise<string> {
  const page = await server.app.inject({ method: 'GET', url: `/w/login?serviceName=${service}` });
  const json = /<script id="foyer-frame-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
  const config = frameConfigSchema.parse(JSON.parse(json ?? 'null'));
  expect(config.defaultServiceName).toBe(service);
  expect(config.serviceToken).toBeTruthy();
  return config.serviceToken!;
}

const login = (headers: Record<string, string>, service = 'demo') =>
  server.app.inject({
    method: 'POST',
    url: '/ic/api/session',
    headers: { authorization: formatAuthorization({ serviceName: service }), ...headers },
    payload: loginBody(DEMO.email, DEMO.password),
  });

function expectRefused(response: { statusCode: number; json: () => unknown }): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'FRAME_NOT_BOUND' });
}

describe('frame tokens', () => {
  it('lets the calls of a frame served for the service through', async () => {
    const token = { [FRAME_TOKEN_HEADER]: await pageToken('demo') };
    expect((await login(token)).statusCode).toBe(200);
    const group = await server.app.inject({ method: 'GET', url: '/pm/api/widget/productgroup/demo', headers: token });
    expect(group.statusCode).toBe(200);
    // The purchase login forwards to the identity login with the same token.
    const widgetLogin = await server.app.inject({
      method: 'POST',
      url: '/pm/api/widget/profile/login/demo',
      headers: token,
      payload: { ...loginBody(DEMO.email, DEMO.password), realmName: 'default_realm' },
    });
    expect(widgetLogin.statusCode).toBe(200);
    // A call that names no service (a reset key) needs a valid token, of any service.
    const reset = await server.app.inject({
      method: 'PUT',
      url: '/ic/api/resetAttributeWorkflow/no-such-key',
      headers: token,
      payload: { validators: [{ name: 'password', value: 'new-password-1' }] },
    });
    expect(reset.statusCode).not.toBe(403);
  });

  it('refuses a call without a token, identity and widget service alike', async () => {
    expectRefused(await login({}));
    expectRefused(await server.app.inject({ method: 'GET', url: '/ic/api/service/demo' }));
    expectRefused(await server.app.inject({ method: 'GET', url: '/pm/api/widget/productgroup/demo' }));
    expectRefused(await server.app.inject({ method: 'GET', url: '/ic/api/session/whatever' }));
  });

  it('refuses forged tokens: another key, a changed service, garbage', async () => {
    const otherKey = mintFrameToken(Buffer.from('another-key-of-at-least-thirty-two-chars'), 'demo', clock.now());
    expectRefused(await login({ [FRAME_TOKEN_HEADER]: otherKey }));
    // The news page's signature over a payload naming demo.
    const [version, , signature] = (await pageToken('news')).split('.');
    const payload = Buffer.from(JSON.stringify({ s: 'demo', e: clock.now() / 1000 + 3600 })).toString('base64url');
    expectRefused(await login({ [FRAME_TOKEN_HEADER]: `${version}.${payload}.${signature}` }));
    for (const garbage of ['x', 'f1..', 'f1.e30.', `${await pageToken('demo')}.extra`, 'a'.repeat(5000)])
      expectRefused(await login({ [FRAME_TOKEN_HEADER]: garbage }));
  });

  it('refuses an expired token', async () => {
    const token = { [FRAME_TOKEN_HEADER]: await pageToken('demo') };
    expect((await server.app.inject({ method: 'GET', url: '/ic/api/service/demo', headers: token })).statusCode).toBe(
      200,
    );
    clock.advance(FRAME_TOKEN_LIFETIME_MS + 1000);
    expectRefused(await server.app.inject({ method: 'GET', url: '/ic/api/service/demo', headers: token }));
    // A reloaded page gets a fresh token.
    expect((await login({ [FRAME_TOKEN_HEADER]: await pageToken('demo') })).statusCode).toBe(200);
  });

  it("refuses a call naming another service than the token's, wherever the call names it", async () => {
    const news = { [FRAME_TOKEN_HEADER]: await pageToken('news') };
    // The finding: a frame served (and embedded) for news, told by its host to log in to demo.
    expectRefused(await login(news, 'demo'));
    for (const url of [
      '/ic/api/service/demo',
      '/ic/api/ui/template/profile/demo',
      '/pm/api/widget/profile/attributeGroups/demo',
    ])
      expectRefused(await server.app.inject({ method: 'GET', url, headers: news }));
    // The header and the path must both name the token's service.
    expectRefused(
      await server.app.inject({
        method: 'GET',
        url: '/ic/api/ui/template/profile/demo',
        headers: { ...news, authorization: formatAuthorization({ serviceName: 'news' }) },
      }),
    );
    expect((await server.app.inject({ method: 'GET', url: '/ic/api/service/news', headers: news })).statusCode).toBe(
      200,
    );
  });

  it("refuses another service named in the query or the body, and takes the frame's when the call names none", async () => {
    const news = { [FRAME_TOKEN_HEADER]: await pageToken('news') };
    const post = (url: string, payload?: object) =>
      server.app.inject({ method: 'POST', url, headers: news, ...(payload ? { payload } : {}) });
    const ticket = 't'.repeat(32);
    // Registration (its primary, first service), resending the activation and social sign-in name
    // their service in the body.
    expectRefused(await post('/ic/api/userProfile', registerBody('elsewhere@example.test', { services: ['demo'] })));
    expectRefused(
      await post('/ic/api/userProfile', registerBody('elsewhere@example.test', { services: ['demo', 'news'] })),
    );
    expectRefused(
      await post('/ic/api/userProfileActivationWorkflow/resendByIdentifiers', {
        realmName: 'default',
        service: 'demo',
        identifiers: [{ name: 'email', value: DEMO.email }],
      }),
    );
    expectRefused(await post('/ic/api/social/facebook/session', { ticket, realmName: 'default', serviceName: 'demo' }));
    expectRefused(
      await post('/ic/api/social/facebook/register', { ticket, realm: 'default', services: ['demo'], attributes: [] }),
    );
    // Forgot password and the profile check name it in the query.
    expectRefused(
      await post(`/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&serviceName=demo&email=x%40y.z`),
    );
    expectRefused(
      await server.app.inject({ method: 'GET', url: '/ic/api/userProfile/some-guid?serviceName=demo', headers: news }),
    );
    expect(await mailbox(server)).toEqual([]);
    // Naming none, the call is for the frame's service: the reset mail is the news service's.
    const reset = await post(
      `/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=other%40foyer.test`,
    );
    expect(reset.statusCode).toBe(200);
    await expect.poll(async () => (await mailbox(server))[0]?.subject).toContain('News <daily>');
  });

  it('tells a frame asked for an unknown service that it does not exist, not that it is unbound', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/w/login?serviceName=no-such-service' });
    const json = /<script id="foyer-frame-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
    const { serviceToken } = frameConfigSchema.parse(JSON.parse(json ?? 'null'));
    const headers = { [FRAME_TOKEN_HEADER]: serviceToken! };
    const unknown = await server.app.inject({ method: 'GET', url: '/ic/api/service/no-such-service', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    // A service that exists but is not the token's stays refused.
    expectRefused(await server.app.inject({ method: 'GET', url: '/ic/api/service/news', headers }));
  });

  it('leaves the seamless sign-in images alone (other domains request them, not a frame)', async () => {
    // No frame token: the widgets origin's image (its Referer; issue 24: another page's clears nothing).
    const logout = await server.app.inject({
      method: 'GET',
      url: '/ic/api/session/sso_logout.gif',
      headers: { referer: `${PUBLIC_URL}/w/login` },
    });
    expect(logout.statusCode).toBe(200);
    const planted = await server.app.inject({ method: 'GET', url: '/ic/api/session/not-a-token/sso.gif' });
    expect(planted.statusCode).toBe(404);
  });

  it('allows the frame token header in CORS', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/ic/api/session',
      headers: {
        origin: 'http://127.0.0.1:8081',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `authorization,content-type,${FRAME_TOKEN_HEADER.toLowerCase()}`,
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      FRAME_TOKEN_HEADER.toLowerCase(),
    );
  });
});

describe('the signing key', () => {
  it('is required in production and must be long enough', () => {
    expect(() => frameTokenKeyFrom(undefined, optionsFromEnv({ NODE_ENV: 'production' }))).toThrow(
      /FOYER_FRAME_TOKEN_KEY must be set in production/,
    );
    expect(() => frameTokenKeyFrom(undefined, optionsFromEnv({ FOYER_FRAME_TOKEN_KEY: 'short' }))).toThrow(
      /at least 32/,
    );
    // Production takes a random key only (issue 24, finding 10): 40 × 'k' is refused there.
    expect(() =>
      frameTokenKeyFrom(undefined, optionsFromEnv({ NODE_ENV: 'production', FOYER_FRAME_TOKEN_KEY: 'k'.repeat(40) })),
    ).toThrow(/distinct characters/);
    expect(frameTokenKeyFrom(undefined, optionsFromEnv({ FOYER_FRAME_TOKEN_KEY: 'k'.repeat(40) })).length).toBe(40);
    const key = randomBytes(32).toString('base64');
    const configured = frameTokenKeyFrom(
      undefined,
      optionsFromEnv({ NODE_ENV: 'production', FOYER_FRAME_TOKEN_KEY: key }),
    );
    expect(verifyFrameToken(configured, mintFrameToken(Buffer.from(key), 'demo', 0), 0)).toBe('demo');
  });

  it('is random per start outside production', () => {
    const first = frameTokenKeyFrom(undefined, optionsFromEnv({}));
    const second = frameTokenKeyFrom(undefined, optionsFromEnv({}));
    expect(first.length).toBe(32);
    expect(first.equals(second)).toBe(false);
    expect(verifyFrameToken(second, mintFrameToken(first, 'demo', 0), 0)).toBeNull();
  });
});
