/**
 * The mail worker of the billing events (events.ts): sends the visitor's mail for every event not
 * yet mailed, oldest first, in the language the visitor ordered in.
 *
 * Exactly once, with any number of server instances running it at the same time: an event is
 * first claimed (FOR UPDATE SKIP LOCKED, then `mail_claimed_until` and `mail_attempts` set in the
 * same statement), so no other run takes it while the claim lasts; `mail_attempts` is the claim's
 * fencing token, so a run whose claim ran out (a crash, a send slower than CLAIM_MS) cannot mark
 * what another run took over. With the dev outbox the mail is written and the event marked in one
 * transaction: exactly once, crash or not. With SMTP, a send cut short by a crash is sent again
 * once the claim runs out (at least once: SMTP cannot take part in a transaction). A send that
 * fails is tried again later (RETRY_MS × attempts), and given up, logged, after MAX_MAIL_ATTEMPTS.
 *
 * Which events mail (MAILED_EVENTS): order.confirmed, payment.succeeded (the receipt),
 * payment.failed, subscription.cancelled, subscription.renewal_reminder, subscription.price_changed,
 * and subscription.expired
 * when it ended for lack of payment (payment_failed, pending_lapsed). The others
 * (subscription.renewed and .past_due, which have their payment mail; payment.refunded; an expiry
 * after a cancellation, a refund or a dispute) are marked handled without a mail, and so are the
 * events that exist for the webhooks only (account.*, subscription.created, grant.accepted).
 */
import type { TaskLogger } from '../background';
import type { Db } from '../db';
import { siteUrlFor } from '../mail/site-url';
import type { AppDeps } from '../deps';
import { mailAddressOf } from '../identity/mail-address';
import { findAccountByGuid, findDefaultService, findService } from '../identity/store';
import {
  cancellationMail,
  priceChangeMail,
  mailLocale,
  orderConfirmedMail,
  paymentFailedMail,
  receiptMail,
  renewalReminderMail,
  subscriptionEndedMail,
  type MailContext,
  type OrderLine,
} from '../mail/billing-messages';
import type { MailMessage } from '../mail/mailer';
import { outboxMailer } from '../mail/outbox';
import type { BillingEvent, BillingEventType } from './events';

export type BillingMailDeps = Pick<AppDeps, 'db' | 'mailer' | 'now' | 'siteUrl'>;

/** The event types that may send a mail; every other type is marked handled at once. */
export const MAILED_EVENTS = [
  'order.confirmed',
  'payment.succeeded',
  'payment.failed',
  'subscription.cancelled',
  'subscription.renewal_reminder',
  'subscription.price_changed',
  'subscription.expired',
] as const satisfies readonly BillingEventType[];

/** How long a claimed event is left to the run that claimed it (longer than nodemailer's timeouts). */
export const CLAIM_MS = 30 * 60_000;
/** The wait before a failed send is tried again, times the attempts made. */
export const RETRY_MS = 5 * 60_000;
export const MAX_MAIL_ATTEMPTS = 10;

/**
 * The site's page that lists the visitor's purchases, per widget generation (the demo site's
 * my-account pages): where a past-due subscription is paid, a subscription cancelled or bought
 * again. Links are built on AppDeps.siteUrl, as the activation and invitation mails' are.
 */
export const PURCHASES_PAGES = { 1: 'my-account-v1', 2: 'my-account' } as const;

export function purchasesUrl(siteUrl: string, version: keyof typeof PURCHASES_PAGES = 2): string {
  return new URL(PURCHASES_PAGES[version], `${siteUrl.replace(/\/$/, '')}/`).toString();
}

interface ClaimedRow {
  id: string;
  type: string;
  guid: string;
  service_name: string | null;
  subscription_id: string | null;
  order_id: string | null;
  data: unknown;
  mail_attempts: number;
}

const consoleLog: TaskLogger = { error: (details, message) => console.error(message, details) };

/**
 * Sends the mails of the billing events not yet mailed; answers how many mails were sent. The
 * job runner calls it (a pg-boss job, and at the end of every /dev/clock drain).
 */
export async function mailBillingEvents(deps: BillingMailDeps, log: TaskLogger = consoleLog): Promise<number> {
  const now = deps.now();
  // Events that never mail: handled in one statement, so the unmailed index stays small.
  await deps.db.query(
    `UPDATE billing_events SET mailed_at = $1 WHERE mailed_at IS NULL AND NOT (type = ANY($2::text[]))`,
    [now, [...MAILED_EVENTS]],
  );
  let sent = 0;
  for (;;) {
    const row = await claimNext(deps.db, deps.now());
    if (!row) return sent;
    if (await mailOne(deps, row, log)) sent += 1;
  }
}

