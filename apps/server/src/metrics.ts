/**
 * `/metrics` in Prometheus's text format (prom-client). Each server has its own registry, so
 * several servers in one process (tests) do not share or collide. What it tells: HTTP requests
 * and their durations by method, route pattern (never the raw URL: it carries ids and keys) and
 * status; the PostgreSQL pool; the job queue's jobs by state; mails sent and failed; payments
 * recorded by outcome.
 *
 * Not public: the route exists only with FOYER_METRICS_TOKEN and answers only
 * `Authorization: Bearer <token>` (the counts say how busy the site is and which routes fail).
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { recordedPayments } from './billing/events';
import type { JobQueue } from './billing/jobs';
import type { Db } from './db';
import type { AppDeps } from './deps';
import { postgresOf } from './db/postgres';
import type { Mailer } from './mail/mailer';
import { queuedMailCount } from './mail/queue';
import { operatorTokenMatches } from './widget/manual-confirmation';

export interface Metrics {
  registry: Registry;
  /** Counts a mail sent or failed (countedMailer). */
  mails: Counter<'outcome'>;
}

export interface MetricsSources {
  db: Db;
  /** The job queue once started (its counts are read at each scrape). */
  jobs: () => JobQueue | undefined;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'foyer_' });
  const mails = new Counter({
    name: 'foyer_mails_total',
    help: 'Mails handed to the mailer, by outcome (sent, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['sent', 'failed']) mails.inc({ outcome }, 0);
  new Counter({
    name: 'foyer_payments_total',
    help: 'Payments recorded by this process (payment.succeeded and payment.failed events), by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(recordedPayments)) this.inc({ outcome }, count);
    },
  });
  const pool = postgresOf(sources.db);
  if (pool) {
    new Gauge({
      name: 'foyer_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool.poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'foyer_jobs',
    help: 'Jobs in the queue by queue and state (created, retry, active, failed; all instances)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const jobs = sources.jobs();
      // A scrape during an outage still answers the other metrics.
      const counts = await jobs?.counts().catch(() => []);
      for (const row of counts ?? []) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'foyer_mail_queue',
    help: 'Mails waiting in the durable mail queue for delivery or a retry (all instances)',
    registers: [registry],
    async collect() {
      // A scrape during an outage still answers the other metrics.
      const waiting = await queuedMailCount(sources.db).catch(() => null);
      if (waiting !== null) this.set(waiting);
    },
  });
  return { registry, mails };
}

/** Request counts and durations by method, route pattern and status. */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  const requests = new Counter({
    name: 'foyer_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: 'foyer_http_request_duration_seconds',
    help: 'HTTP request durations, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs (404s, scanners) share one label: their raw paths would grow the series without bound.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });
}

/** GET /metrics, for a scraper holding the token. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!operatorTokenMatches(token, request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * A mailer that counts its sends. A failure is not logged here: the caller gets the error and
 * logs it once (background.ts, billing/mails.ts, or the error handler).
 */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  // A durable mailer's send only queues: it tells each delivery attempt's outcome itself.
  if (mailer.observe) {
    mailer.observe((outcome) => metrics.mails.inc({ outcome }));
    return mailer;
  }
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mails.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.mails.inc({ outcome: 'failed' });
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

/**
 * Wires the metrics into an app: request instrumentation, the counted mailer, and /metrics when
 * a token is configured.
 */
export function observe(app: FastifyInstance, deps: AppDeps): Metrics {
  const metrics = createMetrics({ db: deps.db, jobs: () => deps.jobs });
  instrumentRequests(app, metrics);
  deps.mailer = countedMailer(deps.mailer, metrics);
  if (deps.metricsToken) metricsRoute(app, metrics, deps.metricsToken);
  return metrics;
}
