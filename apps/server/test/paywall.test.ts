import { createHmac } from 'node:crypto';
import { formatAuthorization, paywallAuthorizeResultSchema, paywallTemplateSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRemoteAuth } from '../src/disqus/remote-auth';
import type { PreparedServer } from '../src/index';
import { REVIEW_WINDOW_MS } from '../src/paywall/authorize';
import { seedConfig } from '../src/seed-config';
import { frameTokenHeader, loginOk, testClock, testServer } from './helpers';
import { call, orderOk } from './widget/helpers';

const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  const demo = seedConfig.paywall!.services[0]!;
  server = await testServer({
    now: clock.now,
    seed: {
      ...seedConfig,
      services: [
        ...seedConfig.services,
        {
          name: 'elsewhere',
          realmName: 'default',
          authenticationSchemeName: 'default',
          displayName: 'Elsewhere',
          requiredAttributes: [],
          allowedHostOrigins: ['https://elsewhere.example'],
        },
      ],
      paywall: {
        services: [
          {
            ...demo,
            segments: [
              // Declared sports pages: logged-in readers get five, anonymous ones two.
              { name: 'sports', sections: ['sports'], meter: { anonymous: 2, loggedIn: 5, periodDays: 7 } },
              ...demo.segments,
            ],
            templates: [
              ...demo.templates,
              { kind: 'paywall', displayOn: 'login', segment: 'sports', content: '<p>Sports fans log in</p>' },
            ],
          },
        ],
      },
    },
  });
});
afterAll(() => server.close());

const PAGE = 'http://localhost:8080/premium-article.html';

async function authorize(body: Record<string, unknown>, sessionId?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/paywall/authorize',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', ...(sessionId ? { sessionId } : {}) }) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function view(page: string, meterId?: string, sessionId?: string, extra: Record<string, unknown> = {}) {
  const response = await authorize({ page, ...(meterId ? { meterId } : {}), ...extra }, sessionId);
  expect(response.status).toBe(200);
  return paywallAuthorizeResultSchema.parse(response.body);
}

