/**
 * What the paywall needs to know about entitlement: the products an account holds now. The
 * account area answers it (own subscriptions, one-off purchases, accepted grants); the interface
 * lets a test or another deployment give its own source.
 */
import type { Db } from '../db';
import { entitledProductIds } from '../account/entitlements';

export interface EntitlementSource {
  entitledProductIds(db: Db, accountId: string, now: number): Promise<string[]>;
}

/** The account area's answer (account/entitlements.ts), the source the server uses. */
export const accountEntitlements: EntitlementSource = { entitledProductIds };