/** The oldest event not mailed and not claimed by a live claim, claimed now. */
async function claimNext(db: Db, now: number): Promise<ClaimedRow | null> {
  const rows = await db.query<ClaimedRow>(
    `UPDATE billing_events SET mail_claimed_until = $1, mail_attempts = mail_attempts + 1
      WHERE id = (SELECT id FROM billing_events
                   WHERE mailed_at IS NULL AND (mail_claimed_until IS NULL OR mail_claimed_until <= $2)
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND mailed_at IS NULL AND (mail_claimed_until IS NULL OR mail_claimed_until <= $2)
      RETURNING id, type, guid, service_name, subscription_id, order_id, data, mail_attempts`,
    [now + CLAIM_MS, now],
  );
  const row = rows[0];
  return row ? { ...row, mail_attempts: Number(row.mail_attempts) } : null;
}

/** Marks the claimed event handled, if the claim is still this run's; false when another run took it over. */
async function markMailed(db: Db, row: ClaimedRow, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE billing_events SET mailed_at = $1, mail_claimed_until = NULL
      WHERE id = $2 AND mail_attempts = $3 AND mailed_at IS NULL RETURNING id`,
    [now, row.id, row.mail_attempts],
  );
  return rows.length > 0;
}

/** Builds and sends one claimed event's mail; true when a mail went out. */
async function mailOne(deps: BillingMailDeps, row: ClaimedRow, log: TaskLogger): Promise<boolean> {
  try {
    const mail = await billingMail(deps.db, await siteUrlFor(deps.db, row.service_name, deps.siteUrl), row);
    if (!mail) {
      await markMailed(deps.db, row, deps.now());
      return false;
    }
    if (deps.mailer.kind === 'outbox') {
      // The dev outbox is a table of the same database: the mail and the mark commit together.
      return await deps.db.transaction(async (tx) => {
        if (!(await markMailed(tx, row, deps.now()))) return false;
        await outboxMailer(tx, deps.now).send(mail);
        return true;
      });
    }
    await deps.mailer.send(mail);
    if (!(await markMailed(deps.db, row, deps.now())))
      log.error({ eventId: row.id }, 'billing mail sent after its claim ran out: it may have gone twice');
    return true;
  } catch (error) {
    await failed(deps, row, error, log);
    return false;
  }
}

/** A send (or the mail's reading) failed: tried again later, or given up after MAX_MAIL_ATTEMPTS. */
async function failed(deps: BillingMailDeps, row: ClaimedRow, error: unknown, log: TaskLogger): Promise<void> {
  const now = deps.now();
  if (row.mail_attempts >= MAX_MAIL_ATTEMPTS) {
    log.error({ err: error, eventId: row.id, type: row.type }, 'billing mail given up after repeated failures');
    await markMailed(deps.db, row, now);
    return;
  }
  log.error({ err: error, eventId: row.id, type: row.type }, 'billing mail failed; it will be tried again');
  await deps.db.query(
    `UPDATE billing_events SET mail_claimed_until = $1 WHERE id = $2 AND mail_attempts = $3 AND mailed_at IS NULL`,
    [now + RETRY_MS * row.mail_attempts, row.id, row.mail_attempts],
  );
}

/** Bank transfer and cash: the visitor sends the money, nothing is charged (the manual provider). */
function paidByHand(paymentType: string | undefined): boolean {
  return paymentType === 'BANK_TRANSFER' || paymentType === 'CASH';
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function day(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

interface ItemRow {
  order_id: string;
  snapshot: unknown;
  price_minor: unknown;
  currency: string;
  start_date: unknown;
}

/** "Digital access — Monthly", from the names an order line kept when it was ordered. */
function lineName(item: ItemRow): string {
  const snapshot = json<{ displayName?: string; planDisplayName?: string }>(item.snapshot);
  return [snapshot.displayName, snapshot.planDisplayName].filter(Boolean).join(' — ');
}

interface OrderFacts {
  locale: string | null;
  paymentType: string;
  /** Ordered through the version 1 widgets (a v1 transaction): their purchases page. */
  v1: boolean;
  lines: (OrderLine & { startDate: string | null })[];
}

async function orderFacts(db: Db, orderId: string): Promise<OrderFacts | null> {
  const orders = await db.query<{ locale: string | null; payment_type: string; v1: boolean }>(
    `SELECT o.locale, o.payment_type, EXISTS (SELECT 1 FROM v1_transactions t WHERE t.order_id = o.id) AS v1
       FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  const order = orders[0];
  if (!order) return null;
  const items = await db.query<ItemRow>(
    `SELECT order_id, snapshot, price_minor, currency, start_date::text AS start_date
       FROM order_items WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
  return {
    locale: order.locale,
    paymentType: order.payment_type,
    v1: order.v1,
    lines: items.map((item) => ({
      name: lineName(item),
      price: { amountMinor: Number(item.price_minor), currency: item.currency.trim() },
      startDate: day(item.start_date),
    })),
  };
}

interface SubscriptionFacts {
  orderId: string;
  plan: string;
  startDate: string | null;
}

/** A subscription's plan, as its order line names it, and the order it was bought with. */
async function subscriptionFacts(db: Db, subscriptionId: string): Promise<SubscriptionFacts | null> {
  const rows = await db.query<ItemRow>(
    `SELECT oi.order_id, oi.snapshot, oi.price_minor, oi.currency, oi.start_date::text AS start_date
       FROM subscriptions s
       JOIN purchases p ON p.id = s.purchase_id
       JOIN order_items oi ON oi.id = p.order_item_id
      WHERE s.id = $1`,
    [subscriptionId],
  );
  const row = rows[0];
  return row ? { orderId: row.order_id, plan: lineName(row), startDate: day(row.start_date) } : null;
}

/** The start of the renewed period a receipt is for, from the renewal recorded with it. */
async function renewedPeriodStart(db: Db, subscriptionId: string, periodEnd: string): Promise<string | null> {
  const rows = await db.query<{ start: string | null }>(
    `SELECT data->>'periodStart' AS start FROM billing_events
      WHERE subscription_id = $1 AND type = 'subscription.renewed' AND data->>'periodEnd' = $2
      ORDER BY created_at DESC LIMIT 1`,
    [subscriptionId, periodEnd],
  );
  return rows[0]?.start ?? null;
}

/**
 * The mail of one event, or null when it sends none (a type or reason that does not mail, an
 * account gone or without an address).
 */
async function billingMail(db: Db, siteUrl: string, row: ClaimedRow): Promise<MailMessage | null> {
  const event = json<BillingEvent>(row.data);
  if (!(MAILED_EVENTS as readonly string[]).includes(event.type)) return null;
  if (event.type === 'subscription.expired' && event.reason !== 'payment_failed' && event.reason !== 'pending_lapsed')
    return null;
  const account = await findAccountByGuid(db, row.guid);
  const to = account && mailAddressOf(account);
  if (!account || !to) return null;
  const service = (row.service_name ? await findService(db, row.service_name) : null) ?? (await findDefaultService(db));
  const subscription = row.subscription_id ? await subscriptionFacts(db, row.subscription_id) : null;
  const orderId = row.order_id ?? subscription?.orderId ?? null;
  const order = orderId ? await orderFacts(db, orderId) : null;
  const context: MailContext = {
    to,
    // The language of the checkout, else the account's own `locale` attribute, else English.
    locale: mailLocale(order?.locale ?? account.attributes.locale),
    serviceName: service?.displayName ?? 'Foyer',
    purchasesUrl: purchasesUrl(siteUrl, order?.v1 ? 1 : 2),
    texts: service?.settings.mailTexts,
  };
  const plans = subscription ? [subscription.plan] : (order?.lines.map((line) => line.name) ?? []);

  switch (event.type) {
    case 'order.confirmed':
      return orderConfirmedMail(context, {
        lines: order?.lines ?? [],
        total: event.total,
        paymentType: event.paymentType,
        awaiting: paidByHand(event.paymentType),
        transfer: event.transfer,
      });
    case 'payment.succeeded': {
      let periodStart = event.periodStart ?? null;
      if (!periodStart && event.periodEnd && event.subscriptionId)
        periodStart = await renewedPeriodStart(db, event.subscriptionId, event.periodEnd);
      // The order's first payment pays the period its line starts.
      if (!periodStart && event.orderId) periodStart = subscription?.startDate ?? order?.lines[0]?.startDate ?? null;
      return receiptMail(context, {
        plans,
        amount: event.amount,
        reference: event.reference,
        periodStart,
        periodEnd: event.periodEnd ?? null,
      });
    }
    case 'payment.failed':
      return paymentFailedMail(context, {
        plans,
        amount: event.amount,
        graceEndDate: event.graceEndDate,
        nextRetry: event.nextRetry,
        requiresAction: event.requiresAction,
      });
    case 'subscription.cancelled':
      return cancellationMail(context, { plans, endDate: event.endDate });
    case 'subscription.renewal_reminder':
      return renewalReminderMail(context, {
        plans,
        renewsOn: event.renewsOn,
        amount: event.amount,
        manual: paidByHand(order?.paymentType),
        transfer: event.transfer,
        cash: order?.paymentType === 'CASH',
      });
    case 'subscription.price_changed':
      return priceChangeMail(context, {
        plans,
        from: event.from,
        to: event.to,
        effectiveFrom: event.effectiveFrom,
      });
    case 'subscription.expired':
      return subscriptionEndedMail(context, {
        plans,
        reason: event.reason === 'pending_lapsed' ? 'pending_lapsed' : 'payment_failed',
      });
    default:
      return null;
  }
}
