/**
 * What the paywall needs to know about entitlement: the products an account holds now. The
 * account area's grant-aware source (purchases and accepted grants) replaces the temporary one
 * below, which reads the account's live subscriptions and one-off purchases only.
 */
import type { Db } from '../db';
import { isoDay } from '../widget/dates';

export interface EntitlementSource {
  entitledProductIds(db: Db, accountId: string, now: number): Promise<string[]>;
}

export const purchaseEntitlements: EntitlementSource = {
  async entitledProductIds(db, accountId, now) {
    const date = isoDay(now);
    const rows = await db.query<{ product_name: string }>(
      `SELECT s.product_name FROM subscriptions s
        WHERE s.guid = $1 AND s.status IN ('ACTIVE', 'ACTIVE_PENDING') AND s.start_date <= $2
          AND (s.end_date IS NULL OR s.end_date >= $2)
       UNION
       SELECT i.product_name FROM purchases p JOIN order_items i ON i.id = p.order_item_id
        WHERE p.guid = $1 AND p.status IN ('ACTIVE', 'ACTIVE_PENDING') AND i.frequency = 'NONE'`,
      [accountId, date],
    );
    return rows.map((row) => row.product_name);
  },
};