describe('POST /paywall/authorize, anonymous', () => {
  it('issues a meter id, counts three pages, then asks for login and a subscription', async () => {
    const first = await view(`${PAGE}?a=1`);
    expect(first).toMatchObject({ result: 'ALLOW_ACCESS', segments: ['all'], activeMeter: { count: 1, max: 3 } });
    const meterId = first.meterId!;
    expect(meterId).toMatch(/^[\w-]{20,}$/);
    // A reload (another query string is the same page) is not a second view.
    expect((await view(`${PAGE}?a=2`, meterId)).activeMeter).toEqual({ count: 1, max: 3 });
    expect((await view(`${PAGE}-2`, meterId)).activeMeter).toEqual({ count: 2, max: 3 });
    expect((await view(`${PAGE}-3`, meterId)).activeMeter).toEqual({ count: 3, max: 3 });
    const denied = await view(`${PAGE}-4`, meterId);
    expect(denied).toEqual({
      result: 'REQUIRE_LOGIN',
      requireEntitlement: true,
      segments: ['all'],
      exceededMeter: { count: 3, max: 3 },
      meterId,
    });
    // Still the same view within the window; counted again (and over the limit) after it.
    expect((await view(`${PAGE}-3`, meterId)).result).toBe('ALLOW_ACCESS');
    clock.advance(REVIEW_WINDOW_MS + 1);
    expect((await view(`${PAGE}-3`, meterId)).result).toBe('REQUIRE_LOGIN');
  });

  it('counts each article of a page showing several (articleId) as its own view', async () => {
    const { meterId } = await view(`${PAGE}-multi`, undefined, undefined, { articleId: 'story-1' });
    const second = await view(`${PAGE}-multi`, meterId, undefined, { articleId: 'story-2' });
    expect(second.activeMeter).toEqual({ count: 2, max: 3 });
    expect((await view(`${PAGE}-multi`, meterId, undefined, { articleId: 'story-2' })).activeMeter).toEqual({
      count: 2,
      max: 3,
    });
  });

  it('does not trust a meter id it did not issue: a made-up one starts a new meter', async () => {
    const made = await view(`${PAGE}-x`, 'made-up-meter-id-0000000');
    expect(made.meterId).not.toBe('made-up-meter-id-0000000');
    expect(made.activeMeter).toEqual({ count: 1, max: 3 });
  });

  it('offers the logged-in meter when it has more views, with the segment template', async () => {
    const sports = { section: 'sports' };
    const one = await view(`${PAGE}-s1`, undefined, undefined, sports);
    expect(one.segments).toEqual(['sports', 'all']);
    await view(`${PAGE}-s2`, one.meterId, undefined, sports);
    const denied = await view(`${PAGE}-s3`, one.meterId, undefined, sports);
    expect(denied).toMatchObject({
      result: 'REQUIRE_LOGIN',
      requireEntitlement: false,
      exceededMeter: { count: 2, max: 2 },
      // The two views read anonymously go with the reader into the account's meter.
      offeredMeter: { count: 2, max: 5 },
    });
    const template = await server.app.inject({
      method: 'GET',
      url: '/ic/api/widgets/templates/paywall?displayOn=login&segments=sports,all',
    });
    expect(paywallTemplateSchema.parse(template.json())).toEqual({
      content: '<p>Sports fans log in</p>',
      displayOn: 'login',
      modal: false,
    });
  });

  it('refuses pages outside the service’s sites and malformed bodies', async () => {
    expect((await authorize({ page: 'https://elsewhere.example/a' })).status).toBe(403);
    expect((await authorize({ page: 'not a url' })).status).toBe(400);
    expect((await authorize({ page: PAGE, tags: ['<script>'] })).status).toBe(400);
  });

  it("a call that names no service is for its frame's service, not the default one", async () => {
    const headerless = (serviceOfFrame: string) =>
      server.app.inject({
        method: 'POST',
        url: '/ic/api/paywall/authorize',
        headers: frameTokenHeader(serviceOfFrame, clock.now()),
        payload: { page: PAGE },
      });
    // The demo page is not one of the elsewhere service's sites.
    expect((await headerless('elsewhere')).statusCode).toBe(403);
    expect((await headerless('demo')).statusCode).toBe(200);
  });

  it('counts exactly under concurrency: 20 simultaneous views of different pages on one meter', async () => {
    const { meterId } = await view(`${PAGE}-c0`);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => view(`${PAGE}-c${index + 1}`, meterId)));
    const allowed = results.filter((result) => result.result === 'ALLOW_ACCESS');
    expect(allowed).toHaveLength(2);
    expect(allowed.map((result) => result.activeMeter!.count).sort()).toEqual([2, 3]);
    const rows = await server.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM paywall_views WHERE meter_key = $1`,
      [`v:${meterId}`],
    );
    expect(Number(rows[0]!.n)).toBe(3);
    // The same page twenty times at once is one view.
    const { meterId: other } = await view(`${PAGE}-d0`);
    await Promise.all(Array.from({ length: 20 }, () => view(`${PAGE}-d1`, other)));
    expect((await view(`${PAGE}-d2`, other)).activeMeter).toEqual({ count: 3, max: 3 });
  });
});

describe('POST /paywall/authorize, logged in', () => {
  it('meters the account, not the browser, and lets an entitled subscriber read freely', async () => {
    const session = (await loginOk(server)).mainSession.sessionId;
    const one = await view(`${PAGE}-l1`, undefined, session);
    expect(one).toEqual({
      result: 'ALLOW_ACCESS',
      requireEntitlement: false,
      segments: ['all'],
      activeMeter: { count: 1, max: 3 },
    });
    await view(`${PAGE}-l2`, undefined, session);
    await view(`${PAGE}-l3`, undefined, session);
    expect(await view(`${PAGE}-l4`, undefined, session)).toEqual({
      result: 'REQUIRE_ENTITLEMENT',
      requireEntitlement: true,
      segments: ['all'],
      exceededMeter: { count: 3, max: 3 },
    });
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }]);
    const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
    expect(paid.statusCode).toBe(200);
    expect(await view(`${PAGE}-l4`, undefined, session)).toEqual({
      result: 'ALLOW_ACCESS',
      requireEntitlement: false,
      segments: ['all'],
    });
  });
});

describe('templates', () => {
  it('answers the notifier with the meter numbers, and 404 for an unknown template', async () => {
    const notifier = await server.app.inject({
      method: 'GET',
      url: '/ic/api/widgets/templates/notifier?count=2&total=3',
    });
    expect(notifier.json().content).toContain('<strong>2</strong> of <strong>3</strong>');
    expect(
      (await server.app.inject({ method: 'GET', url: '/ic/api/widgets/templates/notifier?count=x&total=3' }))
        .statusCode,
    ).toBe(400);
    const bad = await server.app.inject({ method: 'GET', url: '/ic/api/widgets/templates/paywall?displayOn=other' });
    expect(bad.statusCode).toBe(400);
  });

  it("answers in the page's language when the owner wrote one, else the template for any language", async () => {
    const content = async (path: string) => {
      const response = await server.app.inject({ method: 'GET', url: `/ic/api/widgets/templates/${path}` });
      expect(response.statusCode, response.body).toBe(200);
      return paywallTemplateSchema.parse(response.json()).content;
    };
    expect(await content('paywall?displayOn=both&segments=all&locale=es')).toContain(
      'Has leído tus artículos gratuitos',
    );
    expect(await content('paywall?displayOn=login&segments=all&locale=pt-BR')).toContain('Entre para continuar lendo');
    // Same language, another region; then a language the owner did not write: the fallback.
    expect(await content('paywall?displayOn=both&segments=all&locale=es-MX')).toContain('Has leído');
    expect(await content('paywall?displayOn=both&segments=all&locale=de')).toContain(
      'You have read your free articles',
    );
    expect(await content('paywall?displayOn=both&segments=all')).toContain('You have read your free articles');
    expect(await content('notifier?count=1&total=3&segments=all&locale=pt-BR')).toContain(
      'Você leu <strong>1</strong> de <strong>3</strong>',
    );
    const bad = await server.app.inject({
      method: 'GET',
      url: '/ic/api/widgets/templates/paywall?displayOn=both&locale=%3Cscript%3E',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /disqus/remoteauth', () => {
  it('signs the account in Disqus’s remote_auth_s3 format for a live session only', async () => {
    const session = (await loginOk(server)).mainSession.sessionId;
    const url = (query: string) => `/ic/api/disqus/remoteauth?${query}`;
    const ok = await server.app.inject({
      method: 'GET',
      url: url(`site=foyer-demo&session=${session}&name=Demo&email=attacker@example.com`),
    });
    expect(ok.statusCode).toBe(200);
    const { token, expiresAt } = ok.json() as { token: string; expiresAt: number };
    expect(expiresAt).toBe(clock.now() + 2 * 60 * 60_000);
    const [message, signature, timestamp] = token.split(' ');
    expect(signature).toMatch(/^[0-9a-f]{40}$/);
    expect(Number(timestamp)).toBe(Math.floor(clock.now() / 1000));
    // The address is the account's, whatever the query says.
    expect(JSON.parse(Buffer.from(message!, 'base64').toString())).toMatchObject({
      username: 'Demo',
      email: 'demo@foyer.test',
    });
    // Disqus's documented check: hex HMAC-SHA1 of "<message> <timestamp>" under the secret key.
    const expected = createHmac('sha1', 'demo-disqus-secret-key').update(`${message} ${timestamp}`).digest('hex');
    expect(signature).toBe(expected);
    expect(verifyRemoteAuth('demo-disqus-secret-key', token, clock.now())).toMatchObject({ email: 'demo@foyer.test' });
    expect(verifyRemoteAuth('another-secret', token, clock.now())).toBeNull();
    const expired = await server.app.inject({ method: 'GET', url: url('site=foyer-demo&session=no-such-session') });
    expect(expired.statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: url(`site=nope&session=${session}`) })).statusCode).toBe(404);
  });
});
