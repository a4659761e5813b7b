/**
 * The job queue: pg-boss 10 on the server's own database (PostgreSQL, or PGlite through the Db's
 * `script` for pg-boss's parameterless scripts), in its own schema. Chosen over graphile-worker
 * because it runs on any PostgreSQL through a plain `executeSql` adapter (graphile-worker needs a
 * real pg pool and LISTEN/NOTIFY, which PGlite's single connection does not give it), and it
 * brings cron schedules, retries with backoff and archiving of finished jobs.
 *
 *   foyer-sweep    every minute: finds the lifecycle's due work (sweep.ts) and queues it; runs
 *                  every delivery below too (the safety net for a process that died before it
 *                  could queue one)
 *   foyer-billing  one job per item (a renewal, an expiry …), singleton per item while queued
 *   foyer-deliver  what goes out: `outbox` (the billing events' mails and webhooks,
 *                  webhooks/delivery.ts) and `mail` (the durable mail queue, mail/queue.ts).
 *                  Queued when a transaction that wrote such rows commits (db/commit-signals.ts)
 *                  — at most one waiting per topic, however many commits — and, after each run,
 *                  for the moment the next retry falls due (`startAfter`)
 *   foyer-prune    every 10 minutes: expired sessions, keys, unpaid orders …
 *
 * Jobs are at-least-once; exactly-once comes from the work itself (conditional updates and the
 * renewal charges' unique keys, renewals.ts), so two instances, a restart mid-job or a job run
 * twice change nothing twice. `drain()` finds and runs the due work itself until nothing is due
 * (the test clock's POST /dev/clock).
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db';
import type { CommitTopic } from '../db/commit-signals';
import type { BillingContext } from './renewals';
import { findDueWork, runWork, type WorkItem } from './sweep';

const SWEEP = 'foyer-sweep';
const BILLING = 'foyer-billing';
const PRUNE = 'foyer-prune';
const DELIVER = 'foyer-deliver';
/** A long advance of the test clock renews many periods, one round each; this bounds a stuck drain. */
const MAX_DRAIN_ROUNDS = 1_000;
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
  webhooks?: Delivery | undefined;
  /** Retries the durable mail queue (mail/queue.ts), when mail leaves by SMTP; default none. */
  mailQueue?: Delivery | undefined;
  log: JobLogger;
  /** Poll for jobs and run the schedules (default true); false: only drain() works the queue. */
  workers?: boolean;
}

/** Outgoing work with retries of its own: run what is due, and say when the next retry is. */
export interface Delivery {
  run(): Promise<number>;
  /** The app-clock time the earliest waiting retry falls due, or null when nothing waits. */
  nextDue(): Promise<number | null>;
}

export interface JobQueue {
  /** pg-boss's schema (its tables: job, queue, schedule …). */
  readonly schema: string;
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
  let deliverWorker: string | undefined;
  let stopListening: (() => void) | undefined;
  let webhooksRunning: Promise<unknown> | null = null;
  /** One webhook run at a time per instance (other instances are kept apart by the claims). */
  const webhooks = async () => {
    if (!options.webhooks) return;
    webhooksRunning ??= options.webhooks.run().finally(() => {
      webhooksRunning = null;
    });
    await webhooksRunning;
  };

  /** Each topic's work: what runs, and when its next retry falls due. */
  const topics: Record<CommitTopic, Delivery> = {
    outbox: {
      async run() {
        const mailed = await options.mail();
        await webhooks();
        return mailed;
      },
      nextDue: async () => (options.webhooks ? options.webhooks.nextDue() : null),
    },
    mail: {
      run: async () => (options.mailQueue ? options.mailQueue.run() : 0),
      nextDue: async () => (options.mailQueue ? options.mailQueue.nextDue() : null),
    },
  };

  /** Queues a run of `topic` now, or at `at` (app clock) for a retry; each moment one job. */
  const deliverAt = async (topic: CommitTopic, at?: number) => {
    if (at === undefined) {
      // At most one waiting per topic (the queue's stately policy): a burst of commits is one run.
      await boss.send(DELIVER, { topic }, { singletonKey: topic });
      // This instance starts on it now rather than at its next poll.
      if (deliverWorker) boss.notifyWorker(deliverWorker);
      return;
    }
    const seconds = Math.max(1, Math.ceil((at - billing.now()) / 1000));
    await boss.send(DELIVER, { topic }, { singletonKey: `${topic}@${at}`, startAfter: seconds });
  };

  /** Runs `topic`, then queues the run for its next retry. */
  const deliver = async (topic: CommitTopic) => {
    await topics[topic].run();
    const next = await topics[topic].nextDue();
    if (next !== null) await deliverAt(topic, next);
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
    schema: options.schema,
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(BILLING, { name: BILLING, policy: 'stately' });
      await boss.createQueue(SWEEP, { name: SWEEP, policy: 'stately' });
      await boss.createQueue(PRUNE, { name: PRUNE, policy: 'stately' });
      await boss.createQueue(DELIVER, { name: DELIVER, policy: 'stately' });
      if (options.workers === false) return;
      await boss.schedule(SWEEP, '* * * * *', {}, { singletonKey: SWEEP });
      await boss.schedule(PRUNE, '*/10 * * * *', {}, { singletonKey: PRUNE });
      await boss.work(SWEEP, { pollingIntervalSeconds: 5 }, async () => {
        await sweep();
        for (const topic of Object.keys(topics) as CommitTopic[]) await deliver(topic);
      });
      // Webhooks and mail go out within a second or two of their commit, not at the next sweep.
      deliverWorker = await boss.work<{ topic: CommitTopic }>(
        DELIVER,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await deliver(job.data.topic);
            } catch (error) {
              log.error({ err: error, topic: job.data.topic }, 'delivery job failed');
              throw error;
            }
          }
        },
      );
      stopListening = db.onAnnounce((topic) => {
        if (!started) return;
        deliverAt(topic).catch((error: unknown) => log.error({ err: error, topic }, 'could not queue a delivery'));
      });
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
      const mailed = await topics.outbox.run();
      await topics.mail.run();
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
      stopListening?.();
      await webhooksRunning?.catch(() => undefined);
      // Lets a running job finish; the database closes after this.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
