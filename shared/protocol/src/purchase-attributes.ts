/**
 * Attribute schemas of the version 2 purchase widgets (purchase spec §2). Loaded lazily with the
 * widget that needs it (apps/frame/src/app/routes.ts), like the other non-login schemas.
 */
import * as z from 'zod/mini';
import { commonAttributes, countAttribute, flagAttribute, listAttribute, textAttribute } from './attribute-helpers';

export { purchaseEventPayloadSchemas } from './purchase-event-schemas';

/** Bootstrap-style grid columns: 1..12. */
const columns = (fallback: number) => countAttribute(fallback, 12);

export const productSelectionAttributesSchema = z.strictObject({
  ...commonAttributes,
  /**
   * One product of the group (or the product) by its id (`id`, `_id` or `productId`): only it is
   * shown, its single plan pre-selected; a group without it is bex0004 'Product not found'.
   */
  id: textAttribute(),
  /** Star on boosted and recommended products. */
  showBoosted: flagAttribute(true),
  /** Include the products the catalogue hides (purchase spec §3: hidden unless Public). */
  showHidden: flagAttribute(false),
  /** Keep one plan per product across several products; off: a new pick clears the others. */
  multiSelect: flagAttribute(false),
  /** With exactly one plan given: submit it at once (start the checkout). */
  autoSelect: flagAttribute(false),
  /** Hide the select buttons (a catalogue to read). */
  displayOnly: flagAttribute(false),
  /** The product group to show; the page's `groupName` query parameter wins. */
  groupName: textAttribute(),
  /** One product instead of a group; the page's `productName` query parameter wins. */
  productName: textAttribute(),
  /** Only these plans (names); the page's `paymentPlans` query parameter wins. */
  paymentPlans: listAttribute(),
  /** Narrowest column on wide screens (12 / product count, but not below this). */
  minColSize: columns(3),
  /** Column on small screens. */
  smColSize: columns(6),
  /** The caption of the submit button (the checkout's first step). */
  submitLabel: textAttribute(),
  /**
   * Opened in the modal by a widget that runs the checkout itself (the paywall): submit publishes
   * productSelection.success, which closes the modal, instead of checking out here, since the
   * checkout's steps replace the modal's widget and would end the frame running it.
   */
  handOver: flagAttribute(false),
});
export type ProductSelectionAttributes = z.infer<typeof productSelectionAttributesSchema>;

export const productProfileAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** Offer 'use the delivery address for billing' and the reverse. */
  useBillingOption: flagAttribute(true),
  /** Show the delivery section even when no selected product requires it. */
  showDelivery: flagAttribute(false),
  /** Show the billing section even when no selected product requires it. */
  showBilling: flagAttribute(false),
  /** A visitor who creates an account here is not logged in afterwards. */
  skipLogin: flagAttribute(false),
  submitLabel: textAttribute(),
});
export type ProductProfileAttributes = z.infer<typeof productProfileAttributesSchema>;

export const productSummaryAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** No remove buttons and no checkout button: a read-only recap. */
  displayOnly: flagAttribute(false),
  showRemoveBtn: flagAttribute(true),
  /**
   * `review`: the summary is a step of a checkout that runs elsewhere (opened by the checkout in
   * the modal); its button confirms the order (productSummary.success) instead of starting one.
   */
  mode: z._default(z.enum(['checkout', 'review']), 'checkout'),
  checkoutLabel: textAttribute(),
});
export type ProductSummaryAttributes = z.infer<typeof productSummaryAttributesSchema>;

export const checkoutButtonAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** Default 'Checkout'. */
  caption: textAttribute(),
});
export type CheckoutButtonAttributes = z.infer<typeof checkoutButtonAttributesSchema>;

export const paymentTypeSelectorAttributesSchema = z.strictObject({
  ...commonAttributes,
});
export type PaymentTypeSelectorAttributes = z.infer<typeof paymentTypeSelectorAttributesSchema>;

/** payment, stripe-payment, mercado-payment, manual-payment: title default PAYMENT DETAILS. */
export const paymentAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** The order to pay; default: the basket's order id. */
  orderId: textAttribute(),
  submitLabel: textAttribute(),
});
export type PaymentAttributes = z.infer<typeof paymentAttributesSchema>;

export const directDebitRequestAttributesSchema = z.strictObject({
  ...commonAttributes,
  orderId: textAttribute(),
  /**
   * The page the provider sends the visitor back to (it must hold direct-debit-complete);
   * default: the host page itself. `orderId` and `redirect_flow_id` are appended by the provider.
   */
  returnUrl: textAttribute(),
  submitLabel: textAttribute(),
});
export type DirectDebitRequestAttributes = z.infer<typeof directDebitRequestAttributesSchema>;

/** Completes the mandate from the page's `orderId` and `redirect_flow_id` query parameters. */
export const directDebitCompleteAttributesSchema = z.strictObject({
  ...commonAttributes,
});
export type DirectDebitCompleteAttributes = z.infer<typeof directDebitCompleteAttributesSchema>;

