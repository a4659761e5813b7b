/**
 * Payload schemas of the purchase journey's events (purchase spec §4), loaded with the purchase
 * widgets (apps/frame/src/app/routes.ts registers them through registerEventSchemas).
 */
import * as z from 'zod/mini';
import { emptyPayload, failurePayload, guidPayload } from './schemas';

const id = z.string().check(z.minLength(1), z.maxLength(100));
const widgetPayload = z.strictObject({ widget: z.string().check(z.maxLength(100)) });
const basketPayload = z.strictObject({ productCount: z.number() });
const orderPayload = z.strictObject({ orderId: id });
const countPayload = z.strictObject({ count: z.number() });
const subscriptionPayload = z.strictObject({ subscriptionId: id });

export const purchaseEventPayloadSchemas = {
  /** Published by the loader when the visitor closes a modal (Esc, backdrop, close button, Foyer.close). */
  'modal.dismissed': widgetPayload,
  /** The basket (sessionStorage `basket`) changed: how many products it holds now. */
  'basket.updated': basketPayload,
  'productSelection.failed': failurePayload,
  /** A product selection opened with handOver: the visitor chose, the opener checks out. */
  'productSelection.success': basketPayload,
  'productProfile.success': guidPayload,
  'productProfile.failed': failurePayload,
  /** The visitor confirmed the order summary (the checkout goes on to the order). */
  'productSummary.success': basketPayload,
  'productSummary.cancelled': emptyPayload,
  'checkout.started': basketPayload,
  'checkout.failed': failurePayload,
  'order.created': orderPayload,
  'payment.success': orderPayload,
  'payment.failed': failurePayload,
  /**
   * The payment widget's request starts (`running: true`) and has its answer (`running: false`,
   * whatever it is): a checkout's runners show 'Processing payment...' in between (purchase spec §2).
   */
  'payment.processing': z.strictObject({ orderId: id, running: z.boolean() }),
  'paymentType.selected': z.strictObject({ paymentType: z.string().check(z.maxLength(40)) }),
  /** The direct-debit widget is sending the visitor to the provider's mandate page. */
  'directDebit.redirect': orderPayload,
  'directDebit.success': orderPayload,
  'directDebit.failed': failurePayload,
  // Account area (issue 13). Ids only: never an invitation key or an address.
  'purchasesList.loaded': countPayload,
  'purchasesList.failed': failurePayload,
  'beneficiary.invited': subscriptionPayload,
  'beneficiary.removed': subscriptionPayload,
  'beneficiary.failed': failurePayload,
  'grantInvitations.loaded': countPayload,
  'grant.accepted': subscriptionPayload,
  'grant.declined': subscriptionPayload,
  'grant.failed': failurePayload,
  /** Also closes a modal holding the cancel-subscription widget (a `.cancelled` event). */
  'subscription.cancelled': z.strictObject({ subscriptionId: id, cancelDate: id }),
  'cancelSubscription.failed': failurePayload,
  /**
   * A past-due subscription was paid in the purchases list ("Update payment", or its renewal
   * confirmed with the bank): ACTIVE again, so the paywall and the account widgets read again.
   */
  'subscription.paid': subscriptionPayload,
  'subscriptionsList.loaded': countPayload,
  'invitationsList.loaded': countPayload,
  // Version 1 basket (issue 16): at login the basket was checked against the account's open order.
  'basket.synced': z.strictObject({ outcome: z.enum(['kept', 'replaced', 'created', 'adopted']) }),
  /** The version 1 checkout's transaction: the page is about to post the visitor to the payment page. */
  'transaction.created': orderPayload,
};
