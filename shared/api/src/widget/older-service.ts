/**
 * The older service of version 1 (purchase spec §7 "Older service", §3 Subscription v1), beside
 * the product-manager service on the widget service (`pmDomain`):
 * - `GET /account/{guid}`: the account's subscriptions in the version 1 shape;
 * - `POST /subscription/invite/{guid}`: the owner `guid` invites a beneficiary (subscriptionId,
 *   email, message), the same rules as the version 2 invite.
 * `guid` must be the session's own account (FORBIDDEN otherwise). Its `GET /offers/{id}` is the
 * product manager's (shared/api/src/v1).
 */
import * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import { beneficiaryInviteSchema, beneficiarySchema } from './account-schemas';
import { PLAN_FREQUENCIES } from './catalogue-schemas';
import { id, isoDate } from './primitives';

/** Purchase spec §3 Subscription (v1): `_id, pName, startDate, paymentPlan, status, productId`. */
export const subscriptionV1Schema = z.object({
  _id: id,
  /** The product's display name. */
  pName: z.string(),
  startDate: isoDate,
  paymentPlan: z.object({
    _id: id,
    displayName: z.string(),
    frequency: z.object({ id: z.enum(PLAN_FREQUENCIES) }),
  }),
  status: z.string(),
  productId: id,
});
export type SubscriptionV1 = z.infer<typeof subscriptionV1Schema>;

export const olderAccountSchema = z.object({
  guid: id,
  /** Newest first, ended ones included. */
  subscriptions: z.array(subscriptionV1Schema),
});
export type OlderAccount = z.infer<typeof olderAccountSchema>;

export const getOlderAccount = endpoint<{ guid: string }, never, OlderAccount>(
  'GET',
  '/account/:guid',
  null,
  olderAccountSchema,
);
/** 201 with the invited beneficiary; the invitee is mailed a link with `invitationKey`. */
export const inviteToSubscription = endpoint<
  { guid: string },
  z.input<typeof beneficiaryInviteSchema>,
  z.infer<typeof beneficiarySchema>
>('POST', '/subscription/invite/:guid', beneficiaryInviteSchema, beneficiarySchema);

export const olderServiceEndpoints = { getOlderAccount, inviteToSubscription } as const;
