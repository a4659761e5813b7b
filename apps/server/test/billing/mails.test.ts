/**
 * The billing mails (billing/mails.ts): each event's mail in the visitor's language with the
 * amounts, references and links it must carry, and each sent exactly once, also by two runs at the
 * same time, and again after a failed send.
 */
import { purchasesSchema, type MailboxMessage } from '@foyer/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TaskLogger } from '../../src/background';
import { recordEvent, type BillingEvent } from '../../src/billing/events';
import {
  CLAIM_MS,
  MAX_MAIL_ATTEMPTS,
  RETRY_MS,
  mailBillingEvents,
  purchasesUrl,
  type BillingMailDeps,
} from '../../src/billing/mails';
import type { PreparedServer } from '../../src/index';
import { formatDay, languageOfAcceptLanguage, mailLocale } from '../../src/mail/billing-messages';
import type { Mailer, MailMessage } from '../../src/mail/mailer';
import { seedConfig } from '../../src/seed-config';
import { loginOk, mailbox, testClock, testServer } from '../helpers';
import { call, orderOk, seededPerson } from '../widget/helpers';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
let server: PreparedServer;
const quiet: TaskLogger = { error: () => undefined };

interface Buyer {
  email: string;
  guid: string;
  session: string;
  subscriptionId: string;
  orderId: string;
}
let ana: Buyer; // English (no language known)
let bea: Buyer; // ordered in Spanish (orders.locale)
let caio: Buyer; // Portuguese by the account's `locale` attribute

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: {
      ...seedConfig,
      accounts: [
        ...seedConfig.accounts,
        seededPerson('ana@foyer.test'),
        seededPerson('bea@foyer.test'),
        { ...seededPerson('caio@foyer.test'), attributes: { firstName: 'Caio', lastName: 'Lima', locale: 'pt-BR' } },
      ],
    },
  });
  ana = await buyer('ana@foyer.test', 'digital-yearly-eur');
  bea = await buyer('bea@foyer.test', 'digital-monthly-eur');
  caio = await buyer('caio@foyer.test', 'digital-monthly-eur');
  await server.db.query(`UPDATE orders SET locale = 'es-ES' WHERE guid = $1`, [bea.guid]);
});
afterAll(() => server.close());

beforeEach(async () => {
  // Only the events a test records: whatever the checkout itself records is not this file's subject.
  await server.db.query('DELETE FROM billing_events');
  await server.db.query('DELETE FROM mail_outbox');
});

async function buyer(email: string, plan: string): Promise<Buyer> {
  const login = await loginOk(server, email, 'right-password-1');
  const session = login.mainSession.sessionId;
  const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: plan }]);
  const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
  expect(paid.statusCode).toBe(200);
  const purchases = purchasesSchema.parse(
    (await call(server, 'GET', '/widget/account/purchases/', { session })).json(),
  );
  const subscriptionId = purchases.find((purchase) => purchase.orderItem.paymentPlan?._id === plan)!.subscription!.id;
  return { email, guid: login.guid, session, subscriptionId, orderId: order.id };
}

async function record(who: Buyer, event: BillingEvent): Promise<string> {
  return server.db.transaction((tx) => recordEvent(tx, { guid: who.guid, serviceName: 'demo' }, event, clock.now()));
}

function deps(mailer?: Mailer): BillingMailDeps {
  return { db: server.db, now: clock.now, siteUrl: server.deps.siteUrl, mailer: mailer ?? server.deps.mailer };
}

async function run(mailer?: Mailer): Promise<number> {
  return mailBillingEvents(deps(mailer), quiet);
}

async function onlyMailTo(who: Buyer): Promise<MailboxMessage> {
  const mails = (await mailbox(server)).filter((mail) => mail.to === who.email);
  expect(mails).toHaveLength(1);
  // Amounts are written with the language's no-break spaces ("9,99\u00a0€"): compared as plain spaces.
  return { ...mails[0]!, text: mails[0]!.text.replace(/[\u00a0\u202f]/g, ' ') };
}

const EUR = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
const ACCOUNT_PAGE = () => purchasesUrl(server.deps.siteUrl);

