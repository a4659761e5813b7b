/**
 * The account calls (purchase spec §7): purchases, beneficiaries, grant invitations under
 * `/widget/account`, and the product manager's cancellation calls, all on the widget service
 * (`pmDomain`). Every call takes the session (`ev_ss` or the Authorization header).
 *
 * Listing and removing beneficiaries are not shown in the spec; the reference server chose
 * `GET /widget/account/beneficiary/:subscriptionId` and
 * `DELETE /widget/account/beneficiary/:subscriptionId/:key`.
 */
import type * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import {
  beneficiariesSchema,
  beneficiaryInviteSchema,
  beneficiarySchema,
  cancelSubscriptionSchema,
  grantInvitationSchema,
  grantInvitationsSchema,
  propertySchema,
  purchaseSubscriptionSchema,
  purchasesSchema,
  subscriptionPaymentPageSchema,
  subscriptionPaymentResultSchema,
  type GrantAction,
} from './account-schemas';
import { paymentTokenSchema } from './catalogue-schemas';

type None = Record<string, never>;

export const getPurchases = endpoint<None, never, z.infer<typeof purchasesSchema>>(
  'GET',
  '/widget/account/purchases/',
  null,
  purchasesSchema,
);
/** Owner only; 201 with the invited beneficiary; the invitee is mailed a link with `invitationKey`. */
export const inviteBeneficiary = endpoint<
  None,
  z.input<typeof beneficiaryInviteSchema>,
  z.infer<typeof beneficiarySchema>
>('POST', '/widget/account/beneficiary/invite/', beneficiaryInviteSchema, beneficiarySchema);
/** Owner only: the subscription's beneficiaries, newest first (removed ones left out). */
export const getBeneficiaries = endpoint<{ subscriptionId: string }, never, z.infer<typeof beneficiariesSchema>>(
  'GET',
  '/widget/account/beneficiary/:subscriptionId',
  null,
  beneficiariesSchema,
);
/** Owner only; 204. The beneficiary's entitlement ends at once. */
export const removeBeneficiary = endpoint<{ subscriptionId: string; key: string }, never, void>(
  'DELETE',
  '/widget/account/beneficiary/:subscriptionId/:key',
  null,
  null,
);
export const getReceivedGrants = endpoint<None, never, z.infer<typeof grantInvitationsSchema>>(
  'GET',
  '/widget/account/grant/received',
  null,
  grantInvitationsSchema,
);
/** The invitation of a mailed key (PENDING), or the caller's own once answered. */
export const getGrantInvitation = endpoint<{ key: string }, never, z.infer<typeof grantInvitationSchema>>(
  'GET',
  '/widget/account/grant/invitation/:key',
  null,
  grantInvitationSchema,
);
/** Query `manual=false`. Invitee only (mailed key, or grant key of an invitation to the caller's address). */
export const actOnGrant = endpoint<{ key: string; action: GrantAction }, never, z.infer<typeof grantInvitationSchema>>(
  'POST',
  '/widget/account/grant/action/:key/:action',
  null,
  grantInvitationSchema,
);
/** Product manager: `GET /properties/List_Reasons_Cancel`. */
export const getProperty = endpoint<{ name: string }, never, z.infer<typeof propertySchema>>(
  'GET',
  '/properties/:name',
  null,
  propertySchema,
);
/**
 * Product manager: `POST /api/1.0/subscription/{subscriptionId}/cancel/{id}`, `id` being the
 * owner's account guid (checked against the session). Answers the subscription as cancelled.
 */
export const cancelSubscription = endpoint<
  { subscriptionId: string; id: string },
  z.input<typeof cancelSubscriptionSchema>,
  z.infer<typeof purchaseSubscriptionSchema>
>('POST', '/api/1.0/subscription/:subscriptionId/cancel/:id', cancelSubscriptionSchema, purchaseSubscriptionSchema);

/** Owner only: what a PAST_DUE subscription owes and how to pay it (404 subscription_not_found otherwise). */
export const getSubscriptionPayment = endpoint<
  { subscriptionId: string },
  never,
  z.infer<typeof subscriptionPaymentPageSchema>
>('GET', '/widget/account/subscription/:subscriptionId/payment', null, subscriptionPaymentPageSchema);
/**
 * Owner only: pays what a PAST_DUE subscription owes with a new payment method, which then renews
 * it (Idempotency-Key as for order payments). SUCCEEDED: ACTIVE again with a new period.
 */
export const paySubscription = endpoint<
  { subscriptionId: string },
  z.input<typeof paymentTokenSchema>,
  z.infer<typeof subscriptionPaymentResultSchema>
>('POST', '/widget/account/subscription/:subscriptionId/payment', paymentTokenSchema, subscriptionPaymentResultSchema);
/**
 * Owner only: the visitor has answered their bank's challenge for the renewal's own charge (the
 * page's `authentication`): the server reads that charge back from the provider and settles it.
 * SUCCEEDED: ACTIVE again with a new period; REQUIRES_ACTION: the challenge is not done yet.
 */
export const authenticateSubscriptionPayment = endpoint<
  { subscriptionId: string },
  never,
  z.infer<typeof subscriptionPaymentResultSchema>
>('POST', '/widget/account/subscription/:subscriptionId/payment/authentication', null, subscriptionPaymentResultSchema);

export const widgetAccountEndpoints = {
  getPurchases,
  inviteBeneficiary,
  getBeneficiaries,
  removeBeneficiary,
  getReceivedGrants,
  getGrantInvitation,
  actOnGrant,
  getProperty,
  cancelSubscription,
  getSubscriptionPayment,
  paySubscription,
  authenticateSubscriptionPayment,
} as const;
