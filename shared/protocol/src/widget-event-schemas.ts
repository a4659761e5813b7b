/**
 * Payload schemas of the events only some widgets publish or react to: the identity suite's
 * registration, activation, password and profile-editing events, and the purchase journey's.
 * Loaded with those widgets (apps/frame/src/routes.ts registers them through
 * registerEventSchemas), never on the login route. Shapes are shared where they can be.
 */
import * as z from 'zod/mini';
import { emptyPayload, failurePayload, guidPayload } from './schemas';

const guid = z.string().check(z.minLength(1), z.maxLength(100));
const widgetPayload = z.strictObject({ widget: z.string().check(z.maxLength(100)) });
const basketPayload = z.strictObject({ productCount: z.number() });
const orderPayload = z.strictObject({ orderId: guid });

export const widgetEventPayloadSchemas = {
  'registration.success': guidPayload,
  'registration.cancelled': emptyPayload,
  'registration.failed': failurePayload,
  /**
   * About 1.5 s after registration.success (identity spec §4): where the page should send the visitor next —
   * `payment` (the service check passed), `editProfile` (attributes the service requires are missing) or `login`.
   */
  'registration.redirect': z.strictObject({
    to: z.enum(['payment', 'editProfile', 'login']),
    guid,
    serviceName: z.string(),
    attributes: z.optional(z.array(z.string())),
  }),
  'accountActivation.success': guidPayload,
  'accountActivation.failed': failurePayload,
  'accountActivation.cancelled': emptyPayload,
  'resetPassword.success': emptyPayload,
  'resetPassword.failed': failurePayload,
  'changePassword.success': guidPayload,
  'changePassword.failed': failurePayload,
  'profile.updateFailed': failurePayload,
  'editProfile.cancelled': emptyPayload,
  // Purchase journey (purchase spec §4).
  /** Published by the loader when the visitor closes a modal (Esc, backdrop, close button, Foyer.close). */
  'modal.dismissed': widgetPayload,
  /** The basket (sessionStorage `basket`) changed: how many products it holds now. */
  'basket.updated': basketPayload,
  'productSelection.failed': failurePayload,
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
  'paymentType.selected': z.strictObject({ paymentType: z.string().check(z.maxLength(40)) }),
  /** The direct-debit widget is sending the visitor to the provider's mandate page. */
  'directDebit.redirect': orderPayload,
  'directDebit.success': orderPayload,
  'directDebit.failed': failurePayload,
};
