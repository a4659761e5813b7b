/**
 * Liveness and readiness, apart (the Kubernetes probes' meaning): `/healthz` says the process
 * serves HTTP and never touches the database, so a database outage does not get healthy
 * instances restarted; `/readyz` says the database answers, so a load balancer sends no traffic
 * to an instance that would only answer 503.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { DATABASE_RETRY_AFTER_S } from './errors';

/** How long /readyz waits for `SELECT 1`. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Resolves true when the database answered within the timeout, false otherwise (never throws). */
async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, db: Db, timeoutMs = READINESS_TIMEOUT_MS): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await databaseAnswers(db, timeoutMs)) return reply.send({ status: 'ok', database: db.kind });
    request.log.error({ database: db.kind, timeoutMs }, 'readiness: the database did not answer');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_S))
      .send({ status: 'unavailable', database: db.kind });
  });
}
