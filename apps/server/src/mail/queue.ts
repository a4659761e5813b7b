/**
 * Durable mail: a mailer in front of the SMTP transport that writes every mail to the database
 * (`mail_queue`, migration 038) before anything is sent, then delivers it — at once, and again with
 * backoff while the SMTP server refuses or is down: a failed attempt announces `mail`, and the job
 * queue (billing/jobs.ts) runs `deliverDue` when the retry falls due, on whichever instance is
 * free; its minute sweep also runs it, for a process that died before announcing. An SMTP outage
 * or a restart loses nothing: the rows wait for the next attempt.
 *
 * Once across instances: an attempt first claims its row (FOR UPDATE SKIP LOCKED, then a lease
 * `claimed_until` and `attempts + 1` in the same statement); `attempts` fences the lease, so an
 * attempt whose lease ran out (a crash, a send slower than LEASE_MS) cannot delete or reschedule
 * what another attempt took over. A crash after SMTP accepted and before the row is deleted sends
 * again once the lease runs out (at least once: SMTP cannot take part in a transaction), as the
 * billing mails do (billing/mails.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { MailMessage, Mailer, MailOutcome } from './mailer';

/** How long an attempt owns its row; longer than nodemailer's own timeouts (2 min + 10 min). */
export const LEASE_MS = 15 * 60_000;
/** The wait after the first failed attempt; doubled after each further one, up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** Attempts before a mail is given up (about a day and a half of retries), logged and counted. */
export const MAX_ATTEMPTS = 40;

/** One structured line per event; the recipient and body stay out (they may hold keys). */
export type MailLog = (details: Record<string, unknown>, message: string) => void;

const jsonLineLog: MailLog = (details, message) =>
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg: message, ...details }));

export interface QueuedMailerOptions {
  db: Db;
  now: () => number;
  /** What actually sends (SMTP). */
  transport: Mailer;
  log?: MailLog;
}

export interface QueuedMailer extends Mailer {
  /** Delivers every due mail (this worker's turn); answers how many went out. */
  deliverDue(): Promise<number>;
}

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/** The wait after `attempts` failed attempts. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Writes a mail to the queue (in `tx`, the caller's transaction when it has one); answers its id. */
export async function enqueueMail(tx: Db, message: MailMessage, now: number): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO mail_queue (id, to_address, subject, text_body, html_body, created_at, due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [id, message.to, message.subject, message.text, message.html, now],
  );
  return id;
}

/** When the earliest waiting mail may be tried (app clock), or null when none waits: the job queue's next wake-up. */
export async function nextMailDue(db: Db): Promise<number | null> {
  const [row] = await db.query<{ due: unknown }>(
    'SELECT min(GREATEST(due_at, COALESCE(claimed_until, 0))) AS due FROM mail_queue',
  );
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/** Mail waiting in the queue (for /metrics and the operator). */
export async function queuedMailCount(db: Db): Promise<number> {
  const [row] = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM mail_queue');
  return Number(row?.count ?? 0);
}

export function queuedMailer(options: QueuedMailerOptions): QueuedMailer {
  const { db, now, transport } = options;
  const log = options.log ?? jsonLineLog;
  const listeners: ((outcome: MailOutcome) => void)[] = [];
  const tell = (outcome: MailOutcome) => listeners.forEach((listener) => listener(outcome));

  /** Claims the mail `id`, or else the oldest due one; null when there is none free. */
  const claim = async (id: string | null): Promise<ClaimedRow | null> => {
    const at = now();
    const rows = await db.query<ClaimedRow>(
      `UPDATE mail_queue SET claimed_until = $1, attempts = attempts + 1
        WHERE id = (SELECT id FROM mail_queue
                     WHERE due_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)
                       AND ($3::text IS NULL OR id = $3)
                     ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND (claimed_until IS NULL OR claimed_until <= $2)
        RETURNING id, to_address, subject, text_body, html_body, attempts`,
      [at + LEASE_MS, at, id],
    );
    const row = rows[0];
    return row ? { ...row, attempts: Number(row.attempts) } : null;
  };

  /** One attempt at a claimed mail; true when it went out. */
  const attempt = async (row: ClaimedRow): Promise<boolean> => {
    try {
      await transport.send({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
    } catch (error) {
      tell('failed');
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        log({ mailId: row.id, subject: row.subject, attempts: row.attempts, err: reason }, 'mail given up');
        await db.query('DELETE FROM mail_queue WHERE id = $1 AND attempts = $2', [row.id, row.attempts]);
        return false;
      }
      const retryAt = now() + retryDelay(row.attempts);
      log(
        { mailId: row.id, subject: row.subject, attempts: row.attempts, retryAt, err: reason },
        'mail failed; it will be tried again',
      );
      await db.query(
        `UPDATE mail_queue SET due_at = $1, claimed_until = NULL, last_error = $2 WHERE id = $3 AND attempts = $4`,
        [retryAt, reason.slice(0, 500), row.id, row.attempts],
      );
      // The job queue wakes up for it when it falls due.
      db.announce('mail');
      return false;
    }
    tell('sent');
    const done = await db.query('DELETE FROM mail_queue WHERE id = $1 AND attempts = $2 RETURNING id', [
      row.id,
      row.attempts,
    ]);
    if (!done.length) log({ mailId: row.id }, 'mail sent after its lease ran out: it may have gone twice');
    return true;
  };

  const deliver = async (id: string): Promise<void> => {
    const row = await claim(id);
    if (row) await attempt(row);
  };

  let running: Promise<number> | null = null;
  const deliverDue = (): Promise<number> => {
    // One run at a time in this process; other instances are kept apart by the leases.
    running ??= (async () => {
      let sent = 0;
      try {
        for (let row = await claim(null); row; row = await claim(null)) if (await attempt(row)) sent += 1;
      } finally {
        running = null;
      }
      return sent;
    })();
    return running;
  };

  return {
    kind: transport.kind,
    queue: { add: (tx, message) => enqueueMail(tx, message, now()), deliver },
    /** Written first, then tried at once; a failure stays queued for the worker (logged, not thrown). */
    async send(message) {
      await deliver(await enqueueMail(db, message, now()));
    },
    deliverDue,
    observe: (listener) => void listeners.push(listener),
    async close() {
      await running?.catch(() => undefined);
      await transport.close();
    },
  };
}
