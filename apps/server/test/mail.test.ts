import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { activationMail, escapeHtml } from '../src/mail/messages';
import { mailbox, register, registerBody, testServer } from './helpers';
import { startSmtpStandIn, type SmtpStandIn } from './stand-ins/smtp';

let smtp: SmtpStandIn;
let server: PreparedServer;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await testServer({ smtpUrl: smtp.url, mailFrom: 'Foyer <mail@foyer.test>' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('mail', () => {
  it('goes through SMTP (nodemailer) when SMTP_URL is set, and not to the outbox', async () => {
    expect((await register(server, registerBody('smtp@example.test'))).statusCode).toBe(201);
    // The mailbox waits for mail still being sent; with SMTP it stays empty.
    expect(await mailbox(server)).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('mail@foyer.test');
    expect(mail!.to).toEqual(['smtp@example.test']);
    expect(mail!.data).toMatch(/^Subject: Activate your Foyer demo account$/m);
    expect(mail!.data).toMatch(/activationKey=[\w-]{43}/);
  });

  it('escapes what it puts into HTML and builds links on the demo site', () => {
    const mail = activationMail({
      to: 'a@b.c',
      siteUrl: 'http://localhost:8080/',
      key: 'k&y',
      service: { name: 'demo', displayName: '<b>News</b>' },
    });
    expect(mail.html).not.toContain('<b>News</b>');
    expect(mail.html).toContain(escapeHtml('<b>News</b>'));
    expect(mail.text).toContain('http://localhost:8080/activate?activationKey=k%26y&serviceName=demo');
  });
});