describe('the mails of billing events', () => {
  it('confirms a bank-transfer order in Spanish with the transfer details and the reference', async () => {
    const order = await orderOk(server, bea.session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], {
      paymentType: 'BANK_TRANSFER',
    });
    await server.db.query(`UPDATE orders SET locale = 'es-ES' WHERE id = $1`, [order.id]);
    await record(bea, {
      type: 'order.confirmed',
      orderId: order.id,
      total: { amountMinor: order.total.amount, currency: order.total.currency },
      paymentType: 'BANK_TRANSFER',
      transfer: {
        beneficiary: 'Foyer Demo SL',
        account: 'ES91 2100 0418 4502 0005 1332',
        bic: 'CAIXESBBXXX',
        reference: 'FOYER-1A2B3C4D',
      },
    });
    expect(await run()).toBe(1);
    const mail = await onlyMailTo(bea);
    expect(mail.subject).toBe('Tu pedido de Foyer demo: cómo pagar');
    const total = `${(order.total.amount / 100).toFixed(2).replace('.', ',')} €`;
    expect(mail.text).toContain(`Transfiere ${total} a la cuenta indicada abajo`);
    expect(mail.text).toContain('Archive pass — One-off');
    expect(mail.text).toContain('Forma de pago: Transferencia bancaria');
    expect(mail.text).toContain('Beneficiario: Foyer Demo SL');
    expect(mail.text).toContain('Cuenta (IBAN): ES91 2100 0418 4502 0005 1332');
    expect(mail.text).toContain('BIC: CAIXESBBXXX');
    expect(mail.text).toContain('Concepto de la transferencia: FOYER-1A2B3C4D');
    expect(mail.text).toContain(`Tus compras: ${ACCOUNT_PAGE()}`);
    expect(mail.html).toContain('<th align="left">Concepto de la transferencia</th><td>FOYER-1A2B3C4D</td>');
  });

  it('confirms a card order in English without transfer details', async () => {
    await record(ana, { type: 'order.confirmed', orderId: ana.orderId, total: EUR(9999), paymentType: 'CARD' });
    expect(await run()).toBe(1);
    const mail = await onlyMailTo(ana);
    expect(mail.subject).toBe('Your Foyer demo order is confirmed');
    expect(mail.text).toContain('Here is what you bought:\n\n- Digital access — Yearly: €');
    expect(mail.text).toContain('Total: €99.99\nPayment: Card');
    expect(mail.text).not.toContain('IBAN');
  });

  it('sends a receipt with the amount, plan, period and provider reference', async () => {
    await record(ana, {
      type: 'payment.succeeded',
      subscriptionId: ana.subscriptionId,
      amount: EUR(9999),
      reference: 'pi_3Qtest',
      periodStart: '2031-01-10',
      periodEnd: '2032-01-10',
    });
    // A renewal's receipt without periodStart takes it from the renewal recorded with it.
    await record(bea, {
      type: 'subscription.renewed',
      subscriptionId: bea.subscriptionId,
      periodStart: '2030-02-10',
      periodEnd: '2030-03-10',
      amount: EUR(999),
    });
    await record(bea, {
      type: 'payment.succeeded',
      subscriptionId: bea.subscriptionId,
      amount: EUR(999),
      reference: 'manual_77',
      periodEnd: '2030-03-10',
    });
    expect(await run()).toBe(2);
    const en = await onlyMailTo(ana);
    expect(en.subject).toBe('Your Foyer demo receipt');
    expect(en.text).toContain('We received your payment for Digital access — Yearly. Thank you!');
    expect(en.text).toContain(
      'Amount: €99.99\nPlan: Digital access — Yearly\nPeriod: January 10, 2031 – January 10, 2032\nPayment reference: pi_3Qtest',
    );
    const es = await onlyMailTo(bea);
    expect(es.subject).toBe('Tu recibo de Foyer demo');
    expect(es.text).toContain('Importe: 9,99 €');
    expect(es.text).toContain('Periodo: 10 de febrero de 2030 – 10 de marzo de 2030');
    expect(es.text).toContain('Referencia del pago: manual_77');
  });

  it('writes zero-decimal currencies without decimals', async () => {
    await record(ana, {
      type: 'payment.succeeded',
      orderId: ana.orderId,
      amount: { amountMinor: 1200, currency: 'JPY' },
      reference: 'pi_jpy',
    });
    expect(await run()).toBe(1);
    expect((await onlyMailTo(ana)).text).toContain('Amount: ¥1,200\n');
  });

  it('tells of a failed payment in Portuguese, with the end of access, the next try and the link to fix it', async () => {
    await record(caio, {
      type: 'payment.failed',
      subscriptionId: caio.subscriptionId,
      amount: EUR(999),
      code: 'card_declined',
      graceEndDate: '2030-02-24',
      nextRetry: '2030-02-13',
    });
    expect(await run()).toBe(1);
    const mail = await onlyMailTo(caio);
    expect(mail.subject).toBe('Não foi possível cobrar seu pagamento de Foyer demo');
    expect(mail.text).toContain('Não conseguimos cobrar o pagamento de € 9,99 de Digital access — Monthly.');
    expect(mail.text).toContain('Seu acesso continua até 24 de fevereiro de 2030.');
    expect(mail.text).toContain('Tentaremos novamente em 13 de fevereiro de 2030.');
    expect(mail.text).toContain(`Atualize sua forma de pagamento: ${ACCOUNT_PAGE()}`);
    expect(mail.html).toContain(`<a href="${ACCOUNT_PAGE()}">Atualize sua forma de pagamento</a>`);
    expect(ACCOUNT_PAGE()).toBe(`${server.deps.siteUrl}/my-account`);
  });

  it('asks to confirm with the bank when the renewal needs 3-D Secure, and says when the last try was made', async () => {
    await record(bea, {
      type: 'payment.failed',
      subscriptionId: bea.subscriptionId,
      amount: EUR(999),
      code: 'authentication_required',
      graceEndDate: '2030-02-24',
      requiresAction: true,
    });
    expect(await run()).toBe(1);
    const mail = await onlyMailTo(bea);
    expect(mail.subject).toBe('Confirma tu pago de Foyer demo');
    expect(mail.text).toContain('Tu banco te pide que confirmes el pago de 9,99 € de Digital access — Monthly');
    expect(mail.text).toContain('si no se realiza el pago, tu suscripción terminará el 24 de febrero de 2030');
    expect(mail.text).toContain(`Confirma el pago con tu banco: ${ACCOUNT_PAGE()}`);
  });

  it('confirms a cancellation, reminds of a yearly renewal, and tells of the end after failed payments', async () => {
    await record(ana, { type: 'subscription.cancelled', subscriptionId: ana.subscriptionId, endDate: '2031-01-10' });
    await record(bea, {
      type: 'subscription.renewal_reminder',
      subscriptionId: bea.subscriptionId,
      renewsOn: '2030-03-10',
      amount: EUR(999),
    });
    await record(caio, { type: 'subscription.expired', subscriptionId: caio.subscriptionId, reason: 'payment_failed' });
    expect(await run()).toBe(3);
    const cancelled = await onlyMailTo(ana);
    expect(cancelled.subject).toBe('Your Foyer demo subscription is cancelled');
    expect(cancelled.text).toContain(
      'your subscription to Digital access — Yearly will not renew. You keep your access until January 10, 2031',
    );
    const reminder = await onlyMailTo(bea);
    expect(reminder.subject).toBe('Tu suscripción a Foyer demo se renueva el 10 de marzo de 2030');
    expect(reminder.text).toContain('se renueva el 10 de marzo de 2030, por 9,99 €');
    expect(reminder.text).toContain('cancélala en tu página de compras antes del 10 de marzo de 2030');
    expect(reminder.text).toContain(`Gestiona tu suscripción: ${ACCOUNT_PAGE()}`);
    const ended = await onlyMailTo(caio);
    expect(ended.subject).toBe('Sua assinatura de Foyer demo terminou');
    expect(ended.text).toContain('por isso sua assinatura terminou');
  });

  it('marks the events that send no mail handled, without a mail', async () => {
    await record(ana, {
      type: 'subscription.renewed',
      subscriptionId: ana.subscriptionId,
      periodStart: '2031-01-10',
      periodEnd: '2032-01-10',
      amount: EUR(9999),
    });
    await record(ana, {
      type: 'subscription.past_due',
      subscriptionId: ana.subscriptionId,
      graceEndDate: '2031-01-24',
    });
    await record(ana, { type: 'payment.refunded', subscriptionId: ana.subscriptionId, reference: 'pi_1' });
    await record(ana, { type: 'subscription.expired', subscriptionId: ana.subscriptionId, reason: 'cancelled' });
    expect(await run()).toBe(0);
    expect(await mailbox(server)).toEqual([]);
    const unmailed = await server.db.query('SELECT id FROM billing_events WHERE mailed_at IS NULL');
    expect(unmailed).toEqual([]);
  });
});

