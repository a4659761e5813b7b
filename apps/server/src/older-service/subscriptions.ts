/** The account's subscriptions in the version 1 shape (purchase spec §3 Subscription v1). */
import type { SubscriptionV1 } from '@foyer/api';
import type { Db } from '../db';
import { listPurchases } from '../account/purchases';

/** From the purchases list (one source of truth): the purchases that have a subscription. */
export async function subscriptionsV1(db: Db, guid: string, now: number): Promise<SubscriptionV1[]> {
  const purchases = await listPurchases(db, guid, now);
  return purchases.flatMap((purchase) => {
    const plan = purchase.orderItem.paymentPlan ?? purchase.orderItem.bundlePlan;
    const { subscription } = purchase;
    if (!subscription || !plan) return [];
    return [
      {
        _id: subscription.id,
        pName: purchase.orderItem.product.displayName,
        startDate: subscription.startDate,
        paymentPlan: plan,
        status: subscription.status,
        productId: purchase.orderItem.product.name,
      },
    ];
  });
}
