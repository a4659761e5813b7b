/**
 * A plan's price change reaching its subscribers (issue 27). New orders pay the new price at once
 * (they read the catalogue). A live subscription keeps the price it was sold at until the first
 * period that starts on or after the notice's end (the plan's `priceChangeNoticeDays`, default
 * DEFAULT_PRICE_NOTICE_DAYS), and its subscriber is told at once — a mail and the
 * `subscription.price_changed` webhook — so they can cancel before it applies.
 *
 * A plan whose currency changed is not a price change: its subscribers keep their own currency
 * and price. Setting a price back before the notice ends withdraws the change silently.
 */
import { isoDay } from '../widget/dates';
import type { Db } from '../db';
import type { StoredPlan, StoredProduct } from '../widget/catalogue';
import { recordEvent } from './events';
import { moneyOf, type SubscriptionRow } from './lifecycle';
import { daysMs } from './policy';

export const DEFAULT_PRICE_NOTICE_DAYS = 30;

/** Subscriptions that will renew again: the price change concerns them. */
const RENEWING = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE'];

/** The stored plans by id, as the catalogue holds them before a write. */
export async function storedPlans(tx: Db): Promise<Map<string, StoredPlan>> {
  const rows = await tx.query<{ body: unknown }>('SELECT body FROM catalogue_products');
  const plans = new Map<string, StoredPlan>();
  for (const row of rows) {
    const product = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as StoredProduct;
    for (const plan of product.plans) plans.set(plan.id, plan);
  }
  return plans;
}

/** Schedules, for each plan whose full price changed, the new price of its live subscriptions. */
export async function schedulePriceChanges(
  tx: Db,
  before: ReadonlyMap<string, StoredPlan>,
  after: readonly StoredProduct[],
  now: number,
): Promise<void> {
  for (const plan of after.flatMap((product) => product.plans)) {
    const old = before.get(plan.id);
    if (!old || old.currency !== plan.currency || old.finalPriceMinor === plan.finalPriceMinor) continue;
    await schedulePriceChange(tx, old, plan, now);
  }
}

async function schedulePriceChange(tx: Db, old: StoredPlan, plan: StoredPlan, now: number): Promise<void> {
  const effectiveFrom = isoDay(now + daysMs(plan.priceChangeNoticeDays ?? DEFAULT_PRICE_NOTICE_DAYS));
  // Back to what they pay: nothing changes for them after all.
  await tx.query(
    `UPDATE subscriptions SET next_price_minor = NULL, next_price_from = NULL
      WHERE plan_id = $1 AND currency = $2 AND price_minor = $3 AND next_price_minor IS NOT NULL`,
    [plan.id, plan.currency, plan.finalPriceMinor],
  );
  // Subscriptions from before issue 25 have no price of their own: they keep the old one too.
  const changed = await tx.query<{ id: string; guid: string; price_minor: unknown; service_name: string | null }>(
    `UPDATE subscriptions s
        SET price_minor = COALESCE(s.price_minor, $3), currency = $2, next_price_minor = $4,
            next_price_from = $5
       FROM purchases p JOIN payments pay ON pay.id = p.payment_id JOIN orders o ON o.id = pay.order_id
      WHERE p.id = s.purchase_id AND s.plan_id = $1 AND COALESCE(s.currency, $2) = $2
        AND s.status = ANY($6::text[]) AND s.frequency <> 'NONE'
        AND COALESCE(s.price_minor, $3) <> $4 AND s.next_price_minor IS DISTINCT FROM $4
      RETURNING s.id, s.guid, s.price_minor, o.service_name`,
    [plan.id, plan.currency, old.finalPriceMinor, plan.finalPriceMinor, Date.parse(effectiveFrom), RENEWING],
  );
  for (const sub of changed) {
    await recordEvent(
      tx,
      { guid: sub.guid, serviceName: sub.service_name },
      {
        type: 'subscription.price_changed',
        subscriptionId: sub.id,
        from: moneyOf(Number(sub.price_minor), plan.currency),
        to: moneyOf(plan.finalPriceMinor, plan.currency),
        effectiveFrom,
      },
      now,
    );
  }
}

/** The price `sub` renews at for the period starting `periodStart` (an ISO day). */
export function scheduledPrice(sub: SubscriptionRow, periodStart: string): number | null {
  if (sub.next_price_minor !== null && sub.next_price_from !== null && periodStart >= isoDay(sub.next_price_from))
    return sub.next_price_minor;
  return sub.price_minor;
}

/** At a renewal: a scheduled price whose notice has ended becomes the subscription's price. */
export async function adoptScheduledPrice(tx: Db, sub: SubscriptionRow): Promise<SubscriptionRow> {
  if (!sub.end_date || sub.next_price_minor === null) return sub;
  const price = scheduledPrice(sub, sub.end_date);
  if (price !== sub.next_price_minor) return sub;
  await tx.query(
    `UPDATE subscriptions SET price_minor = next_price_minor, next_price_minor = NULL, next_price_from = NULL
      WHERE id = $1`,
    [sub.id],
  );
  return { ...sub, price_minor: price, next_price_minor: null, next_price_from: null };
}
