/**
 * The job queue: pg-boss 10 on the server's own database (PostgreSQL, or PGlite through the Db's
 * `script` for pg-boss's parameterless scripts), in its own schema. Chosen over graphile-worker
 * because it runs on any PostgreSQL through a plain `executeSql` adapter (graphile-worker needs a
 * real pg pool and LISTEN/NOTIFY, which PGlite's single connection does not give it), and it
 * brings cron schedules, retries with backoff and archiving of finished jobs.
 *
 *   foyer-sweep    every minute: finds the lifecycle's due work (sweep.ts), queues it, mails
 *   foyer-billing  one job per item (a renewal, an expiry …), singleton per item while queued
 *   foyer-prune    every 10 minutes: expired sessions, keys, unpaid orders …
 *   (a 2-second timer, not a pg-boss job: the due webhooks, webhooks/delivery.ts)
 *
 * Jobs are at-least-once; exactly-once comes from the work itself (conditional updates and the
 * renewal charges' unique keys, renewals.ts), so two instances, a restart mid-job or a job run
 * twice change nothing twice. `drain()` finds and runs the due work itself until nothing is due
 * (the test clock's POST /dev/clock).
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db';
import type { BillingContext } from './renewals';
import { findDueWork, runWork, type WorkItem } from './sweep';

const SWEEP = 'foyer-sweep';
const BILLING = 'foyer-billing';
const PRUNE = 'foyer-prune';
/** A long advance of the test clock renews many periods, one round each; this bounds a stuck drain. */
const MAX_DRAIN_ROUNDS = 1_000;
/** How often a worker sends the due webhooks. */
const WEBHOOK_TICK_MS = 2_000;
/** How long a drain waits for a job another worker is running. */
const DRAIN_PAUSE_MS = 50;

export interface JobLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Jobs of one queue in one state (/metrics). */
export interface JobCount {
  queue: string;
  state: string;
  count: number;
}

export interface JobQueueOptions {
  db: Db;
  /** pg-boss's schema (its tables: job, queue, schedule …). */
  schema: string;
  billing: BillingContext;
  /** Re-reads the shared test clock before each sweep (every instance agrees on what is due). */
  refreshClock?: (() => Promise<void>) | undefined;
  prune: () => Promise<void>;
  /** Mails the visitor from the billing events (billing/mails.ts). */
  mail: () => Promise<number>;
  /** Fans out and sends the due webhooks (webhooks/delivery.ts); default none. */
  webhooks?: (() => Promise<number>) | undefined;
  log: JobLogger;
  /** Poll for jobs and run the schedules (default true); false: only drain() works the queue. */
  workers?: boolean;
}

export interface JobQueue {
  start(): Promise<void>;
  /** Sweeps and runs every due item until nothing is due, then mails; answers the mails sent. */
  drain(): Promise<number>;
  /** Finds the due work and queues it (the every-minute job). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
  /** Jobs waiting, retrying, running or failed, by queue (all instances: it is the shared table). */
  counts(): Promise<JobCount[]>;
}

/** pg-boss's database adapter over the server's Db: parameterised statements, or scripts. */
function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: await db.query(text, values as never[]) };
      return { rows: await db.script(text) };
    },
  };
}

