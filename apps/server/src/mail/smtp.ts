import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Mail through an SMTP server: `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer URL syntax). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
