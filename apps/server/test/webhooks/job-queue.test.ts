/**
 * What goes out is driven by the PostgreSQL job queue (billing/jobs.ts), with no timer: a
 * transaction that writes a business event queues a `foyer-deliver` job when it commits (none
 * when it rolls back), the worker delivers the webhook without any drain, and a failed try or a
 * failed mail queues the job that retries it at its due time. Retries far in the future are
 * checked in pg-boss's table, not waited for.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreparedServer } from '../../src/index';
import type { CommitTopic } from '../../src/db/commit-signals';
import { retryDelay } from '../../src/mail/queue';
import { RETRY_SCHEDULE_MS } from '../../src/webhooks/delivery';
import { register, registerBody, testDb } from '../helpers';
import { billingServer } from '../billing/helpers';
import { startReceiver, webhookSecret, type Receiver } from './receiver';

interface QueuedJob {
  singleton_key: string;
  state: string;
  delay_ms: unknown;
}

/** The delivery jobs in pg-boss's table, with how far ahead of their creation each may start. */
async function deliveryJobs(server: PreparedServer, keyPattern: string): Promise<QueuedJob[]> {
  return server.db.query<QueuedJob>(
    `SELECT singleton_key, state::text AS state,
            (extract(epoch FROM start_after - created_on) * 1000)::bigint AS delay_ms
       FROM ${server.jobs.schema}.job WHERE name = 'foyer-deliver' AND singleton_key LIKE $1 ORDER BY created_on`,
    [keyPattern],
  );
}

describe('commit announcements', () => {
  it('are heard after the commit, and never after a rollback', async () => {
    const { db, close } = await testDb();
    try {
      const heard: { topic: CommitTopic; rows: number }[] = [];
      // A table of the test's own schema (a temporary one would live on one pooled connection only).
      await db.exec('CREATE TABLE announced (n int)');
      const stop = db.onAnnounce((topic) => {
        // What the listener does next (queue a job) must see the committed rows.
        void db.query<{ n: unknown }>('SELECT count(*) AS n FROM announced').then(([row]) => {
          heard.push({ topic, rows: Number(row?.n) });
        });
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO announced VALUES (1)');
          tx.announce('outbox');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO announced VALUES (2)');
        tx.announce('outbox');
        tx.announce('outbox');
        // A nested transaction joins the outer one: told at the outer commit.
        await tx.transaction(async (inner) => inner.announce('mail'));
        expect(heard).toEqual([]);
      });
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      expect(heard).toEqual([
        { topic: 'outbox', rows: 1 },
        { topic: 'mail', rows: 1 },
      ]);
      stop();
      db.announce('outbox');
      await db.query('SELECT 1');
      expect(heard).toHaveLength(2);
    } finally {
      await close();
    }
  });
});

describe('deliveries worked by the job queue', () => {
  const secret = webhookSecret();
  let receiver: Receiver;
  let server: PreparedServer;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await billingServer({
      jobWorkers: true,
      siteUrl: receiver.url,
      demoWebhookSecret: secret,
      // Nothing listens here: every mail attempt fails and is queued for its retry.
      smtpUrl: 'smtp://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('sends a webhook once its event commits, with no drain', async () => {
    const response = await register(server, registerBody('queued-at-commit@foyer.test'));
    expect(response.statusCode, response.body).toBeLessThan(300);
    await vi.waitFor(
      () =>
        expect(receiver.received.some((request) => request.body.includes('queued-at-commit@foyer.test'))).toBe(true),
      { timeout: 15_000, interval: 50 },
    );
    // Recorded once the receiver's answer is in (a moment after the receiver saw the request).
    await vi.waitFor(
      async () => {
        const [delivery] = await server.db.query<{ status: string; attempts: unknown }>(
          `SELECT status, attempts FROM webhook_deliveries WHERE body LIKE '%queued-at-commit@foyer.test%'`,
        );
        expect(delivery).toMatchObject({ status: 'delivered' });
        expect(Number(delivery!.attempts)).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('queues the retry of a failed try for when it falls due', async () => {
    receiver.failFirst = 1;
    try {
      const response = await register(server, registerBody('tried-again@foyer.test'));
      expect(response.statusCode, response.body).toBeLessThan(300);
      await vi.waitFor(
        () => expect(receiver.received.some((request) => request.body.includes('tried-again@foyer.test'))).toBe(true),
        { timeout: 15_000, interval: 50 },
      );
      // The first try failed (500): the next waits RETRY_SCHEDULE_MS[0], as a job that starts then.
      await vi.waitFor(async () => expect((await deliveryJobs(server, 'outbox@%')).length).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 50,
      });
      const [retry] = await deliveryJobs(server, 'outbox@%');
      expect(retry!.state).toBe('created');
      expect(Number(retry!.delay_ms)).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]! - 1_000);
      expect(Number(retry!.delay_ms)).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0]! + 1_000);
    } finally {
      receiver.failFirst = 0;
    }
  });

  it('queues the retry of a mail the SMTP server refused', async () => {
    const response = await register(server, registerBody('mail-retried@foyer.test'));
    expect(response.statusCode, response.body).toBeLessThan(300);
    await server.deps.background.idle();
    await vi.waitFor(async () => expect((await deliveryJobs(server, 'mail@%')).length).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 50,
    });
    const [retry] = await deliveryJobs(server, 'mail@%');
    expect(retry!.state).toBe('created');
    expect(Number(retry!.delay_ms)).toBeGreaterThanOrEqual(retryDelay(1) - 1_000);
    expect(Number(retry!.delay_ms)).toBeLessThanOrEqual(retryDelay(1) + 1_000);
  });
});