export function jobQueue(options: JobQueueOptions): JobQueue {
  const { db, billing, log } = options;
  const boss = new PgBoss({
    db: bossDb(db),
    schema: options.schema,
    // Finished jobs are kept a day for inspection, then archived and dropped.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  let started = false;
  let webhookTimer: ReturnType<typeof setInterval> | undefined;
  let webhooksRunning: Promise<unknown> | null = null;
  /** One webhook run at a time per instance (other instances are kept apart by the claims). */
  const webhooks = async () => {
    if (!options.webhooks) return;
    webhooksRunning ??= options.webhooks().finally(() => {
      webhooksRunning = null;
    });
    await webhooksRunning;
  };

  const enqueue = async (items: readonly WorkItem[]) => {
    for (const item of items) {
      // One queued job per item: a sweep finding it again while it waits adds none.
      await boss.send(BILLING, item, { singletonKey: `${item.kind}:${item.id}`, retryLimit: 3, retryBackoff: true });
    }
  };

  const sweep = async () => {
    await options.refreshClock?.();
    const due = await findDueWork(db, billing.now());
    await enqueue(due);
    return due.length;
  };

  /** Items being worked on right now, here or by another instance's worker. */
  const active = async () => {
    const rows = await db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM ${options.schema}.job WHERE name = $1 AND state = 'active'`,
      [BILLING],
    );
    return Number(rows[0]?.n ?? 0);
  };

  /** What changes when work is done: the same due list and the same counts mean no progress. */
  const progress = async (due: readonly WorkItem[]) => {
    const counts = await db.query<{ events: unknown; charges: unknown; open: unknown }>(
      `SELECT (SELECT count(*) FROM billing_events) AS events, (SELECT count(*) FROM renewal_charges) AS charges,
              (SELECT count(*) FROM renewal_charges WHERE status IN ('PENDING', 'UNKNOWN')) AS open`,
    );
    const row = counts[0];
    return JSON.stringify([due, String(row?.events), String(row?.charges), String(row?.open)]);
  };

  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(BILLING, { name: BILLING, policy: 'stately' });
      await boss.createQueue(SWEEP, { name: SWEEP, policy: 'stately' });
      await boss.createQueue(PRUNE, { name: PRUNE, policy: 'stately' });
      if (options.workers === false) return;
      await boss.schedule(SWEEP, '* * * * *', {}, { singletonKey: SWEEP });
      await boss.schedule(PRUNE, '*/10 * * * *', {}, { singletonKey: PRUNE });
      await boss.work(SWEEP, { pollingIntervalSeconds: 5 }, async () => {
        await sweep();
        await options.mail();
        await webhooks();
      });
      // Webhooks go out within seconds, not at the next minute's sweep (the first try is "at once").
      webhookTimer = setInterval(() => {
        webhooks().catch((error: unknown) => log.error({ err: error }, 'webhook run failed'));
      }, WEBHOOK_TICK_MS);
      webhookTimer.unref();
      await boss.work(PRUNE, { pollingIntervalSeconds: 30 }, async () => options.prune());
      await boss.work<WorkItem>(BILLING, { pollingIntervalSeconds: 2, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await runWork(billing, job.data);
          } catch (error) {
            // pg-boss retries it; the operator sees each failure as one line.
            log.error({ err: error, item: job.data }, 'billing job failed');
            throw error;
          }
        }
      });
    },
    async drain() {
      let previous = '';
      for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
        await options.refreshClock?.();
        const due = await findDueWork(db, billing.now());
        // A worker (here or elsewhere) may be renewing right now: its result may make more due.
        const busy = await active();
        if (!due.length && !busy) break;
        const state = await progress(due);
        if (state === previous) {
          // The same work due and nothing changed since: it waits for a provider, not for us.
          if (!busy) break;
          await new Promise((resolve) => setTimeout(resolve, DRAIN_PAUSE_MS));
          continue;
        }
        previous = state;
        // Run here, not through the queue: a job just sent may not be fetchable yet (pg-boss
        // compares its start time with the database's clock), and the drain must not end with
        // due work left. The work is idempotent, so a worker running the same item meanwhile
        // changes nothing twice.
        for (const item of due) {
          try {
            await runWork(billing, item);
          } catch (error) {
            log.error({ err: error, item }, 'billing work failed');
          }
        }
      }
      const mailed = await options.mail();
      await webhooks();
      return mailed;
    },
    sweep,
    async counts() {
      if (!started) return [];
      const rows = await db.query<{ queue: string; state: string; count: unknown }>(
        `SELECT name AS queue, state::text AS state, count(*) AS count FROM ${options.schema}.job
          WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      );
      return rows.map((row) => ({ queue: row.queue, state: row.state, count: Number(row.count) }));
    },
    async stop() {
      if (!started) return;
      started = false;
      clearInterval(webhookTimer);
      await webhooksRunning?.catch(() => undefined);
      // Lets a running job finish; the database closes after this.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
