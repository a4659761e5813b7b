/**
 * Bad bytes on every route of `shared/api` (identity and widget tables) and the frame pages: U+0000
 * and lone surrogates in path parameters, query parameters and JSON bodies, with and without a
 * session. Nothing may answer 5xx; a bad string in a body or parameter answers 400.
 */
import { identityEndpoints } from '@foyer/api';
import { v1Endpoints } from '@foyer/api/v1';
import { widgetEndpoints } from '@foyer/api/widget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { findBadString } from '../src/http/bad-bytes';
import { fakeDist, loginOk, profileAuth, testServer } from './helpers';

let server: PreparedServer;
let dist: Awaited<ReturnType<typeof fakeDist>>;
let session = '';
beforeAll(async () => {
  dist = await fakeDist();
  server = await testServer({
    frameDist: dist.frameDist,
    loaderDist: dist.loaderDist,
    loginRateLimit: { perIdentifier: 100_000, perAddress: 100_000 },
  });
  session = (await loginOk(server)).mainSession.sessionId;
});
afterAll(async () => {
  await server.close();
  await dist.cleanup();
});

/** As they appear in a URL (percent-encoded; `%ED%A0%80` is a lone surrogate's would-be UTF-8). */
const BAD_IN_URL = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80x', '%C0%80'];
/** As they appear in JSON (escapes a JSON parser turns into U+0000 and lone surrogates). */
const BAD_IN_JSON = ['\\u0000', 'a\\u0000b', '\\ud800', 'x\\udc00', '\\udbff\\u0000'];

/** A body with the fields the schemas read, each holding the bad string. */
function badBody(bad: string): string {
  const s = `"${bad}"`;
  return `{
    "realmName": ${s}, "authenticationSchemeName": ${s}, "serviceName": ${s},
    "identifiers": [{"name": "email", "value": ${s}}, {"name": ${s}, "value": "demo@foyer.test"}],
    "validators": [{"name": "password", "value": ${s}}],
    "attributes": [{"name": "firstName", "value": ${s}}], "values": {"firstName": ${s}, ${s}: "x"},
    "orderItems": [{"product": ${s}, "paymentPlan": ${s}, "startDate": ${s}}], "paymentType": "CARD",
    "deliveryAddressGroup": {"values": {"fullName": ${s}, "line1": ${s}, "city": ${s}, "postalCode": "1000", "country": "BE"}},
    "token": ${s}, "redirectFlowId": ${s}, "successRedirectUrl": ${s}, "email": ${s}, "password": ${s},
    "newPassword": ${s}, "key": ${s}, "code": ${s}, "rememberMe": false
  }`;
}

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
const ROUTES: { prefix: string; route: Route }[] = [
  ...Object.values(identityEndpoints).map((route) => ({ prefix: '/ic/api', route })),
  ...Object.values(widgetEndpoints).map((route) => ({ prefix: '/pm/api', route })),
  ...Object.values(v1Endpoints).map((route) => ({ prefix: '/pm/api', route })),
];

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, value);
}

describe('bad bytes on every route', () => {
  it('finds bad strings anywhere in a decoded value', () => {
    expect(findBadString({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(findBadString({ ['\ud800']: 1 }, 'body')).toBe('body.\ud800');
    expect(findBadString({ a: '\ud83d\ude00 emoji', b: 'é' }, 'body')).toBeNull();
    expect(findBadString('\udc00', 'q')).toBe('q');
  });

  it(`never answers 5xx (${ROUTES.length} routes)`, async () => {
    const failures: string[] = [];
    const check = async (method: Route['method'], url: string, options: { body?: string; auth?: boolean } = {}) => {
      const response = await server.app.inject({
        method,
        url,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.auth ? { authorization: profileAuth(session) } : {}),
        },
        ...(options.body === undefined ? {} : { payload: options.body }),
      });
      if (response.statusCode >= 500) failures.push(`${method} ${url} ${options.body ?? ''} -> ${response.statusCode}`);
      return response;
    };
    for (const { prefix, route } of ROUTES) {
      const withBody = route.method === 'POST' || route.method === 'PUT';
      for (const bad of BAD_IN_URL) {
        const inPath = `${prefix}${fill(route.path, bad)}`;
        if (inPath.includes(bad)) {
          const response = await check(route.method, inPath, { auth: true, ...(withBody ? { body: '{}' } : {}) });
          if (bad.includes('%00')) expect(response.statusCode, `${route.method} ${inPath}`).toBe(400);
        }
        const query = `?ev_ss=${bad}&serviceName=${bad}&product=${bad}&key=${bad}&redirect_flow_id=${bad}`;
        await check(route.method, `${prefix}${fill(route.path, 'demo')}${query}`, withBody ? { body: '{}' } : {});
      }
      if (!withBody) continue;
      for (const bad of BAD_IN_JSON) {
        for (const auth of [false, true]) {
          const response = await check(route.method, `${prefix}${fill(route.path, 'demo')}`, {
            body: badBody(bad),
            auth,
          });
          expect(response.statusCode, `${route.method} ${route.path} ${bad}`).toBe(400);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the frame pages and files 400, not 500, for bad query strings', async () => {
    for (const url of [
      '/w/login?serviceName=%00',
      '/w/login?serviceName=%ED%A0%80',
      '/w/registration?serviceName=a%00',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const nul = await server.app.inject({ method: 'GET', url: '/w/login?serviceName=%00' });
    expect(nul.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: '/loader.js%00' })).statusCode).toBeLessThan(500);
    expect((await server.app.inject({ method: 'GET', url: '/w/login?serviceName=demo' })).statusCode).toBe(200);
  });
});
