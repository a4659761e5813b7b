/**
 * The mailer of a server with neither SMTP nor the dev outbox: mail is dropped with a warning.
 * Storing it instead would leave reset keys in the database for nobody to read but an attacker.
 */
import type { Mailer } from './mailer';

export function unsentMailer(warn: (text: string) => void = (text) => console.warn(text)): Mailer {
  return {
    kind: 'unsent',
    async send(message) {
      // The subject only: the recipient and the body (links with keys) stay out of the logs.
      warn(`Mail not sent (no SMTP_URL configured): "${message.subject}"`);
    },
    async close() {},
  };
}