/** Purchases list (purchase spec §2): title default PURCHASES LIST. Logged-in visitors only. */
export const purchasesListAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** A column with the number of beneficiaries of each subscription. */
  showNumberBeneficiaries: flagAttribute(true),
  /** The actions menu of each subscription: display beneficiaries, add beneficiary. */
  showActions: flagAttribute(true),
});
export type PurchasesListAttributes = z.infer<typeof purchasesListAttributesSchema>;

/** Grant invitations (purchase spec §2): title default GRANT INVITE; reads the page's `invitationKey`. */
export const grantInvitationsAttributesSchema = z.strictObject({
  ...commonAttributes,
});
export type GrantInvitationsAttributes = z.infer<typeof grantInvitationsAttributesSchema>;

/** Cancel a subscription (purchase spec §4): one of the visitor's running ones, or the one given. */
export const cancelSubscriptionAttributesSchema = z.strictObject({
  ...commonAttributes,
  subscriptionId: textAttribute(),
});
export type CancelSubscriptionAttributes = z.infer<typeof cancelSubscriptionAttributesSchema>;

/** Subscriptions list (identity spec §2, purchase spec v1): name, start date, plan frequency, status. */
export const subscriptionsListAttributesSchema = z.strictObject({
  ...commonAttributes,
});
export type SubscriptionsListAttributes = z.infer<typeof subscriptionsListAttributesSchema>;

/** Version 1 grant (purchase spec §2): the grant invitations' attributes, by the identity service. */
export const grantV1AttributesSchema = grantInvitationsAttributesSchema;
export type GrantV1Attributes = GrantInvitationsAttributes;

/** Version 1 invitations list (purchase spec §2): title default INVITATIONS; owners' beneficiaries. */
export const invitationsListAttributesSchema = z.strictObject({
  ...commonAttributes,
});
export type InvitationsListAttributes = z.infer<typeof invitationsListAttributesSchema>;
// ---- Version 1 (issue 16, purchase spec §2 "Version 1 widgets"): the loader maps the v2 names to
// these routes when `version: 1`, so each accepts its v2 counterpart's attributes as well.

/** Prices and the total with this many decimals (purchase spec §9: configurable in v1, default 0). */
const decimals = z._default(
  z.coerce.number().check(
    z.refine((n) => Number.isInteger(n), 'must be a whole number'),
    z.minimum(0),
    z.maximum(4),
  ),
  0,
);

export const v1ProductSelectionAttributesSchema = z.strictObject({
  ...productSelectionAttributesSchema.shape,
  decimals,
});
export type V1ProductSelectionAttributes = z.infer<typeof v1ProductSelectionAttributesSchema>;

/** One product (its plans as options) and an add button. */
export const v1ProductItemAttributesSchema = z.strictObject({
  ...commonAttributes,
  productId: textAttribute(),
  decimals,
  submitLabel: textAttribute(),
});
export type V1ProductItemAttributes = z.infer<typeof v1ProductItemAttributesSchema>;

/** One product whose chosen plan is the whole basket (a new choice replaces the basket's line). */
export const v1SingleProductSelectionAttributesSchema = z.strictObject({
  ...commonAttributes,
  productId: textAttribute(),
  decimals,
});
export type V1SingleProductSelectionAttributes = z.infer<typeof v1SingleProductSelectionAttributesSchema>;

/** The product and plan named by the page's query (idProductUnique, idProductPlan), added to the basket. */
export const v1UniqueProductAttributesSchema = z.strictObject({
  ...commonAttributes,
  decimals,
});
export type V1UniqueProductAttributes = z.infer<typeof v1UniqueProductAttributesSchema>;

export const v1ProductSummaryAttributesSchema = z.strictObject({
  ...productSummaryAttributesSchema.shape,
  decimals,
});
export type V1ProductSummaryAttributes = z.infer<typeof v1ProductSummaryAttributesSchema>;

export const purchaseAttributeSchemas = {
  'product-selection': productSelectionAttributesSchema,
  'product-profile': productProfileAttributesSchema,
  'product-summary': productSummaryAttributesSchema,
  'checkout-button': checkoutButtonAttributesSchema,
  'payment-type-selector': paymentTypeSelectorAttributesSchema,
  payment: paymentAttributesSchema,
  'stripe-payment': paymentAttributesSchema,
  'mercado-payment': paymentAttributesSchema,
  'manual-payment': paymentAttributesSchema,
  'direct-debit-request': directDebitRequestAttributesSchema,
  'direct-debit-complete': directDebitCompleteAttributesSchema,
  'purchases-list': purchasesListAttributesSchema,
  'grant-invitations': grantInvitationsAttributesSchema,
  'cancel-subscription': cancelSubscriptionAttributesSchema,
  'v1/subscriptions-list': subscriptionsListAttributesSchema,
  'v1/grant': grantV1AttributesSchema,
  'v1/invitations-list': invitationsListAttributesSchema,
  'v1/product-selection': v1ProductSelectionAttributesSchema,
  'v1/product-item': v1ProductItemAttributesSchema,
  'v1/product-summary': v1ProductSummaryAttributesSchema,
  'v1/checkout-button': checkoutButtonAttributesSchema,
  'v1/unique-product': v1UniqueProductAttributesSchema,
  'v1/single-product-selection': v1SingleProductSelectionAttributesSchema,
} as const;
