/**
 * Issue 27: a price change made as configuration applies to new orders at once and, after the
 * notice the owner chose (the plan's `priceChangeNoticeDays`), to renewals. The subscriber is
 * mailed and the site's backend gets `subscription.price_changed`; renewals of periods that start
 * before the notice ends keep the old price. Driven with the test clock through the real calls.
 */
import type { SiteConfig } from '@foyer/api/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { applyConfig } from '../../src/site-config/apply';
import { webhookBody } from '../../src/webhooks/payloads';
import { mailbox } from '../helpers';
import { advance, billingServer, buy, chargesOf, eventsOf, sessionOf, subscriptionState } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await billingServer();
});
afterAll(() => server.close());

/** The demo catalogue with the monthly plan's full price (and notice) changed. */
function withMonthlyPrice(finalPrice: string, priceChangeNoticeDays?: number): SiteConfig {
  const catalogue = seedConfig.catalogue!;
  return {
    ...seedConfig,
    catalogue: {
      ...catalogue,
      products: catalogue.products.map((product) => ({
        ...product,
        plans: product.plans.map((plan) =>
          plan.id === 'digital-monthly-eur'
            ? { ...plan, finalPrice, ...(priceChangeNoticeDays === undefined ? {} : { priceChangeNoticeDays }) }
            : plan,
        ),
      })),
    },
  } as SiteConfig;
}

const change = (finalPrice: string, notice?: number) =>
  applyConfig(server.db, withMonthlyPrice(finalPrice, notice), server.deps.now(), { production: false });

describe('a price change', () => {
  it('tells the subscriber, and renewals pay the new price only once the notice has ended', async () => {
    const { guid } = await sessionOf(server, 'keeps@foyer.test');
    const { subscriptionId } = await buy(
      server,
      (await sessionOf(server, 'keeps@foyer.test')).session,
      'digital-monthly-eur',
    );
    // 2030-01-15: bought (trial 1 €); renews monthly on the 15th at 9.99 €.

    await change('12.50', 40);

    const told = (await eventsOf(server, subscriptionId)).filter(
      (event) => event.type === 'subscription.price_changed',
    );
    expect(told).toEqual([
      {
        type: 'subscription.price_changed',
        data: {
          type: 'subscription.price_changed',
          subscriptionId,
          from: { amountMinor: 999, currency: 'EUR' },
          to: { amountMinor: 1250, currency: 'EUR' },
          effectiveFrom: '2030-02-24',
        },
      },
    ]);
    // The site's backend gets it as a webhook, with nothing else about the account.
    const body = webhookBody(told[0]!.data as never, { serviceName: 'demo', accountId: guid }, server.deps.now());
    expect(body).toMatchObject({
      type: 'subscription.price_changed',
      data: { accountId: guid, effectiveFrom: '2030-02-24' },
    });

    // A new order is sold at the new price at once (after its trial month).
    const newcomer = await buy(server, (await sessionOf(server, 'twice@foyer.test')).session, 'digital-monthly-eur');
    const [sold] = await server.db.query<{ price_minor: unknown; next_price_minor: unknown }>(
      'SELECT price_minor, next_price_minor FROM subscriptions WHERE id = $1',
      [newcomer.subscriptionId],
    );
    expect([Number(sold!.price_minor), sold!.next_price_minor]).toEqual([1250, null]);

    // The mail, in the subscriber's words, with both prices and the day it applies.
    await server.jobs.drain();
    const mail = (await mailbox(server)).find(
      (message) => message.to === 'keeps@foyer.test' && /price .* is changing/.test(message.subject),
    );
    expect(mail?.text).toMatch(/from €9\.99 to €12\.50/);
    expect(mail?.text).toMatch(/February 24, 2030/);

    // 2030-02-15: this period started before the notice ended: the old price.
    await advance(server, 'P1M');
    // 2030-03-15 and 2030-04-15: the new one.
    await advance(server, 'P1M');
    await advance(server, 'P1M');
    expect((await chargesOf(server, subscriptionId)).map((charge) => [charge.period_end, charge.amount_minor])).toEqual(
      [
        ['2030-03-15', 999],
        ['2030-04-15', 1250],
        ['2030-05-15', 1250],
      ],
    );
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE', periods_paid: 4 });
  });

  it('set back before its notice ends, changes nothing for the subscriber', async () => {
    const { subscriptionId } = await buy(
      server,
      (await sessionOf(server, 'rebuys@foyer.test')).session,
      'digital-monthly-eur',
    );
    await change('14.00');
    const [scheduled] = await server.db.query<{ next_price_minor: unknown; next_price_from: unknown }>(
      'SELECT next_price_minor, next_price_from FROM subscriptions WHERE id = $1',
      [subscriptionId],
    );
    // The default notice: 30 days.
    expect(Number(scheduled!.next_price_minor)).toBe(1400);
    expect(new Date(Number(scheduled!.next_price_from)).toISOString().slice(0, 10)).toBe(
      new Date(server.deps.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    );
    // Back to the price this subscriber pays (the one set by the first test).
    await change('12.50');
    await advance(server, 'P1M');
    await advance(server, 'P1M');
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.amount_minor)).toEqual([1250, 1250]);
  });
});
