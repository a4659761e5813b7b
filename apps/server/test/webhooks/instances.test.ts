/**
 * Issue 26: two server instances on one PostgreSQL deliver each event once. Both fan out and send
 * at the same moment (drains run side by side, and both run their workers): every event reaches
 * the receiver exactly once, with one delivery row and one recorded try.
 *
 * Needs a real PostgreSQL (DATABASE_URL, as `.ci/run` gives the server tests); skipped on PGlite,
 * which one process alone can open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { freshDatabase, register, registerBody, type DatabaseTarget } from '../helpers';
import { billingServer, buy, sessionOf } from '../billing/helpers';
import { startReceiver, webhookSecret, type Receiver } from './receiver';

describe.skipIf(!process.env.DATABASE_URL)('webhooks from two server instances on one PostgreSQL', () => {
  const secret = webhookSecret();
  let target: DatabaseTarget;
  let receiver: Receiver;
  let first: PreparedServer;
  let second: PreparedServer;

  beforeAll(async () => {
    receiver = await startReceiver();
    target = await freshDatabase();
    const options = { ...target.options, jobWorkers: true, siteUrl: receiver.url, demoWebhookSecret: secret };
    first = await billingServer(options);
    second = await billingServer(options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await target?.drop();
    await receiver?.close();
  });

  it('deliver each event exactly once', async () => {
    for (let n = 0; n < 5; n += 1) {
      const response = await register(n % 2 ? first : second, registerBody(`twice-told-${n}@foyer.test`));
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    for (const email of ['renews@foyer.test', 'pays@foyer.test']) {
      const { session } = await sessionOf(first, email);
      await buy(second, session, 'digital-monthly-eur');
    }
    await Promise.all([first.jobs.drain(), second.jobs.drain(), first.jobs.drain(), second.jobs.drain()]);

    const events = await first.db.query<{ id: string }>(
      `SELECT id FROM billing_events WHERE type <> 'subscription.renewal_reminder'`,
    );
    // 5 registrations; 2 orders × (order.created, subscription.created, payment.succeeded).
    expect(events).toHaveLength(5 + 2 * 3);
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(ids).toHaveLength(events.length);
    expect(new Set(ids).size).toBe(ids.length);
    const deliveries = await first.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries',
    );
    expect(deliveries).toHaveLength(events.length);
    expect(deliveries.every((row) => row.status === 'delivered' && Number(row.attempts) === 1)).toBe(true);
    const attempts = await first.db.query('SELECT 1 FROM webhook_attempts');
    expect(attempts).toHaveLength(events.length);
  });
});