describe('exactly once', () => {
  const someEvents = async () => {
    for (const [index, who] of [ana, bea, caio, ana, bea, caio].entries()) {
      await record(who, {
        type: 'payment.succeeded',
        subscriptionId: who.subscriptionId,
        amount: EUR(999),
        reference: `ref_${index}`,
      });
    }
  };
  const references = (texts: string[]) =>
    texts
      .map((text) =>
        /Payment reference: (\S+)|Referencia del pago: (\S+)|Referência do pagamento: (\S+)/
          .exec(text)!
          .slice(1)
          .find(Boolean),
      )
      .sort();

  it('sends nothing the second time', async () => {
    await someEvents();
    expect(await run()).toBe(6);
    expect(await run()).toBe(0);
    expect(await mailbox(server)).toHaveLength(6);
  });

  it('sends each mail once when two runs go at the same time, through the outbox', async () => {
    await someEvents();
    const [first, second] = await Promise.all([run(), run()]);
    expect(first + second).toBe(6);
    const texts = (await mailbox(server)).map((mail) => mail.text);
    expect(references(texts)).toEqual(['ref_0', 'ref_1', 'ref_2', 'ref_3', 'ref_4', 'ref_5']);
  });

  it('sends each mail once when two runs go at the same time, through a mailer outside the database', async () => {
    await someEvents();
    const sent: MailMessage[] = [];
    // An SMTP-like mailer that takes a while: the two runs interleave while mails are in flight.
    const slow: Mailer = {
      kind: 'smtp',
      send: async (message) => {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(message);
      },
      close: async () => undefined,
    };
    const [first, second] = await Promise.all([run(slow), run(slow)]);
    expect(first + second).toBe(6);
    expect(references(sent.map((mail) => mail.text))).toEqual(['ref_0', 'ref_1', 'ref_2', 'ref_3', 'ref_4', 'ref_5']);
    expect(await run(slow)).toBe(0);
  });

  it('keeps a mail whose send failed and sends it once the retry is due; gives up after the last attempt', async () => {
    await record(ana, { type: 'subscription.cancelled', subscriptionId: ana.subscriptionId, endDate: '2031-01-10' });
    const refusing: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP 451 try again later');
      },
      close: async () => undefined,
    };
    expect(await run(refusing)).toBe(0);
    expect(await server.db.query('SELECT id FROM billing_events WHERE mailed_at IS NULL')).toHaveLength(1);
    // Not before its retry is due, whatever mailer runs.
    expect(await run()).toBe(0);
    clock.advance(RETRY_MS);
    expect(await run()).toBe(1);
    expect((await onlyMailTo(ana)).subject).toBe('Your Foyer demo subscription is cancelled');

    await record(bea, { type: 'subscription.cancelled', subscriptionId: bea.subscriptionId, endDate: '2030-02-10' });
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      expect(await run(refusing)).toBe(0);
      clock.advance(RETRY_MS * attempt);
    }
    const [row] = await server.db.query<{ mailed_at: unknown; mail_attempts: number }>(
      'SELECT mailed_at, mail_attempts FROM billing_events WHERE guid = $1',
      [bea.guid],
    );
    expect(row!.mailed_at).not.toBeNull();
    expect(Number(row!.mail_attempts)).toBe(MAX_MAIL_ATTEMPTS);
  });

  it('takes over a claim that ran out (a run that crashed mid-send), not before', async () => {
    const id = await record(caio, {
      type: 'subscription.cancelled',
      subscriptionId: caio.subscriptionId,
      endDate: '2030-02-10',
    });
    // A run claimed it and died before sending.
    await server.db.query('UPDATE billing_events SET mail_claimed_until = $1, mail_attempts = 1 WHERE id = $2', [
      clock.now() + CLAIM_MS,
      id,
    ]);
    expect(await run()).toBe(0);
    clock.advance(CLAIM_MS);
    expect(await run()).toBe(1);
    expect((await onlyMailTo(caio)).subject).toBe('Sua assinatura de Foyer demo foi cancelada');
  });
});

