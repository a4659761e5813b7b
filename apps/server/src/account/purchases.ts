/** The purchases list (purchase spec §2, §3 Purchase): what the payments wrote, read back. */
import type { PlanFrequency, Purchase, SubscriptionPaymentResult } from '@foyer/api';
import { graceEndDate } from '../billing/lifecycle';
import { toMillis, type Db } from '../db';

/** A subscription as the account area shows it, from its row (columns as selected below). */
export interface SubscriptionViewRow {
  id: string;
  status: string;
  start_date: string;
  end_date: string | null;
  cancel_date: string | null;
  past_due_since: unknown;
  next_retry_at: unknown;
  retries: unknown;
}

/**
 * The subscription's status and dates: ACTIVE says when it is charged next (its period end),
 * PAST_DUE until when access is kept while the payment is retried.
 */
export function subscriptionView(row: SubscriptionViewRow): SubscriptionPaymentResult['subscription'] {
  return {
    id: row.id,
    status: row.status,
    startDate: row.start_date,
    ...(row.end_date ? { endDate: row.end_date } : {}),
    ...(row.cancel_date ? { cancelDate: row.cancel_date } : {}),
    ...(row.status === 'ACTIVE' && row.end_date ? { nextChargeDate: row.end_date } : {}),
    ...(row.status === 'PAST_DUE'
      ? {
          graceEndDate: graceEndDate({
            past_due_since: row.past_due_since === null ? null : toMillis(row.past_due_since),
            next_retry_at: row.next_retry_at === null ? null : toMillis(row.next_retry_at),
            retries: Number(row.retries),
          }),
        }
      : {}),
  };
}

interface PurchaseRow {
  id: string;
  status: string;
  order_item_id: string;
  product_name: string;
  plan_id: string;
  plan_kind: 'paymentPlan' | 'bundlePlan';
  frequency: PlanFrequency;
  snapshot: unknown;
  subscription_id: string | null;
  subscription_status: string | null;
  start_date: string | null;
  end_date: string | null;
  cancel_date: string | null;
  past_due_since: unknown;
  next_retry_at: unknown;
  retries: unknown;
  beneficiaries: unknown;
}

function snapshotOf(value: unknown): { displayName?: string; planDisplayName?: string } {
  return (typeof value === 'string' ? JSON.parse(value) : value) as { displayName?: string; planDisplayName?: string };
}

/** The account's purchases, newest first, with their subscription and live beneficiaries. */
export async function listPurchases(db: Db, guid: string, now: number): Promise<Purchase[]> {
  const rows = await db.query<PurchaseRow>(
    `SELECT p.id, p.status, p.order_item_id, i.product_name, i.plan_id, i.plan_kind, i.frequency, i.snapshot,
            s.id AS subscription_id, s.status AS subscription_status, s.start_date::text AS start_date,
            s.end_date::text AS end_date, s.cancel_date::text AS cancel_date,
            s.past_due_since, s.next_retry_at, s.retries,
            (SELECT count(*) FROM grants g
              WHERE g.subscription_id = s.id
                AND (g.status = 'ACCEPTED' OR (g.status = 'PENDING' AND g.expires_at > $2))) AS beneficiaries
       FROM purchases p
       JOIN order_items i ON i.id = p.order_item_id
       LEFT JOIN subscriptions s ON s.purchase_id = p.id
      WHERE p.guid = $1
      ORDER BY p.created_at DESC, p.id`,
    [guid, now],
  );
  return rows.map((row) => {
    const snapshot = snapshotOf(row.snapshot);
    const plan = {
      _id: row.plan_id,
      displayName: snapshot.planDisplayName ?? row.plan_id,
      frequency: { id: row.frequency },
    };
    return {
      id: row.id,
      // A subscription's lifecycle (PAST_DUE, EXPIRED …) is the purchase's status.
      status: row.subscription_status ?? row.status,
      orderItemId: row.order_item_id,
      orderItem: {
        product: { name: row.product_name, displayName: snapshot.displayName ?? row.product_name },
        [row.plan_kind]: plan,
      },
      ...(row.subscription_id && row.start_date
        ? {
            subscription: subscriptionView({
              id: row.subscription_id,
              status: row.subscription_status ?? row.status,
              start_date: row.start_date,
              end_date: row.end_date,
              cancel_date: row.cancel_date,
              past_due_since: row.past_due_since,
              next_retry_at: row.next_retry_at,
              retries: row.retries,
            }),
          }
        : {}),
      beneficiaries: Number(row.beneficiaries),
    };
  });
}
