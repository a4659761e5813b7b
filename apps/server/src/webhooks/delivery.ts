/**
 * The webhook worker: turns new outbox events (billing/events.ts) into deliveries, one per enabled
 * endpoint of the event's service that wants its type, and sends the due deliveries.
 *
 * Exactly once per event and endpoint, with any number of instances: the fan-out takes events
 * FOR UPDATE SKIP LOCKED and a unique (event_id, endpoint_id) refuses a second delivery row. A
 * delivery is claimed like the billing mails (billing/mails.ts): SKIP LOCKED, then
 * `claimed_until` and `attempts` set in one statement; `attempts` fences the claim, so a run
 * whose claim ran out cannot record over another's. The receiver may still see a message twice (a
 * crash after its 2xx, before the mark): it deduplicates by `webhook-id`, the same on every try.
 *
 * Times are the app clock (the test clock moves retries), except `webhook-timestamp`: receivers
 * check it against their own wall clock (Standard Webhooks' replay window), so it is the real time
 * of the send.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { TaskLogger } from '../background';
import type { Db } from '../db';
import { openSecret } from '../security/secret-box';
import type { BillingEvent } from '../billing/events';
import { webhookBody, webhookType } from './payloads';

export interface WebhookDeps {
  db: Db;
  now: () => number;
}

/**
 * The wait before each try after the first (which is at once): Standard Webhooks' (Svix's)
 * schedule, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — about 27.6 hours from the first try to the
 * last; a delivery whose eighth try fails is `failed`.
 */
export const RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** How long one try may take before it counts as failed. */
export const SEND_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is left to its run (longer than a try). */
export const CLAIM_MS = 60_000;
/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 100;

const consoleLog: TaskLogger = { error: (details, message) => console.error(message, details) };

interface EventRow {
  id: string;
  type: string;
  guid: string;
  service_name: string | null;
  data: unknown;
  created_at: unknown;
}

