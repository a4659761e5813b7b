/**
 * Full-redirect social sign-in (issue 14: in-app browsers, blocked popups): the page to come back
 * to must be on the service's allowed host origins (never an open redirect), the host page's URL
 * carries only a result id, and that id is redeemed once, by a frame of the same service, for a
 * ticket that then signs in like the popup's.
 */
import { formatAuthorization, type SocialNetwork } from '@foyer/api';
import { SOCIAL_PURPOSE_PARAM, SOCIAL_RESULT_PARAM } from '@foyer/protocol/light';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialStandIn, type SocialStandIn } from '../src/dev/social-stand-in';
import type { PreparedServer } from '../src/index';
import { checkReturnTo } from '../src/routes/social-return';
import { SOCIAL_RESULT_LIFETIME_MS } from '../src/identity/social-store';
import { socialTestServer } from './social-helpers';

let standIn: SocialStandIn;
let server: PreparedServer;
let people = 0;
let clock = Date.now();

beforeAll(async () => {
  standIn = await startSocialStandIn();
  server = await socialTestServer(
    standIn,
    {
      name: 'shop',
      displayName: 'Shop',
      allowedHostOrigins: ['https://shop.example.com'],
      social: { google: standIn.config.google },
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

const HOST_PAGE = 'http://localhost:5173/article.html?id=7';

function person(network: SocialNetwork) {
  people += 1;
  const id = `${network}-redirect-${people}`;
  standIn.setPerson(network, { id, email: `${id}@social.test`, firstName: 'Rae', lastName: `Redirect${people}` });
  return id;
}

function authorize(network: string, query: Record<string, string>) {
  const search = new URLSearchParams({ serviceName: 'demo', attempt: 'attempt-redirect-1', ...query });
  return server.app.inject({ method: 'GET', url: `/ic/api/social/${network}/authorize?${search}` });
}

/** The whole page's journey: authorize → provider → callback → back on the host page. */
async function roundTrip(network: SocialNetwork, query: Record<string, string> = {}) {
  const start = await authorize(network, { returnTo: HOST_PAGE, ...query });
  expect(start.statusCode).toBe(302);
  const atProvider = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await server.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string);
}

/** Redeems as the frame that started the trip would (its attempt), or, with null, with none. */
function redeem(result: string, attempt: string | null = 'attempt-redirect-1', serviceName = 'demo') {
  return server.app.inject({
    method: 'POST',
    url: '/ic/api/social/result',
    headers: { authorization: formatAuthorization({ serviceName }) },
    payload: { result, ...(attempt ? { attempt } : {}) },
  });
}

describe('the page to come back to', () => {
  const allowed = ['http://localhost:*', 'https://news.example.com'];
  it.each([
    ['http://localhost:5173/a?b=1', 'http://localhost:5173/a?b=1'],
    ['https://news.example.com/x#frag', 'https://news.example.com/x'],
    ['https://news.example.com/x?foyerSocial=old&foyerSocialFor=link&k=v', 'https://news.example.com/x?k=v'],
  ])('accepts %s on an allowed origin (as %s)', (value, expected) => {
    expect(checkReturnTo(value, allowed)).toBe(expected);
  });

  it.each([
    'https://evil.example.org/',
    'https://news.example.com.evil.org/',
    'http://news.example.com/',
    'https://user:pw@news.example.com/',
    'javascript:alert(1)',
    '//news.example.com/x',
    '/relative/path',
    'data:text/html,hi',
    'ftp://localhost:21/',
    `https://news.example.com/${'a'.repeat(2100)}`,
  ])('refuses %s', (value) => {
    expect(() => checkReturnTo(value, allowed)).toThrow('The sign-in cannot return to this page.');
  });

  it('authorize refuses a returnTo outside the service’s allowed host origins, before going to the provider', async () => {
    const before = standIn.tokenRequests.google.length;
    const evil = await authorize('google', { returnTo: 'https://evil.example.org/steal' });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({ code: 'SOCIAL_RETURN_NOT_ALLOWED' });
    expect(evil.headers.location).toBeUndefined();
    // Allowed for another service is not allowed for this one.
    const other = await authorize('google', { returnTo: 'https://shop.example.com/' });
    expect(other.json()).toMatchObject({ code: 'SOCIAL_RETURN_NOT_ALLOWED' });
    const bad = await authorize('google', { returnTo: HOST_PAGE, purpose: 'steal' });
    expect(bad.statusCode).toBe(400);
    expect(standIn.tokenRequests.google.length).toBe(before);
  });
});

describe('the result id', () => {
  it('comes back on the host page with nothing secret, and redeems once for a ticket that signs in', async () => {
    person('google');
    const back = await roundTrip('google');
    expect(back.origin + back.pathname).toBe('http://localhost:5173/article.html');
    expect(back.searchParams.get('id')).toBe('7');
    expect(back.searchParams.get(SOCIAL_PURPOSE_PARAM)).toBe('signIn');
    const result = back.searchParams.get(SOCIAL_RESULT_PARAM)!;
    expect(result).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect([...back.searchParams.keys()].sort()).toEqual(['foyerSocial', 'foyerSocialFor', 'id']);

    const first = await redeem(result, 'attempt-redirect-1');
    expect(first.statusCode).toBe(200);
    const { ticket, network, purpose } = first.json() as { ticket: string; network: string; purpose: string };
    expect({ network, purpose }).toEqual({ network: 'google', purpose: 'signIn' });
    expect(ticket).not.toBe(result);

    const again = await redeem(result, 'attempt-redirect-1');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });

    const session = await server.app.inject({
      method: 'POST',
      url: '/ic/api/social/google/session?autoRegister=true',
      headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
      payload: { ticket, realmName: 'default', serviceName: 'demo' },
    });
    expect(session.statusCode).toBe(201);
  });

  it('of concurrent redemptions exactly one succeeds', async () => {
    person('google');
    const result = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(result)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('is refused, and spent, for another attempt (a result sent from another browser), another service or once expired', async () => {
    person('google');
    const stolen = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    expect((await redeem(stolen, 'attempt-of-the-victim')).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });
    expect((await redeem(stolen, 'attempt-redirect-1')).statusCode).toBe(401);

    const other = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    expect((await redeem(other, 'attempt-redirect-1', 'demo-captcha')).statusCode).toBe(401);

    const late = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    clock += SOCIAL_RESULT_LIFETIME_MS + 1;
    expect((await redeem(late)).statusCode).toBe(401);
  });

  it('is refused without its attempt: a result URL made in the attacker’s browser and opened by the victim signs nobody in (login CSRF)', async () => {
    person('google');
    const planted = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    const withoutAttempt = await redeem(planted, null);
    expect(withoutAttempt.statusCode).toBe(400);
    expect(withoutAttempt.json()).toMatchObject({ code: 'VALIDATION_FAILED', args: ['attempt'] });
    expect(withoutAttempt.json()).not.toHaveProperty('ticket');
  });

  it('carries a refusal at the provider as access_denied, and the purposes link and confirm', async () => {
    standIn.setPerson('google', { id: 'nobody', deny: true });
    const denied = await roundTrip('google');
    const answer = await redeem(denied.searchParams.get(SOCIAL_RESULT_PARAM)!);
    expect(answer.json()).toEqual({ network: 'google', purpose: 'signIn', error: 'access_denied' });

    person('facebook');
    const linking = await roundTrip('facebook', { purpose: 'link' });
    expect(linking.searchParams.get(SOCIAL_PURPOSE_PARAM)).toBe('link');
    expect((await redeem(linking.searchParams.get(SOCIAL_RESULT_PARAM)!)).json()).toMatchObject({
      network: 'facebook',
      purpose: 'link',
    });

    // The fresh proof link and unlink ask of an account without a password (issue 24).
    person('facebook');
    const confirming = await roundTrip('facebook', { purpose: 'confirm' });
    expect(confirming.searchParams.get(SOCIAL_PURPOSE_PARAM)).toBe('confirm');
    expect((await redeem(confirming.searchParams.get(SOCIAL_RESULT_PARAM)!)).json()).toMatchObject({
      network: 'facebook',
      purpose: 'confirm',
    });
  });

  it('a network the service has not configured comes back at once with SOCIAL_SETTINGS_INVALID', async () => {
    const start = await authorize('facebook', { serviceName: 'shop', returnTo: 'https://shop.example.com/news' });
    expect(start.statusCode).toBe(302);
    const back = new URL(start.headers.location as string);
    expect(back.origin + back.pathname).toBe('https://shop.example.com/news');
    const answer = await redeem(back.searchParams.get(SOCIAL_RESULT_PARAM)!, 'attempt-redirect-1', 'shop');
    expect(answer.json()).toEqual({ network: 'facebook', purpose: 'signIn', error: 'SOCIAL_SETTINGS_INVALID' });
  });

  it('needs a frame of the service', async () => {
    person('google');
    const result = (await roundTrip('google')).searchParams.get(SOCIAL_RESULT_PARAM)!;
    const anonymous = await server.app.inject({ method: 'POST', url: '/ic/api/social/result', payload: { result } });
    expect(anonymous.statusCode).toBe(400);
    expect((await redeem(result)).statusCode).toBe(200);
  });
});
