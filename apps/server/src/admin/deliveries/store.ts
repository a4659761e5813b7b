/**
 * Webhook deliveries as the console shows them (issue 28): each message with its endpoint, its
 * tries (webhook_attempts) and "send again". Sending again keeps the message's `webhook-id`, so a
 * receiver that already handled it can tell (Standard Webhooks' idempotency); it makes one more
 * try at once through the normal worker (webhooks/delivery.ts), whose retry schedule then goes on
 * from where the delivery was (none after the eighth try).
 */
import type { DeliveryDetail, DeliverySummary } from '@foyer/api/admin';
import type { Db } from '../../db';
import { decodeCursor, pageOf } from '../cursor';

interface DeliveryRow {
  id: string;
  type: string;
  service_name: string;
  url: string;
  status: DeliverySummary['status'];
  attempts: string | number;
  next_attempt_at: string | number;
  created_at: string | number;
  last_status_code: number | null;
}

const SELECT = `SELECT d.id, d.type, e.service_name, e.url, d.status, d.attempts, d.next_attempt_at, d.created_at,
       (SELECT a.status_code FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.attempt DESC LIMIT 1) AS last_status_code
  FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id`;

const toSummary = (row: DeliveryRow): DeliverySummary => ({
  id: row.id,
  type: row.type,
  service: row.service_name,
  url: row.url,
  status: row.status,
  attempts: Number(row.attempts),
  nextAttemptAt: row.status === 'pending' ? Number(row.next_attempt_at) : null,
  createdAt: Number(row.created_at),
  lastStatusCode: row.last_status_code,
});

export async function listDeliveries(
  db: Db,
  filter: {
    status?: string | undefined;
    type?: string | undefined;
    service?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ items: DeliverySummary[]; next: string | null }> {
  // A cursor this server did not make reads as the first page.
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  const rows = await db.query<DeliveryRow>(
    `${SELECT}
      WHERE ($1::text IS NULL OR d.status = $1) AND ($2::text IS NULL OR d.type = $2)
        AND ($3::text IS NULL OR e.service_name = $3)
        AND ($4::bigint IS NULL OR (d.created_at, d.id) < ($4::bigint, $5::text))
      ORDER BY d.created_at DESC, d.id DESC LIMIT $6`,
    [
      filter.status ?? null,
      filter.type ?? null,
      filter.service ?? null,
      after?.[0] ?? null,
      after?.[1] ?? null,
      filter.limit + 1,
    ],
  );
  return pageOf(rows, filter.limit, (row) => [Number(row.created_at), row.id], toSummary);
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryDetail | null> {
  const [row] = await db.query<DeliveryRow & { body: string }>(
    `${SELECT.replace('SELECT d.id,', 'SELECT d.id, d.body,')} WHERE d.id = $1`,
    [id],
  );
  if (!row) return null;
  const attempts = await db.query<{
    attempt: number;
    at: string | number;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
  }>(
    'SELECT attempt, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
    [id],
  );
  return {
    ...toSummary(row),
    body: row.body,
    attemptLog: attempts.map((attempt) => ({
      attempt: Number(attempt.attempt),
      at: Number(attempt.at),
      statusCode: attempt.status_code,
      error: attempt.error,
      durationMs: Number(attempt.duration_ms),
    })),
  };
}

/**
 * Makes the delivery due now (a claim in flight is left to finish: its try is recorded and this
 * one follows). Answers the status before, or null when there is no such delivery.
 */
export async function resendDelivery(tx: Db, id: string, now: number): Promise<string | null> {
  const [before] = await tx.query<{ status: string }>(
    'SELECT status FROM webhook_deliveries WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!before) return null;
  await tx.query(`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $2 WHERE id = $1`, [id, now]);
  // Once committed, the job queue sends it (billing/jobs.ts).
  tx.announce('outbox');
  return before.status;
}
