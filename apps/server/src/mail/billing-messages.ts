/**
 * The visitor's mails about orders, payments and subscriptions (issue 25), in English, Spanish and
 * Brazilian Portuguese: the languages the frame ships (apps/frame/src/app/i18n). Pure: billing/mails.ts
 * reads what they say from the database and the billing event, these only write it.
 */
import { formatMoney } from '@foyer/api';
import { fillMailText, mailTextFor, type MailLocale, type MailTextConfig, type MailTextKind } from '@foyer/api/config';
import type { MailMessage } from './mailer';
import { escapeHtml } from './messages';

export { MAIL_LOCALES, type MailLocale } from '@foyer/api/config';

/**
 * The shipped language a BCP 47 tag asks for, as the frame picks its table (i18n resolveLocale):
 * `es-MX` → es, `pt`/`pt-PT` → pt-BR (the one Portuguese table), anything else → en.
 */
export function mailLocale(tag: string | null | undefined): MailLocale {
  const language = (tag ?? '').trim().toLowerCase().split('-')[0];
  return language === 'es' ? 'es' : language === 'pt' ? 'pt-BR' : 'en';
}

/**
 * The visitor's first language of an Accept-Language header (`es-ES,es;q=0.9,en;q=0.8` → `es-ES`),
 * for recording with an order (orders.locale); null when the header names none.
 */
export function languageOfAcceptLanguage(header: string | undefined): string | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag ?? null;
}

/** Money as the events carry it: minor units of an ISO 4217 currency. */
export interface Money {
  amountMinor: number;
  currency: string;
}

