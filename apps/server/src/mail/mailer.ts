/** The one way the server sends mail; SMTP in production, the database outbox otherwise. */
import type { Db } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `smtp` or `outbox`, for logs. */
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /**
   * A durable mailer (mail/queue.ts) only: `add` writes the mail in the caller's transaction (it
   * goes if and only if the change that causes it commits), `deliver` tries it after the commit.
   */
  readonly queue?: {
    add(tx: Db, message: MailMessage): Promise<string>;
    deliver(id: string): Promise<void>;
  };
  /** A durable mailer only: told of each delivery attempt's outcome (for /metrics). */
  observe?(listener: (outcome: MailOutcome) => void): void;
}

/** `sent` once per mail delivered; `failed` per failed attempt (it is retried, or given up). */
export type MailOutcome = 'sent' | 'failed';