interface EndpointRow {
  id: string;
  service_name: string;
  events: unknown;
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Turns the events not yet fanned out into deliveries; answers how many deliveries were made. */
export async function fanOut(deps: WebhookDeps): Promise<number> {
  let made = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const events = await tx.query<EventRow>(
        `SELECT id, type, guid, service_name, data, created_at FROM billing_events
          WHERE webhooks_at IS NULL ORDER BY created_at, id LIMIT ${FAN_OUT_BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (!events.length) return null;
      const endpoints = await tx.query<EndpointRow>(
        `SELECT id, service_name, events FROM webhook_endpoints WHERE enabled ORDER BY created_at, id`,
      );
      // An event without a service (an order placed without one) goes to the default service's endpoints.
      const fallback = (await tx.query<{ name: string }>('SELECT name FROM services WHERE is_default'))[0]?.name;
      const now = deps.now();
      let count = 0;
      for (const event of events) {
        const type = webhookType(event.type);
        const serviceName = event.service_name ?? fallback;
        if (!type || !serviceName) continue;
        const body = webhookBody(
          json<BillingEvent>(event.data),
          { serviceName, accountId: event.guid },
          Number(event.created_at),
        );
        for (const endpoint of endpoints) {
          const wanted = json<string[]>(endpoint.events);
          if (endpoint.service_name !== serviceName || !(wanted.includes('*') || wanted.includes(type))) continue;
          const inserted = await tx.query(
            `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, type, body, status, next_attempt_at, created_at)
             VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6) ON CONFLICT (event_id, endpoint_id) DO NOTHING RETURNING id`,
            [`msg_${randomUUID()}`, event.id, endpoint.id, type, JSON.stringify(body), now],
          );
          count += inserted.length;
        }
      }
      await tx.query(`UPDATE billing_events SET webhooks_at = $1 WHERE id = ANY($2::text[])`, [
        now,
        events.map((event) => event.id),
      ]);
      return count;
    });
    if (batch === null) return made;
    made += batch;
  }
}

interface ClaimedDelivery {
  id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/** The oldest delivery due at `due` and not claimed by a live claim, claimed now. */
async function claimNext(db: Db, now: number, due: number): Promise<ClaimedDelivery | null> {
  const rows = await db.query<ClaimedDelivery>(
    `WITH claimed AS (
       UPDATE webhook_deliveries SET claimed_until = $1, attempts = attempts + 1
        WHERE id = (SELECT id FROM webhook_deliveries
                     WHERE status = 'pending' AND next_attempt_at <= $3
                       AND (claimed_until IS NULL OR claimed_until <= $2)
                     ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= $2)
        RETURNING id, body, attempts, endpoint_id)
     SELECT c.id, c.body, c.attempts, e.url, e.secret FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`,
    [now + CLAIM_MS, now, due],
  );
  const row = rows[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One signed POST; never throws. */
async function send(delivery: ClaimedDelivery): Promise<Outcome> {
  const started = performance.now();
  try {
    const sentAt = new Date();
    const signature = new Webhook(openSecret(delivery.secret)).sign(delivery.id, sentAt, delivery.body);
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Foyer-Webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        // Each try on a connection of its own. A receiver's idle timeout is unknown and often not
        // announced (gunicorn closes an idle connection after 2 s, while fetch keeps one 4 s
        // unless told otherwise): a try sent on a connection the receiver is just closing fails
        // with ECONNRESET and waits for the next try, 5 s to hours later (issue 29). Tries to one
        // receiver are rarely close enough together for reuse to save anything.
        connection: 'close',
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The body is not read beyond what closes the connection: receivers answer with anything.
    await response.body?.cancel().catch(() => undefined);
    return { statusCode: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { statusCode: null, error: message.slice(0, 500), durationMs: Math.round(performance.now() - started) };
  }
}

/** Records the try and what follows (delivered, the next try, or failed), if the claim is still ours. */
async function settle(deps: WebhookDeps, delivery: ClaimedDelivery, outcome: Outcome, at: number): Promise<void> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const wait = RETRY_SCHEDULE_MS[delivery.attempts - 1];
  const status = ok ? 'delivered' : wait === undefined ? 'failed' : 'pending';
  await deps.db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE webhook_deliveries SET status = $3, claimed_until = NULL, next_attempt_at = $4
        WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
      [delivery.id, delivery.attempts, status, status === 'pending' ? deps.now() + wait! : deps.now()],
    );
    // Another run took the delivery over (this claim ran out): its try is the one recorded.
    if (!updated.length) return;
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [delivery.id, delivery.attempts, at, outcome.statusCode, outcome.error, outcome.durationMs],
    );
  });
}

/** How long a finished delivery (delivered, or failed for good) and its tries stay for the console. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/** Forgets finished deliveries older than DELIVERY_RETENTION_MS (the prune job, every 10 minutes). */
export async function pruneDeliveries(db: Db, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const old = `SELECT id FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND created_at < $1`;
    await tx.query(`DELETE FROM webhook_attempts WHERE delivery_id IN (${old})`, [now - DELIVERY_RETENTION_MS]);
    await tx.query(`DELETE FROM webhook_deliveries WHERE id IN (${old})`, [now - DELIVERY_RETENTION_MS]);
  });
}

/** When the earliest waiting try is due (app clock), or null when none waits: the job queue's next wake-up. */
export async function nextDeliveryDue(db: Db): Promise<number | null> {
  const [row] = await db.query<{ due: unknown }>(
    `SELECT min(GREATEST(next_attempt_at, COALESCE(claimed_until, 0))) AS due FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/**
 * Fans out the new events, then sends every delivery due now (a retry rescheduled meanwhile waits
 * for the next run); answers how many were delivered. The job queue calls it (billing/jobs.ts: a
 * job queued when an event commits or a retry falls due, the minute sweep, every /dev/clock drain).
 */
export async function runWebhooks(deps: WebhookDeps, log: TaskLogger = consoleLog): Promise<number> {
  await fanOut(deps);
  const due = deps.now();
  let delivered = 0;
  for (;;) {
    const delivery = await claimNext(deps.db, deps.now(), due);
    if (!delivery) return delivered;
    const at = deps.now();
    const outcome = await send(delivery);
    try {
      await settle(deps, delivery, outcome, at);
    } catch (error) {
      // Left claimed: tried again once the claim runs out.
      log.error({ err: error, deliveryId: delivery.id }, 'recording a webhook try failed');
      continue;
    }
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) delivered += 1;
  }
}
