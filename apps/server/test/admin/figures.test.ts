/**
 * The console's dashboard (issue 28): registrations, sign-ins, live subscriptions by plan, MRR per
 * currency, renewals and failures, and the paywall funnel — counted from real flows through the
 * widgets' own endpoints, over windows moved with the test clock.
 */
import { formatAuthorization, paywallAuthorizeResultSchema } from '@foyer/api';
import { figuresSchema, type Figures } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/admin/keys';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { advance, billingServer, buy, PEOPLE, sessionOf, START } from '../billing/helpers';
import { extendedSeed, linkParam, loginOk, mailbox, register, registerBody } from '../helpers';
import { seededPerson } from '../widget/helpers';

let server: PreparedServer;
let key = '';
const PAGE = 'http://localhost:8080/article';

beforeAll(async () => {
  const paywall = extendedSeed().paywall!;
  server = await billingServer({
    seed: {
      ...seedConfig,
      accounts: [...seedConfig.accounts, ...PEOPLE.map((email) => seededPerson(email))],
      // Every page metered: two free views anonymously, three once logged in.
      paywall: {
        services: [
          {
            ...paywall.services[0]!,
            segments: [{ name: 'all', meter: { anonymous: 2, loggedIn: 3, periodDays: 30 } }],
          },
        ],
      },
    },
  });
  key = (await createApiKey(server.db, { name: 'figures', scopes: ['figures:read'] }, START)).key;
});
afterAll(() => server.close());

async function figures(query = ''): Promise<Figures> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/admin/api/figures${query}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return figuresSchema.parse(response.json());
}

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

describe('figures', () => {
  it('refuses a key without figures:read and a window out of range', async () => {
    const other = (await createApiKey(server.db, { name: 'config', scopes: ['config:read'] }, START)).key;
    const refused = await server.app.inject({
      method: 'GET',
      url: '/admin/api/figures',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await server.app.inject({
      method: 'GET',
      url: '/admin/api/figures?days=0',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: string[] }>().errors[0]).toMatch(/^days: /);
  });

  it('counts a reader from the paywall to an account to a subscription, sign-ins, MRR and renewals', async () => {
    const before = await figures();
    expect(before.registrations.byDay).toHaveLength(31);

    // An anonymous reader reads two free pages; the third is refused: the paywall is shown.
    let meterId = (await view(`${PAGE}/1`)).meterId;
    meterId = (await view(`${PAGE}/2`, meterId)).meterId;
    expect((await view(`${PAGE}/3`, meterId)).result).toBe('REQUIRE_LOGIN');
    // The same reader refused again is still one reader.
    await view(`${PAGE}/4`, meterId);

    // They register, activate, sign in with the paywall's meter (merged into the account) and subscribe.
    expect((await register(server, registerBody('converts@foyer.test'))).statusCode).toBe(201);
    const mail = (await mailbox(server)).find((message) => message.to === 'converts@foyer.test')!;
    const activated = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfileActivationWorkflow/${encodeURIComponent(linkParam(mail, 'activationKey'))}`,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const session = (await loginOk(server, 'converts@foyer.test', 'new-password-1')).mainSession.sessionId;
    await view(`${PAGE}/5`, meterId, session);
    await buy(server, session, 'digital-monthly-eur');

    // Another reader is shown the paywall and goes away.
    const other = (await view(`${PAGE}/1`)).meterId;
    await view(`${PAGE}/2`, other);
    expect((await view(`${PAGE}/3`, other)).result).toBe('REQUIRE_LOGIN');

    // A subscriber whose renewals fail, and one whose renewals succeed.
    const failing = await sessionOf(server, 'fails@foyer.test');
    await buy(server, failing.session, 'digital-monthly-eur', 'pm_card_chargeCustomerFail');

    const after = await figures();
    expect(after.funnel).toEqual({
      shown: before.funnel.shown + 2,
      registered: before.funnel.registered + 1,
      subscribed: before.funnel.subscribed + 1,
    });
    expect(after.registrations.total).toBe(before.registrations.total + 1);
    // converts@ and fails@ signed in (a secure step-up would not count).
    expect(after.logins.total).toBe(before.logins.total + 2);
    const monthly = (figures: Figures) =>
      figures.activeSubscriptions.find((plan) => plan.planId === 'digital-monthly-eur')?.count ?? 0;
    expect(monthly(after)).toBe(monthly(before) + 2);
    const eur = (figures: Figures) => figures.mrr.find((row) => row.currency === 'EUR')?.amountMinor ?? 0;
    const [plan] = await server.db.query<{ price_minor: string | number }>(
      `SELECT price_minor FROM subscriptions WHERE plan_id = 'digital-monthly-eur' LIMIT 1`,
    );
    expect(eur(after)).toBe(eur(before) + 2 * Number(plan!.price_minor));

    // A month on: one renewal succeeds, one fails, on the day they were due.
    await advance(server, 'P31D');
    const month = await figures();
    expect(month.renewals.succeeded).toBeGreaterThanOrEqual(1);
    expect(month.renewals.failed).toBeGreaterThanOrEqual(1);
    const failedDays = month.renewals.byDay.filter((day) => day.failed > 0);
    expect(failedDays.length).toBeGreaterThan(0);
    // The first week's sign-ins have left a 7-day window.
    expect((await figures('?days=7')).logins.total).toBe(0);
  });
});
