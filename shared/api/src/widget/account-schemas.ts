/**
 * The account area of the widget service (purchase spec §2 purchases list and grant invitations,
 * §3 Purchase, Beneficiary, Grant invitation, Cancellation reason): what the server answers and
 * accepts. A module apart so only the account widgets download these schemas.
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../identity/schemas';
import { id, isoDate, matches } from './primitives';
import { PAYMENT_PAGE_PROVIDERS, PAYMENT_STATUSES, PLAN_FREQUENCIES, moneySchema } from './catalogue-schemas';

/**
 * Subscription and purchase statuses the reference server writes. A subscription's lifecycle:
 * ACTIVE (renewed at each period end) → PAST_DUE (a renewal failed: access kept through the grace
 * period while retries run) → ACTIVE again once paid, or EXPIRED when retries are exhausted;
 * CANCELLED runs to its period end without renewing, then EXPIRED. ACTIVE_PENDING awaits its
 * first payment (transfer, cash, direct debit). DUPLICATE: a second subscription to one plan.
 */
export const PURCHASE_STATUSES = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED', 'EXPIRED', 'DUPLICATE'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** Grant statuses: the spec's three, then REMOVED (by the owner) and EXPIRED (the key ran out). */
export const GRANT_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'REMOVED', 'EXPIRED'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];
export const GRANT_ACTIONS = ['accept', 'decline'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

const planRefSchema = z.object({
  _id: id,
  displayName: z.string(),
  frequency: z.object({ id: z.enum(PLAN_FREQUENCIES) }),
});

export const purchaseSubscriptionSchema = z.object({
  id,
  status: z.string(),
  startDate: isoDate,
  endDate: z.optional(isoDate),
  /** Set once cancelled: the last day of the subscription. */
  cancelDate: z.optional(isoDate),
  /** ACTIVE: the day the next period is charged (the current period's end). */
  nextChargeDate: z.optional(isoDate),
  /** PAST_DUE: the last day access is kept while the payment is retried. */
  graceEndDate: z.optional(isoDate),
});

/** One row of the purchases list (purchase spec §3 Purchase). */
export const purchaseSchema = z.object({
  id,
  status: z.string(),
  orderItemId: id,
  orderItem: z.object({
    product: z.object({ name: id, displayName: z.string() }),
    paymentPlan: z.optional(planRefSchema),
    bundlePlan: z.optional(planRefSchema),
  }),
  /** Recurring plans only. */
  subscription: z.optional(purchaseSubscriptionSchema),
  /** Beneficiaries invited or accepted (PENDING or ACCEPTED). */
  beneficiaries: z.number(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchasesSchema = z.array(purchaseSchema);

const email = z.string().check(z.maxLength(254), matches(EMAIL_PATTERN));
const message = z.optional(z.string().check(z.maxLength(500)));

/** Invite payload: the spec's `message` or `description` (either is the note mailed to the friend). */
export const beneficiaryInviteSchema = z.object({
  subscriptionId: id,
  email,
  message,
  description: message,
});
export type BeneficiaryInvite = z.input<typeof beneficiaryInviteSchema>;

/** Purchase spec §3 Beneficiary; `key` is the grant's public id (not the mailed invitation key). */
export const beneficiarySchema = z.object({
  key: id,
  email: z.string(),
  status: z.enum(GRANT_STATUSES),
  message: z.optional(z.string()),
  subscriptionId: id,
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;
export const beneficiariesSchema = z.array(beneficiarySchema);

/**
 * Purchase spec §3 Grant invitation. `key` is the grant's public id; the invitee acts with it, or
 * with the mailed invitation key the page received as `invitationKey`.
 */
export const grantInvitationSchema = z.object({
  key: id,
  roleName: z.string(),
  status: z.enum(GRANT_STATUSES),
  email: z.string(),
  subscriptionId: id,
  /** The product the grant opens, for display. */
  productName: z.string(),
  /** Epoch ms after which a PENDING invitation can no longer be answered. */
  expiresAt: z.number(),
});
export type GrantInvitation = z.infer<typeof grantInvitationSchema>;
export const grantInvitationsSchema = z.array(grantInvitationSchema);

export const grantActionQuerySchema = z.object({
  ev_ss: z.optional(z.string().check(z.maxLength(200))),
  manual: z.optional(z.enum(['true', 'false'])),
});

/** A property of the product manager (`List_Reasons_Cancel`: `key:value` pairs joined by ';'). */
export const propertySchema = z.object({ name: id, value: z.string() });
export type Property = z.infer<typeof propertySchema>;
export const CANCEL_REASONS_PROPERTY = 'List_Reasons_Cancel';

export interface CancellationReason {
  key: string;
  value: string;
}

/** Purchase spec §3: the property's value split by ';' into `key:value` pairs (blank ones dropped). */
export function parseCancellationReasons(value: string): CancellationReason[] {
  return value
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const colon = pair.indexOf(':');
      return colon < 0
        ? { key: pair, value: pair }
        : { key: pair.slice(0, colon).trim(), value: pair.slice(colon + 1).trim() };
    })
    .filter((reason) => reason.key.length > 0);
}

export const cancelSubscriptionSchema = z.object({
  /** The last day of the subscription, `YYYY-MM-DD`, today or later. */
  cancelDate: isoDate,
  /** A reason key of `List_Reasons_Cancel`. */
  reason: id,
});
export type CancelSubscription = z.input<typeof cancelSubscriptionSchema>;

/**
 * Paying a PAST_DUE subscription with a new payment method (the purchases list's "Update payment",
 * the payment-failed mail's link): what is due and how the frame takes the card.
 */
export const subscriptionPaymentPageSchema = z.object({
  subscriptionId: id,
  providerName: z.enum(PAYMENT_PAGE_PROVIDERS),
  amountDue: moneySchema,
  /** The card provider's public key (stripeKey / mercadoKey), when it has one. */
  publishableKey: z.optional(z.string()),
  /** The test card provider of demos and tests: the frame offers TEST_CARDS and says so. */
  testMode: z.optional(z.boolean()),
  /**
   * The renewal's own charge waits for the visitor's bank (an off-session 3-D Secure): the frame
   * runs the challenge with this client secret (and the saved card, where the provider wants it
   * named) and then posts …/payment/authentication, which settles that very charge. Paying with
   * another card stays possible.
   */
  authentication: z.optional(
    z.object({
      clientSecret: z.string().check(z.minLength(1)),
      paymentMethod: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
});
export type SubscriptionPaymentPage = z.infer<typeof subscriptionPaymentPageSchema>;

export const subscriptionPaymentResultSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** REQUIRES_ACTION: the challenge's client secret (3-D Secure); the frame then submits again. */
  clientSecret: z.optional(z.string()),
  subscription: purchaseSubscriptionSchema,
});
export type SubscriptionPaymentResult = z.infer<typeof subscriptionPaymentResultSchema>;
