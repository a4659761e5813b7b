/**
 * What an account may read: the products of its own subscriptions that are still running, and of
 * the subscriptions it was granted (an accepted invitation) while those run. The paywall asks this.
 */
import type { Db } from '../db';
import { isoDay } from '../widget/dates';

/**
 * A subscription runs while it is ACTIVE, PAST_DUE (a renewal failed: access is kept through the
 * grace period while the payment is retried; the sweep ends it, billing/lifecycle.ts), or
 * CANCELLED with its cancellation date still ahead; its end date (inclusive; none for open-ended
 * plans) must not have passed, except for PAST_DUE, whose unpaid period is the grace. And only once
 * its money has arrived: a purchase awaiting payment (ACTIVE_PENDING: a bank transfer or cash order
 * the operator has not confirmed, a direct debit not yet settled; or one cancelled meanwhile,
 * `awaiting_payment`) entitles to nothing and cannot be shared (issue 24), unless its service
 * grants access meanwhile (`pendingAccessDays`, recorded as `pending_access_until`). It still holds
 * its plan (no second order for it, payments.ts) and shows in the purchases list. SQL over the
 * alias `s`; `today` is the placeholder of today's `YYYY-MM-DD` (`$2`).
 */
export function runningSubscription(today: string): string {
  return `s.status IN ('ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED')
    AND (NOT s.awaiting_payment OR s.pending_access_until >= ${today}::date)
    AND (s.status = 'PAST_DUE' OR s.end_date IS NULL OR s.end_date >= ${today}::date)`;
}

/**
 * The catalogue product names (`catalogue_products.name`) `accountId` (a user guid) is entitled
 * to at `now` (epoch ms), sorted, without duplicates: its own running subscriptions, its paid one-off
 * purchases (ACTIVE; not ACTIVE_PENDING, awaiting payment), and the running subscriptions of grants it accepted. A removed beneficiary or a cancellation whose date
 * has passed ends the entitlement at once.
 */
export async function entitledProductIds(db: Db, accountId: string, now: number): Promise<string[]> {
  const rows = await db.query<{ product_name: string }>(
    `SELECT s.product_name FROM subscriptions s
      WHERE ${runningSubscription('$2')}
        AND (s.guid = $1
             OR EXISTS (SELECT 1 FROM grants g
                         WHERE g.subscription_id = s.id AND g.grantee_guid = $1 AND g.status = 'ACCEPTED'))
     UNION
     SELECT i.product_name FROM purchases p JOIN order_items i ON i.id = p.order_item_id
      WHERE p.guid = $1 AND p.status = 'ACTIVE' AND i.frequency = 'NONE'
     ORDER BY product_name`,
    [accountId, isoDay(now)],
  );
  return rows.map((row) => row.product_name);
}
