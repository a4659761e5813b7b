/** One meter per reader (issue 26): a login carries the browser's anonymous views into the account's meter. */
import { formatAuthorization, paywallAuthorizeResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { extendedSeed, loginOk, testClock, testServer } from './helpers';

const clock = testClock();
let server: PreparedServer;

beforeAll(async () => {
  const seed = extendedSeed();
  const demo = seed.paywall!.services[0]!;
  server = await testServer({
    now: clock.now,
    seed: {
      ...seed,
      paywall: {
        services: [
          {
            ...demo,
            // Every page: three free views anonymously, five a month once logged in.
            segments: [{ name: 'monthly', meter: { anonymous: 3, loggedIn: 5, periodDays: 30 } }],
          },
        ],
      },
    },
  });
});
afterAll(() => server.close());

const PAGE = 'http://localhost:8080/article';

async function view(page: string, meterId?: string, sessionId?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/paywall/authorize',
    headers: { authorization: formatAuthorization({ serviceName: 'demo', ...(sessionId ? { sessionId } : {}) }) },
    payload: { page, ...(meterId ? { meterId } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return paywallAuthorizeResultSchema.parse(response.json());
}

const session = async (email = 'demo@foyer.test', password = 'foyer-demo-1') =>
  (await loginOk(server, email, password)).mainSession.sessionId;

/** Reads `pages` on one meter (a new one unless given) and answers the meter id. */
async function readAnonymously(prefix: string, pages: number, meterId?: string): Promise<string> {
  let id = meterId;
  for (let index = 1; index <= pages; index++) id = (await view(`${PAGE}/${prefix}-${index}`, id)).meterId;
  return id!;
}

async function viewsOn(meterKey: string): Promise<number> {
  const [row] = await server.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM paywall_views WHERE meter_key = $1',
    [meterKey],
  );
  return Number(row!.n);
}

describe('one meter per reader', () => {
  it('counts the anonymous views on the account after a login: 5 a month is 5, not 3 + 5', async () => {
    const meterId = await readAnonymously('a', 2);
    const sessionId = await session();
    // The two anonymous views are already counted: this is the third of five.
    expect((await view(`${PAGE}/a-3`, meterId, sessionId)).activeMeter).toEqual({ count: 3, max: 5 });
    expect(await viewsOn(`v:${meterId}`)).toBe(0);
    await view(`${PAGE}/a-4`, meterId, sessionId);
    expect((await view(`${PAGE}/a-5`, meterId, sessionId)).activeMeter).toEqual({ count: 5, max: 5 });
    expect((await view(`${PAGE}/a-6`, meterId, sessionId)).result).toBe('REQUIRE_ENTITLEMENT');
    // Logged out on that browser, the meter is still that reader's: nothing more to read for free.
    const loggedOut = await view(`${PAGE}/a-7`, meterId);
    expect(loggedOut).toMatchObject({ result: 'REQUIRE_LOGIN', exceededMeter: { count: 5, max: 3 } });
    // Logging in would give no more: nothing is offered.
    expect(loggedOut.offeredMeter).toBeUndefined();
    // A new month: the views have left the period.
    clock.advance(31 * 86_400_000);
  });

  it('counts a page viewed anonymously and then logged in once, and never moves past the logged-in maximum', async () => {
    const meterId = await readAnonymously('b', 3);
    const sessionId = await session();
    expect((await view(`${PAGE}/b-3`, meterId, sessionId)).activeMeter).toEqual({ count: 3, max: 5 });
    // Logged out: the browser's meter counts with the account's (3 of them, the anonymous maximum);
    // logging in offers the account's meter where it stands.
    expect(await view(`${PAGE}/b-4`, meterId)).toMatchObject({
      result: 'REQUIRE_LOGIN',
      exceededMeter: { count: 3, max: 3 },
      offeredMeter: { count: 3, max: 5 },
    });
    // Read logged in up to the maximum, the same page anonymously again is the view already counted.
    await view(`${PAGE}/b-4`, meterId, sessionId);
    await view(`${PAGE}/b-5`, meterId, sessionId);
    expect((await view(`${PAGE}/b-5`, meterId)).result).toBe('ALLOW_ACCESS');
    expect((await view(`${PAGE}/b-5`, meterId, sessionId)).activeMeter).toEqual({ count: 5, max: 5 });
    clock.advance(31 * 86_400_000);
  });

  it('merges once when two logged-in views carrying the same meter arrive at once', async () => {
    const meterId = await readAnonymously('c', 2);
    const sessionId = await session();
    const both = await Promise.all([view(`${PAGE}/c-3`, meterId, sessionId), view(`${PAGE}/c-4`, meterId, sessionId)]);
    expect(both.map((result) => result.activeMeter!.count).sort()).toEqual([3, 4]);
    expect((await view(`${PAGE}/c-5`, meterId, sessionId)).activeMeter).toEqual({ count: 5, max: 5 });
    clock.advance(31 * 86_400_000);
  });

  it('keeps the browser’s meter the first reader’s: another account logging in there does not inherit it', async () => {
    const meterId = await readAnonymously('d', 1);
    expect((await view(`${PAGE}/d-2`, meterId, await session())).activeMeter).toEqual({ count: 2, max: 5 });
    // A month later, logged out: two views on the same browser, then someone else logs in there.
    clock.advance(31 * 86_400_000);
    await readAnonymously('e', 2, meterId);
    const other = await session('other@foyer.test', 'right-password-1');
    expect((await view(`${PAGE}/e-3`, meterId, other)).activeMeter).toEqual({ count: 1, max: 5 });
    expect(await viewsOn(`v:${meterId}`)).toBe(2);
    // The first reader logging in again gets them, as at the first login.
    expect((await view(`${PAGE}/e-4`, meterId, await session())).activeMeter).toEqual({ count: 3, max: 5 });
    expect(await viewsOn(`v:${meterId}`)).toBe(0);
  });
});