/** A day (`2030-02-01`) or an instant (ISO text or epoch ms), written out in the visitor's language. */
export function formatDay(value: string | number, locale: MailLocale): string {
  const date =
    typeof value === 'number'
      ? new Date(value)
      : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return String(value);
  // Days are calendar days of the billing schedule (UTC), not of the server's zone.
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

function money(value: Money, locale: MailLocale): string {
  return formatMoney(value.amountMinor, value.currency, locale);
}

/** What every billing mail needs. */
export interface MailContext {
  to: string;
  locale: MailLocale;
  /** The service's display name ("Foyer demo"). */
  serviceName: string;
  /** The site's page with the visitor's purchases (where a subscription is paid, cancelled, bought again). */
  purchasesUrl: string;
  /** The owner's subjects and openings for the service's mails (the service's `mailTexts`). */
  texts?: readonly MailTextConfig[] | undefined;
}

export interface TransferDetails {
  beneficiary: string;
  account: string;
  bic?: string | undefined;
  reference: string;
}

/** A line of an order: "Digital edition — Monthly" and its price. */
export interface OrderLine {
  name: string;
  price: Money;
}

/** A piece of a mail, rendered to plain text and to HTML alike. */
type Block =
  | { text: string }
  | { list: string[] }
  | { table: [label: string, value: string][] }
  | { link: { label: string; url: string } };

/**
 * One mail of `kind`: Foyer's subject and blocks, with the owner's subject and opening paragraph
 * (the first block) in their place where the service has them, `values` filled in.
 */
function render(
  context: MailContext,
  kind: MailTextKind,
  values: Record<string, string>,
  defaultSubject: string,
  defaultBlocks: Block[],
): MailMessage {
  const own = mailTextFor(context.texts, kind, context.locale);
  const filled = { service: context.serviceName, ...values };
  const subject = own.subject ? fillMailText(own.subject, filled) : defaultSubject;
  const blocks =
    own.intro && defaultBlocks[0] && 'text' in defaultBlocks[0]
      ? [{ text: fillMailText(own.intro, filled) }, ...defaultBlocks.slice(1)]
      : defaultBlocks;
  const to = context.to;
  const text = blocks
    .map((block) => {
      if ('text' in block) return block.text;
      if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
      if ('table' in block) return block.table.map(([label, value]) => `${label}: ${value}`).join('\n');
      return `${block.link.label}: ${block.link.url}`;
    })
    .join('\n\n');
  const html = blocks
    .map((block) => {
      if ('text' in block) return `<p>${escapeHtml(block.text)}</p>`;
      if ('list' in block) return `<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
      if ('table' in block)
        return `<table>${block.table
          .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`;
      return `<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
    })
    .join('');
  return { to, subject, text: `${text}\n`, html };
}

/** The words of one language. Amounts and dates come in already formatted for it. */
interface Words {
  paymentTypes: Record<string, string>;
  labels: {
    total: string;
    payment: string;
    amount: string;
    plan: string;
    period: string;
    reference: string;
    beneficiary: string;
    account: string;
    bic: string;
    transferReference: string;
    cashPayee: string;
    cashWhere: string;
    cashReference: string;
  };
  /** "1 March 2030 – 1 April 2030", or "until 1 April 2030" without a start. */
  period(start: string | null, end: string): string;
  /** Several plans named in a sentence. */
  list(names: string[]): string;
  accountPage: string;
  orderConfirmed: {
    subjectPaid(service: string): string;
    subjectAwaiting(service: string): string;
    paid: string;
    awaiting: string;
    transfer(amount: string): string;
    cash(amount: string): string;
    noDetails: string;
    afterPayment: string;
  };
  receipt: { subject(service: string): string; intro(plan: string): string; keep: string };
  failed: {
    subject(service: string): string;
    subjectAction(service: string): string;
    intro(amount: string, plan: string): string;
    introAction(amount: string, plan: string): string;
    access(date: string): string;
    retry(date: string): string;
    lastTry(date: string): string;
    fix: string;
    confirm: string;
  };
  cancelled: { subject(service: string): string; intro(plan: string, date: string): string; again: string };
  priceChange: {
    subject(service: string): string;
    intro(plan: string, from: string, to: string, date: string): string;
    cancel(date: string): string;
    manage: string;
  };
  reminder: {
    subject(service: string, date: string): string;
    intro(plan: string, date: string, amount: string): string;
    keep: string;
    keepManual: string;
    cancel(date: string): string;
    manage: string;
  };
  ended: {
    subject(service: string): string;
    paymentFailed(plan: string): string;
    subjectLapsed(service: string): string;
    lapsed(plan: string): string;
    again: string;
    subscribe: string;
  };
}

const joinWith = (and: string) => (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;

const EN: Words = {
  paymentTypes: { CARD: 'Card', BANK_TRANSFER: 'Bank transfer', CASH: 'Cash', DIRECT_DEBIT: 'Direct debit' },
  labels: {
    total: 'Total',
    payment: 'Payment',
    amount: 'Amount',
    plan: 'Plan',
    period: 'Period',
    reference: 'Payment reference',
    beneficiary: 'Beneficiary',
    account: 'Account (IBAN)',
    bic: 'BIC',
    transferReference: 'Reference to write on the transfer',
    cashPayee: 'Pay to',
    cashWhere: 'Where to pay',
    cashReference: 'Reference',
  },
  period: (start, end) => (start ? `${start} – ${end}` : `until ${end}`),
  list: joinWith('and'),
  accountPage: 'Your purchases',
  orderConfirmed: {
    subjectPaid: (service) => `Your ${service} order is confirmed`,
    subjectAwaiting: (service) => `Your ${service} order: how to pay`,
    paid: 'Thank you for your order. Here is what you bought:',
    awaiting: 'Thank you for your order. It is reserved for you until your payment arrives:',
    transfer: (amount) =>
      `Please transfer ${amount} to the account below, and write the reference on the transfer so that we can match it to your order.`,
    cash: (amount) =>
      `Please pay ${amount} in cash as shown below, and give the reference so that we can match it to your order.`,
    noDetails: 'Please contact us for the details of the payment.',
    afterPayment: 'You will receive a receipt as soon as your payment arrives.',
  },
  receipt: {
    subject: (service) => `Your ${service} receipt`,
    intro: (plan) => `We received your payment for ${plan}. Thank you!`,
    keep: 'Keep this mail as your receipt.',
  },
  failed: {
    subject: (service) => `Your ${service} payment did not go through`,
    subjectAction: (service) => `Confirm your ${service} payment`,
    intro: (amount, plan) => `We could not take the payment of ${amount} for ${plan}.`,
    introAction: (amount, plan) =>
      `Your bank asks you to confirm the payment of ${amount} for ${plan} before it goes through.`,
    access: (date) => `Your access continues until ${date}.`,
    retry: (date) => `We will try again on ${date}. To avoid an interruption, update your payment method before then.`,
    lastTry: (date) => `That was our last try: unless the payment is made, your subscription ends on ${date}.`,
    fix: 'Update your payment method',
    confirm: 'Confirm the payment with your bank',
  },
  cancelled: {
    subject: (service) => `Your ${service} subscription is cancelled`,
    intro: (plan, date) =>
      `As you asked, your subscription to ${plan} will not renew. You keep your access until ${date}, and nothing more will be charged.`,
    again: 'Changed your mind? You can subscribe again at any time.',
  },
  priceChange: {
    subject: (service) => `The price of your ${service} subscription is changing`,
    intro: (plan, from, to, date) =>
      `The price of ${plan} changes from ${from} to ${to}. Renewals from ${date} on are charged the new price; until then nothing changes.`,
    cancel: (date) =>
      `If you do not want to continue at the new price, cancel on your purchases page before ${date}: nothing more will be charged.`,
    manage: 'Manage your subscription',
  },
  reminder: {
    subject: (service, date) => `Your ${service} subscription renews on ${date}`,
    intro: (plan, date, amount) => `Your subscription to ${plan} renews on ${date}, for ${amount}.`,
    keep: 'To keep it, there is nothing to do: the payment is taken automatically.',
    keepManual: 'To keep it, make the payment when it is due, as you did for your order.',
    cancel: (date) => `If you do not want it to renew, cancel it on your purchases page before ${date}.`,
    manage: 'Manage your subscription',
  },
  ended: {
    subject: (service) => `Your ${service} subscription has ended`,
    paymentFailed: (plan) => `We could not take the payment for ${plan}, so your subscription has ended.`,
    subjectLapsed: (service) => `Your ${service} order was cancelled`,
    lapsed: (plan) => `Your payment for ${plan} did not arrive in time, so the order was cancelled.`,
    again: 'You are welcome back at any time: you can subscribe again from your purchases page.',
    subscribe: 'Subscribe again',
  },
};

const ES: Words = {
  paymentTypes: {
    CARD: 'Tarjeta',
    BANK_TRANSFER: 'Transferencia bancaria',
    CASH: 'Efectivo',
    DIRECT_DEBIT: 'Domiciliación bancaria',
  },
  labels: {
    total: 'Total',
    payment: 'Forma de pago',
    amount: 'Importe',
    plan: 'Plan',
    period: 'Periodo',
    reference: 'Referencia del pago',
    beneficiary: 'Beneficiario',
    account: 'Cuenta (IBAN)',
    bic: 'BIC',
    transferReference: 'Concepto de la transferencia',
    cashPayee: 'A nombre de',
    cashWhere: 'Dónde pagar',
    cashReference: 'Referencia',
  },
  period: (start, end) => (start ? `${start} – ${end}` : `hasta el ${end}`),
  list: joinWith('y'),
  accountPage: 'Tus compras',
  orderConfirmed: {
    subjectPaid: (service) => `Tu pedido de ${service} está confirmado`,
    subjectAwaiting: (service) => `Tu pedido de ${service}: cómo pagar`,
    paid: 'Gracias por tu pedido. Esto es lo que has comprado:',
    awaiting: 'Gracias por tu pedido. Lo reservamos para ti hasta que llegue tu pago:',
    transfer: (amount) =>
      `Transfiere ${amount} a la cuenta indicada abajo y escribe la referencia en el concepto de la transferencia para que podamos asociarla a tu pedido.`,
    cash: (amount) =>
      `Paga ${amount} en efectivo como se indica abajo e indica la referencia para que podamos asociar el pago a tu pedido.`,
    noDetails: 'Ponte en contacto con nosotros para obtener los datos del pago.',
    afterPayment: 'Recibirás un recibo en cuanto llegue tu pago.',
  },
  receipt: {
    subject: (service) => `Tu recibo de ${service}`,
    intro: (plan) => `Hemos recibido tu pago de ${plan}. ¡Gracias!`,
    keep: 'Guarda este correo como recibo.',
  },
  failed: {
    subject: (service) => `No se ha podido cobrar tu pago de ${service}`,
    subjectAction: (service) => `Confirma tu pago de ${service}`,
    intro: (amount, plan) => `No hemos podido cobrar el pago de ${amount} de ${plan}.`,
    introAction: (amount, plan) => `Tu banco te pide que confirmes el pago de ${amount} de ${plan} para completarlo.`,
    access: (date) => `Mantienes el acceso hasta el ${date}.`,
    retry: (date) =>
      `Volveremos a intentarlo el ${date}. Para evitar una interrupción, actualiza tu forma de pago antes de esa fecha.`,
    lastTry: (date) => `Era nuestro último intento: si no se realiza el pago, tu suscripción terminará el ${date}.`,
    fix: 'Actualiza tu forma de pago',
    confirm: 'Confirma el pago con tu banco',
  },
  cancelled: {
    subject: (service) => `Tu suscripción a ${service} está cancelada`,
    intro: (plan, date) =>
      `Como pediste, tu suscripción a ${plan} no se renovará. Mantienes el acceso hasta el ${date} y no se te cobrará nada más.`,
    again: '¿Has cambiado de opinión? Puedes volver a suscribirte cuando quieras.',
  },
  priceChange: {
    subject: (service) => `Cambia el precio de tu suscripción a ${service}`,
    intro: (plan, from, to, date) =>
      `El precio de ${plan} pasa de ${from} a ${to}. Las renovaciones a partir del ${date} se cobran al nuevo precio; hasta entonces no cambia nada.`,
    cancel: (date) =>
      `Si no quieres continuar con el nuevo precio, cancélala en tu página de compras antes del ${date}: no se cobrará nada más.`,
    manage: 'Gestiona tu suscripción',
  },
  reminder: {
    subject: (service, date) => `Tu suscripción a ${service} se renueva el ${date}`,
    intro: (plan, date, amount) => `Tu suscripción a ${plan} se renueva el ${date}, por ${amount}.`,
    keep: 'Si quieres mantenerla, no tienes que hacer nada: el pago se cobra automáticamente.',
    keepManual: 'Si quieres mantenerla, realiza el pago cuando venza, como hiciste con tu pedido.',
    cancel: (date) => `Si no quieres que se renueve, cancélala en tu página de compras antes del ${date}.`,
    manage: 'Gestiona tu suscripción',
  },
  ended: {
    subject: (service) => `Tu suscripción a ${service} ha terminado`,
    paymentFailed: (plan) => `No hemos podido cobrar el pago de ${plan}, así que tu suscripción ha terminado.`,
    subjectLapsed: (service) => `Tu pedido de ${service} se ha cancelado`,
    lapsed: (plan) => `Tu pago de ${plan} no llegó a tiempo, así que el pedido se ha cancelado.`,
    again: 'Vuelve cuando quieras: puedes suscribirte de nuevo desde tu página de compras.',
    subscribe: 'Suscríbete de nuevo',
  },
};

const PT_BR: Words = {
  paymentTypes: {
    CARD: 'Cartão',
    BANK_TRANSFER: 'Transferência bancária',
    CASH: 'Dinheiro',
    DIRECT_DEBIT: 'Débito automático',
  },
  labels: {
    total: 'Total',
    payment: 'Forma de pagamento',
    amount: 'Valor',
    plan: 'Plano',
    period: 'Período',
    reference: 'Referência do pagamento',
    beneficiary: 'Favorecido',
    account: 'Conta (IBAN)',
    bic: 'BIC',
    transferReference: 'Referência a informar na transferência',
    cashPayee: 'Pagar a',
    cashWhere: 'Onde pagar',
    cashReference: 'Referência',
  },
  period: (start, end) => (start ? `${start} – ${end}` : `até ${end}`),
  list: joinWith('e'),
  accountPage: 'Suas compras',
  orderConfirmed: {
    subjectPaid: (service) => `Seu pedido de ${service} está confirmado`,
    subjectAwaiting: (service) => `Seu pedido de ${service}: como pagar`,
    paid: 'Obrigado pelo seu pedido. Veja o que você comprou:',
    awaiting: 'Obrigado pelo seu pedido. Ele fica reservado para você até o pagamento chegar:',
    transfer: (amount) =>
      `Transfira ${amount} para a conta abaixo e informe a referência na transferência, para que possamos associá-la ao seu pedido.`,
    cash: (amount) =>
      `Pague ${amount} em dinheiro conforme indicado abaixo e informe a referência, para que possamos associar o pagamento ao seu pedido.`,
    noDetails: 'Entre em contato conosco para obter os dados do pagamento.',
    afterPayment: 'Você receberá um recibo assim que o pagamento chegar.',
  },
  receipt: {
    subject: (service) => `Seu recibo de ${service}`,
    intro: (plan) => `Recebemos seu pagamento de ${plan}. Obrigado!`,
    keep: 'Guarde este e-mail como recibo.',
  },
  failed: {
    subject: (service) => `Não foi possível cobrar seu pagamento de ${service}`,
    subjectAction: (service) => `Confirme seu pagamento de ${service}`,
    intro: (amount, plan) => `Não conseguimos cobrar o pagamento de ${amount} de ${plan}.`,
    introAction: (amount, plan) =>
      `Seu banco pede que você confirme o pagamento de ${amount} de ${plan} para concluí-lo.`,
    access: (date) => `Seu acesso continua até ${date}.`,
    retry: (date) =>
      `Tentaremos novamente em ${date}. Para evitar uma interrupção, atualize sua forma de pagamento antes dessa data.`,
    lastTry: (date) =>
      `Essa foi nossa última tentativa: se o pagamento não for feito, sua assinatura termina em ${date}.`,
    fix: 'Atualize sua forma de pagamento',
    confirm: 'Confirme o pagamento com seu banco',
  },
  cancelled: {
    subject: (service) => `Sua assinatura de ${service} foi cancelada`,
    intro: (plan, date) =>
      `Como você pediu, sua assinatura de ${plan} não será renovada. Você mantém o acesso até ${date} e nada mais será cobrado.`,
    again: 'Mudou de ideia? Você pode assinar novamente quando quiser.',
  },
  priceChange: {
    subject: (service) => `O preço da sua assinatura de ${service} vai mudar`,
    intro: (plan, from, to, date) =>
      `O preço de ${plan} passa de ${from} para ${to}. As renovações a partir de ${date} são cobradas pelo novo preço; até lá, nada muda.`,
    cancel: (date) =>
      `Se não quiser continuar pelo novo preço, cancele-a na sua página de compras antes de ${date}: nada mais será cobrado.`,
    manage: 'Gerencie sua assinatura',
  },
  reminder: {
    subject: (service, date) => `Sua assinatura de ${service} será renovada em ${date}`,
    intro: (plan, date, amount) => `Sua assinatura de ${plan} será renovada em ${date}, por ${amount}.`,
    keep: 'Para mantê-la, não é preciso fazer nada: o pagamento é cobrado automaticamente.',
    keepManual: 'Para mantê-la, faça o pagamento no vencimento, como você fez no seu pedido.',
    cancel: (date) => `Se não quiser que ela seja renovada, cancele-a na sua página de compras antes de ${date}.`,
    manage: 'Gerencie sua assinatura',
  },
  ended: {
    subject: (service) => `Sua assinatura de ${service} terminou`,
    paymentFailed: (plan) => `Não conseguimos cobrar o pagamento de ${plan}, por isso sua assinatura terminou.`,
    subjectLapsed: (service) => `Seu pedido de ${service} foi cancelado`,
    lapsed: (plan) => `Seu pagamento de ${plan} não chegou a tempo, por isso o pedido foi cancelado.`,
    again: 'Volte quando quiser: você pode assinar novamente na sua página de compras.',
    subscribe: 'Assine novamente',
  },
};

const WORDS: Record<MailLocale, Words> = { en: EN, es: ES, 'pt-BR': PT_BR };

function plansOf(words: Words, plans: string[], service: string): string {
  // An order line without names (never in practice) still reads as a sentence.
  return plans.length ? words.list(plans) : service;
}

/** order.confirmed: what was bought, and for a bank transfer or cash order where to send the money. */
export function orderConfirmedMail(
  context: MailContext,
  input: {
    lines: OrderLine[];
    total: Money;
    paymentType: string;
    /** The money has not arrived yet (bank transfer, cash). */
    awaiting: boolean;
    transfer?: TransferDetails | undefined;
  },
): MailMessage {
  const words = WORDS[context.locale];
  const { locale } = context;
  const total = money(input.total, locale);
  const blocks: Block[] = [
    { text: input.awaiting ? words.orderConfirmed.awaiting : words.orderConfirmed.paid },
    { list: input.lines.map((line) => `${line.name}: ${money(line.price, locale)}`) },
    {
      table: [
        [words.labels.total, total],
        [words.labels.payment, words.paymentTypes[input.paymentType] ?? input.paymentType],
      ],
    },
  ];
  if (input.awaiting) {
    const cash = input.paymentType === 'CASH';
    const { transfer } = input;
    if (transfer) {
      blocks.push(
        { text: cash ? words.orderConfirmed.cash(total) : words.orderConfirmed.transfer(total) },
        transferTable(words, transfer, total, cash),
      );
    } else blocks.push({ text: words.orderConfirmed.noDetails });
    blocks.push({ text: words.orderConfirmed.afterPayment });
  }
  blocks.push({ link: { label: words.accountPage, url: context.purchasesUrl } });
  const subject = input.awaiting ? words.orderConfirmed.subjectAwaiting : words.orderConfirmed.subjectPaid;
  return render(context, 'order_confirmed', { total }, subject(context.serviceName), blocks);
}

/** payment.succeeded: the receipt of one charge. */
export function receiptMail(
  context: MailContext,
  input: { plans: string[]; amount: Money; reference: string; periodStart?: string | null; periodEnd?: string | null },
): MailMessage {
  const words = WORDS[context.locale];
  const { locale } = context;
  const table: [string, string][] = [[words.labels.amount, money(input.amount, locale)]];
  if (input.plans.length) table.push([words.labels.plan, input.plans.join(', ')]);
  if (input.periodEnd) {
    const start = input.periodStart ? formatDay(input.periodStart, locale) : null;
    table.push([words.labels.period, words.period(start, formatDay(input.periodEnd, locale))]);
  }
  table.push([words.labels.reference, input.reference]);
  const values = { plan: plansOf(words, input.plans, context.serviceName), amount: money(input.amount, locale) };
  return render(context, 'receipt', values, words.receipt.subject(context.serviceName), [
    { text: words.receipt.intro(plansOf(words, input.plans, context.serviceName)) },
    { table },
    { text: words.receipt.keep },
  ]);
}

/** payment.failed: a renewal was refused, or the bank wants the visitor to confirm it (3-D Secure). */
export function paymentFailedMail(
  context: MailContext,
  input: {
    plans: string[];
    amount: Money;
    graceEndDate: string;
    nextRetry?: string | undefined;
    requiresAction?: boolean | undefined;
  },
): MailMessage {
  const words = WORDS[context.locale];
  const { locale } = context;
  const plan = plansOf(words, input.plans, context.serviceName);
  const amount = money(input.amount, locale);
  const grace = formatDay(input.graceEndDate, locale);
  const subject = input.requiresAction ? words.failed.subjectAction : words.failed.subject;
  return render(context, 'payment_failed', { plan, amount }, subject(context.serviceName), [
    { text: input.requiresAction ? words.failed.introAction(amount, plan) : words.failed.intro(amount, plan) },
    {
      text: input.nextRetry
        ? `${words.failed.access(grace)} ${words.failed.retry(formatDay(input.nextRetry, locale))}`
        : words.failed.lastTry(grace),
    },
    { link: { label: input.requiresAction ? words.failed.confirm : words.failed.fix, url: context.purchasesUrl } },
  ]);
}

/** subscription.cancelled: it runs to its end date and does not renew. */
export function cancellationMail(context: MailContext, input: { plans: string[]; endDate: string }): MailMessage {
  const words = WORDS[context.locale];
  const plan = plansOf(words, input.plans, context.serviceName);
  const date = formatDay(input.endDate, context.locale);
  return render(context, 'cancelled', { plan, date }, words.cancelled.subject(context.serviceName), [
    { text: words.cancelled.intro(plan, date) },
    { text: words.cancelled.again },
    { link: { label: words.accountPage, url: context.purchasesUrl } },
  ]);
}

/** Where and how to send the money of a transfer or cash payment, as a label–value table. */
function transferTable(words: Words, transfer: TransferDetails, total: string, cash: boolean) {
  return {
    table: [
      [cash ? words.labels.cashPayee : words.labels.beneficiary, transfer.beneficiary],
      [cash ? words.labels.cashWhere : words.labels.account, transfer.account],
      ...(transfer.bic && !cash ? [[words.labels.bic, transfer.bic] as [string, string]] : []),
      [cash ? words.labels.cashReference : words.labels.transferReference, transfer.reference],
      [words.labels.amount, total],
    ] as [string, string][],
  };
}

/**
 * subscription.renewal_reminder: a yearly (or longer) plan renews soon; or, with `transfer`, a
 * bank-transfer or cash subscription's period ended: the renewal notice with what to pay and where.
 */
export function renewalReminderMail(
  context: MailContext,
  input: {
    plans: string[];
    renewsOn: string;
    amount: Money;
    /** Paid by bank transfer or cash: the visitor pays each period, nothing is charged. */
    manual?: boolean | undefined;
    /** The renewal notice of a transfer or cash subscription: the owner's details and the reference. */
    transfer?: TransferDetails | undefined;
    cash?: boolean | undefined;
  },
): MailMessage {
  const words = WORDS[context.locale];
  const { locale } = context;
  const date = formatDay(input.renewsOn, locale);
  const plan = plansOf(words, input.plans, context.serviceName);
  const total = money(input.amount, locale);
  return render(
    context,
    'renewal_reminder',
    { plan, date, amount: total },
    words.reminder.subject(context.serviceName, date),
    [
      { text: words.reminder.intro(plan, date, total) },
      { text: input.manual || input.transfer ? words.reminder.keepManual : words.reminder.keep },
      ...(input.transfer ? [transferTable(words, input.transfer, total, input.cash ?? false)] : []),
      { text: words.reminder.cancel(date) },
      { link: { label: words.reminder.manage, url: context.purchasesUrl } },
    ],
  );
}

/** subscription.price_changed: the plan's new price, and from when the renewals pay it. */
export function priceChangeMail(
  context: MailContext,
  input: { plans: string[]; from: Money; to: Money; effectiveFrom: string },
): MailMessage {
  const words = WORDS[context.locale];
  const { locale } = context;
  const date = formatDay(input.effectiveFrom, locale);
  const plan = plansOf(words, input.plans, context.serviceName);
  const from = money(input.from, locale);
  const to = money(input.to, locale);
  return render(context, 'price_changed', { plan, from, to, date }, words.priceChange.subject(context.serviceName), [
    { text: words.priceChange.intro(plan, from, to, date) },
    { text: words.priceChange.cancel(date) },
    { link: { label: words.priceChange.manage, url: context.purchasesUrl } },
  ]);
}

/** subscription.expired after failed payments, or a transfer that never came: it is over. */
export function subscriptionEndedMail(
  context: MailContext,
  input: { plans: string[]; reason: 'payment_failed' | 'pending_lapsed' },
): MailMessage {
  const words = WORDS[context.locale];
  const plan = plansOf(words, input.plans, context.serviceName);
  const lapsed = input.reason === 'pending_lapsed';
  const subject = (lapsed ? words.ended.subjectLapsed : words.ended.subject)(context.serviceName);
  return render(context, 'subscription_ended', { plan }, subject, [
    { text: lapsed ? words.ended.lapsed(plan) : words.ended.paymentFailed(plan) },
    { text: words.ended.again },
    { link: { label: words.ended.subscribe, url: context.purchasesUrl } },
  ]);
}
