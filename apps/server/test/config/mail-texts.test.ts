/**
 * Issue 27: the mails' texts are configuration. A service's `mailTexts` give a mail's subject and
 * opening paragraph, for one language or all, with placeholders; the schema refuses a placeholder
 * the mail does not offer (naming its path); the mails sent use them and keep Foyer's links and
 * notices; the export carries them.
 */
import { mailTextFor, parseSiteConfig, type SiteConfig } from '@foyer/api/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { applyConfig } from '../../src/site-config/apply';
import { exportConfig } from '../../src/site-config/export';
import { mailbox, register, registerBody } from '../helpers';
import { billingServer, buy, sessionOf } from '../billing/helpers';

type MailTexts = NonNullable<SiteConfig['services'][number]['mailTexts']>;

/** The demo configuration with `texts` as the demo service's mail texts. */
function withTexts(texts: MailTexts): SiteConfig {
  return {
    ...seedConfig,
    services: seedConfig.services.map((service) =>
      service.name === 'demo' ? { ...service, mailTexts: texts } : service,
    ),
  } as SiteConfig;
}

describe('the schema', () => {
  it('refuses a placeholder the mail does not offer, and a mail given twice for one language', () => {
    const parsed = parseSiteConfig(
      withTexts([
        { mail: 'activation', subject: 'Hello {name}, welcome to {service}' },
        { mail: 'receipt', locale: 'es', intro: 'Gracias por {plan}' },
        { mail: 'receipt', locale: 'es', subject: 'Recibo de {service}' },
      ]),
    );
    expect(!parsed.ok && parsed.errors).toEqual([
      'services[demo].mailTexts[2].mail: receipt (es) is defined twice',
      'services[demo].mailTexts[0].subject: unknown placeholder {name}; this mail offers {service}',
    ]);
    expect(parseSiteConfig(withTexts([{ mail: 'reset', subject: 'Two\nlines' }]))).toMatchObject({ ok: false });
  });
});

describe('mails with the owner’s words', () => {
  let server: PreparedServer;
  const texts: MailTexts = [
    { mail: 'activation', subject: 'One step left at {service}', intro: 'Thanks for joining {service}!' },
    { mail: 'receipt', subject: 'Your {service} receipt: {amount}' },
    { mail: 'receipt', locale: 'es', subject: 'Tu recibo de {service}: {amount}' },
  ];

  beforeAll(async () => {
    server = await billingServer();
    await applyConfig(server.db, withTexts(texts), server.deps.now(), { production: false });
  });
  afterAll(() => server.close());

  it('sends the activation mail with them, and keeps its link and notice', async () => {
    const response = await register(server, registerBody('own-words@foyer.test'));
    expect(response.statusCode, response.body).toBe(201);
    await server.deps.background.idle();
    const mail = (await mailbox(server)).find((message) => message.to === 'own-words@foyer.test');
    expect(mail?.subject).toBe('One step left at Foyer demo');
    expect(mail?.text).toMatch(
      /^Thanks for joining Foyer demo!\n\nActivate your account: https?:\/\/\S+activationKey=/,
    );
    expect(mail?.text).toMatch(/expires in 7 days/);
    expect(mail?.html).toContain('<p>Thanks for joining Foyer demo!</p>');
  });

  it('picks the language’s own entry before the one for every language', () => {
    expect(mailTextFor(texts, 'receipt', 'es').subject).toBe('Tu recibo de {service}: {amount}');
    expect(mailTextFor(texts, 'receipt', 'pt-BR').subject).toBe('Your {service} receipt: {amount}');
    expect(mailTextFor(texts, 'cancelled', 'en')).toEqual({ subject: undefined, intro: undefined });
  });

  it('sends a billing mail with them', async () => {
    const { session } = await sessionOf(server, 'pays@foyer.test');
    await buy(server, session, 'digital-monthly-eur');
    await server.jobs.drain();
    const receipt = (await mailbox(server)).find(
      (message) => message.to === 'pays@foyer.test' && message.subject.startsWith('Your Foyer demo receipt'),
    );
    expect(receipt?.subject).toBe('Your Foyer demo receipt: €1.00');
    // Only the subject was given: the body is Foyer's, with its table.
    expect(receipt?.text).toMatch(
      /^We received your payment for Digital access — Monthly\. Thank you!\n\nAmount: €1\.00/,
    );
    expect(receipt?.text).toMatch(/Payment reference: /);
  });

  it('are exported as they were given', async () => {
    const exported = await exportConfig(server.db);
    expect(exported.services.find((service) => service.name === 'demo')?.mailTexts).toEqual(texts);
  });
});
