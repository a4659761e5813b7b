/**
 * Issue 25: two server instances on one PostgreSQL renew each subscription once. Both run the
 * job queue's workers and both sweep at the same moment of the shared test clock: each renewal is
 * charged once (the charge row is written under the subscription's lock before the provider is
 * asked, and a second instance finds it), each period paid once.
 *
 * Needs a real PostgreSQL (DATABASE_URL, as `.ci/run` gives the server tests): the embedded
 * PGlite is one process's database and cannot be shared by two servers, so on PGlite this file
 * is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { freshDatabase, type DatabaseTarget } from '../helpers';
import { billingServer, buy, chargesOf, eventsOf, sessionOf, subscriptionState } from './helpers';

const DAY = 86_400_000;

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL', () => {
  let target: DatabaseTarget;
  let first: PreparedServer;
  let second: PreparedServer;

  beforeAll(async () => {
    target = await freshDatabase();
    first = await billingServer({ ...target.options, jobWorkers: true });
    second = await billingServer({ ...target.options, jobWorkers: true });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await target?.drop();
  });

  it('renew each subscription once when both sweep at the same time', async () => {
    const bought = [];
    for (const email of ['renews@foyer.test', 'pays@foyer.test', 'cancels@foyer.test', 'rebuys@foyer.test']) {
      const { session } = await sessionOf(first, email);
      bought.push((await buy(first, session, 'digital-monthly-eur')).subscriptionId);
    }
    // The shared clock moves (as POST /dev/clock on either would); both instances see it.
    await first.db.query(
      `INSERT INTO dev_clock (id, offset_ms) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms`,
      [32 * DAY],
    );
    await Promise.all([first.jobs.drain(), second.jobs.drain(), first.jobs.drain(), second.jobs.drain()]);

    for (const id of bought) {
      expect(await subscriptionState(first, id)).toMatchObject({ status: 'ACTIVE', periods_paid: 2 });
      expect((await chargesOf(first, id)).map((charge) => [charge.status, charge.attempt])).toEqual([['SUCCEEDED', 1]]);
      const receipts = (await eventsOf(first, id)).filter((event) => event.type === 'payment.succeeded');
      expect(receipts).toHaveLength(1);
    }
    const clocks = await Promise.all(
      [first, second].map(async (server) => (await server.app.inject({ method: 'GET', url: '/dev/clock' })).json()),
    );
    expect(clocks[0].now.slice(0, 10)).toBe(clocks[1].now.slice(0, 10));
  });
});