describe('a send slower than its claim', () => {
  it('lets another run take the mail over, and the late run neither marks it nor counts it twice', async () => {
    await record(ana, { type: 'subscription.cancelled', subscriptionId: ana.subscriptionId, endDate: '2031-01-10' });
    const errors: string[] = [];
    let takenOver = 0;
    const stuck: Mailer = {
      kind: 'smtp',
      send: async () => {
        // The SMTP server hangs past the claim; meanwhile another instance's run takes the event.
        clock.advance(CLAIM_MS);
        takenOver = await run();
      },
      close: async () => undefined,
    };
    await mailBillingEvents(deps(stuck), { error: (_details, message) => errors.push(message) });
    expect(takenOver).toBe(1);
    expect(errors).toEqual(['billing mail sent after its claim ran out: it may have gone twice']);
    const [row] = await server.db.query<{ mail_attempts: number }>(
      'SELECT mail_attempts FROM billing_events WHERE mailed_at IS NOT NULL',
    );
    expect(Number(row!.mail_attempts)).toBe(2);
    expect(await mailbox(server)).toHaveLength(1);
  });
});

describe('languages and dates', () => {
  it('picks the shipped language of a tag or an Accept-Language header', () => {
    expect(mailLocale('es-MX')).toBe('es');
    expect(mailLocale('pt')).toBe('pt-BR');
    expect(mailLocale('fr')).toBe('en');
    expect(mailLocale(undefined)).toBe('en');
    expect(languageOfAcceptLanguage('fr;q=0.5, pt-BR, en;q=0.8')).toBe('pt-BR');
    expect(languageOfAcceptLanguage('*')).toBeNull();
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
  });

  it('writes days as calendar days in the language', () => {
    expect(formatDay('2030-03-01', 'en')).toBe('March 1, 2030');
    expect(formatDay('2030-03-01', 'es')).toBe('1 de marzo de 2030');
    expect(formatDay('2030-03-01', 'pt-BR')).toBe('1 de março de 2030');
  });
});
