/** The one way the server sends mail; SMTP in production, the database outbox otherwise. */
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
}
