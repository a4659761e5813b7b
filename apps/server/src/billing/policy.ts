/**
 * The documented rules of the subscription lifecycle (docs/purchases.md, "Subscriptions and renewals"), and
 * what the site owner chooses for refunds and disputes:
 *   FOYER_ON_REFUND   expire (default): a refunded charge ends the subscription at once;
 *                     keep: the refund is recorded, the subscription runs on.
 *   FOYER_ON_DISPUTE  suspend (default): a disputed charge ends the access at once (EXPIRED,
 *                     reason disputed; the visitor may buy again); keep: recorded only.
 */

const DAY_MS = 86_400_000;

/**
 * A failed renewal is tried again this many days after the first failure (Stripe's Smart Retries
 * and Chargebee's dunning use a similar week). The grace period, during which the subscriber keeps
 * access (PAST_DUE), lasts until the last retry: a failed last retry ends the subscription (EXPIRED).
 */
export const RETRY_DAYS = [3, 5, 7] as const;
export const GRACE_DAYS = RETRY_DAYS[RETRY_DAYS.length - 1]!;

/** A yearly (or longer) plan's subscriber is reminded this many days before it renews. */
export const REMINDER_DAYS = 30;
/** Plans long enough for a renewal reminder. */
export const REMINDED_FREQUENCIES: readonly string[] = ['MONTH12', 'MONTH18'];

/**
 * A purchase awaiting its payment (bank transfer, cash, a direct debit not yet collected) lapses
 * (EXPIRED) when the money has not arrived this many days after it was made; so does a bank
 * transfer renewal not confirmed this long after its period ended.
 */
export const PENDING_LAPSE_DAYS = 14;

/**
 * A renewal charge still PENDING or UNKNOWN this long after it was written is asked about at the
 * provider (reconciliation): its answer or its webhook was lost.
 */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/**
 * How long a version 1 hosted checkout nobody came back from is asked about (every
 * RECONCILE_AFTER_MS): Stripe Checkout sessions expire after 24 hours at the latest.
 */
export const CHECKOUT_LOOKUP_DAYS = 2;

/**
 * A direct debit's first payment awaiting collection is looked up at the provider this often, in
 * case its webhook never comes (collection takes days: no need to ask every minute).
 */
export const COLLECTION_CHECK_MS = 60 * 60_000;

/** A visitor's 3-D Secure challenge on a PAST_DUE payment is continued within this time. */
export const CHALLENGE_HOLD_MS = 30 * 60_000;

export function daysMs(days: number): number {
  return days * DAY_MS;
}

export interface OwnerPolicy {
  onRefund: 'expire' | 'keep';
  onDispute: 'suspend' | 'keep';
}

export function ownerPolicyFromEnv(env: Record<string, string | undefined> = process.env): OwnerPolicy {
  const refund = (env.FOYER_ON_REFUND ?? 'expire').trim().toLowerCase();
  const dispute = (env.FOYER_ON_DISPUTE ?? 'suspend').trim().toLowerCase();
  if (refund !== 'expire' && refund !== 'keep')
    throw new Error(`FOYER_ON_REFUND: expected expire or keep, got ${refund}`);
  if (dispute !== 'suspend' && dispute !== 'keep')
    throw new Error(`FOYER_ON_DISPUTE: expected suspend or keep, got ${dispute}`);
  return { onRefund: refund, onDispute: dispute };
}
