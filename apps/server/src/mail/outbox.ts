/**
 * The outbox: mail stored in the database instead of sent, for the demo stack and tests, and
 * listed by GET /dev/mailbox so every mailed link can be followed in a browser.
 */
import type { MailboxMessage } from '@foyer/api';
import { toMillis, type Db } from '../db';
import type { Mailer } from './mailer';

export function outboxMailer(db: Db, now: () => number): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.query(
        'INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5)',
        [message.to, message.subject, message.text, message.html, now()],
      );
    },
    async close() {},
  };
}

/** Newest first. */
export async function listOutbox(db: Db, limit = 100): Promise<MailboxMessage[]> {
  const rows = await db.query<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: unknown;
  }>('SELECT to_address, subject, text_body, html_body, created_at FROM mail_outbox ORDER BY id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: toMillis(row.created_at),
  }));
}
