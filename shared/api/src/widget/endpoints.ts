/**
 * The `/widget/*` calls of the purchase spec §7, relative to the widget-service base URL
 * (`pmDomain`, on the reference server `<widgets origin>/pm/api`). Calls marked "session" take
 * the session id as `ev_ss` query parameter or in the Authorization header.
 */
import type * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import { getProduct, getProductGroup } from './catalogue-endpoints';
import {
  directDebitCompleteSchema,
  directDebitRedirectSchema,
  directDebitRequestSchema,
  orderCreateSchema,
  orderSchema,
  paymentPageSchema,
  paymentResultSchema,
  paymentTokenSchema,
  paymentTypesSchema,
  profileGroupsSchema,
  profileSaveSchema,
  profileValiditySchema,
  savedProfileSchema,
  widgetLoginResponseSchema,
  widgetLoginSchema,
} from './schemas';

export { getProduct, getProductGroup };

type None = Record<string, never>;
type Service = { serviceName: string };
type OrderId = { orderId: string };

/** Session; query: repeated `product` (names) the profile must suit. */
export const validateProfile = endpoint<Service, never, z.infer<typeof profileValiditySchema>>(
  'GET',
  '/widget/profile/validate/:serviceName',
  null,
  profileValiditySchema,
);
/** Optional session: with one, values and saved addresses are filled in and authDetails left out. */
export const getProfileAttributeGroups = endpoint<Service, never, z.infer<typeof profileGroupsSchema>>(
  'GET',
  '/widget/profile/attributeGroups/:serviceName',
  null,
  profileGroupsSchema,
);
/** No session: creates the account (201); the frame then logs in unless skipLogin. */
export const createProfile = endpoint<Service, z.input<typeof profileSaveSchema>, z.infer<typeof savedProfileSchema>>(
  'POST',
  '/widget/profile/:serviceName',
  profileSaveSchema,
  savedProfileSchema,
);
/** Session: updates the user's attributes and addresses. */
export const updateProfile = endpoint<Service, z.input<typeof profileSaveSchema>, z.infer<typeof savedProfileSchema>>(
  'PUT',
  '/widget/profile/:serviceName',
  profileSaveSchema,
  savedProfileSchema,
);
export const profileLogin = endpoint<
  Service,
  z.input<typeof widgetLoginSchema>,
  z.infer<typeof widgetLoginResponseSchema>
>('POST', '/widget/profile/login/:serviceName', widgetLoginSchema, widgetLoginResponseSchema);
/** Session; 201 with the order the server priced from its catalogue. */
export const createOrder = endpoint<None, z.input<typeof orderCreateSchema>, z.infer<typeof orderSchema>>(
  'POST',
  '/widget/order',
  orderCreateSchema,
  orderSchema,
);
/** Session. */
export const getPaymentPage = endpoint<OrderId, never, z.infer<typeof paymentPageSchema>>(
  'GET',
  '/widget/payment/:orderId',
  null,
  paymentPageSchema,
);
/** Session; idempotent per `Idempotency-Key` header (default: order and token). */
export const submitPayment = endpoint<OrderId, z.input<typeof paymentTokenSchema>, z.infer<typeof paymentResultSchema>>(
  'POST',
  '/widget/payment/:orderId',
  paymentTokenSchema,
  paymentResultSchema,
);
export const getPaymentTypes = endpoint<None, never, z.infer<typeof paymentTypesSchema>>(
  'GET',
  '/widget/payment/types',
  null,
  paymentTypesSchema,
);
/** Session; requests a mandate and answers the provider's redirect URL. */
export const requestDirectDebit = endpoint<
  OrderId,
  z.input<typeof directDebitRequestSchema>,
  z.infer<typeof directDebitRedirectSchema>
>('POST', '/widget/payment/:orderId/directdebit', directDebitRequestSchema, directDebitRedirectSchema);
/** Session; completes the mandate from the redirect and takes the first payment. */
export const completeDirectDebit = endpoint<
  OrderId,
  z.input<typeof directDebitCompleteSchema>,
  z.infer<typeof paymentResultSchema>
>('PUT', '/widget/payment/:orderId/directdebit', directDebitCompleteSchema, paymentResultSchema);
/**
 * Operator call (Authorization: Bearer <operator token>; not used by the frames): a bank transfer or
 * cash payment has arrived, so the order becomes PAID and its purchases ACTIVE.
 */
export const confirmManualPayment = endpoint<OrderId, never, z.infer<typeof orderSchema>>(
  'POST',
  '/widget/admin/orders/:orderId/confirm-payment',
  null,
  orderSchema,
);

/** The whole table, for the server's route builder and tests. */
export const widgetEndpoints = {
  getProductGroup,
  getProduct,
  validateProfile,
  getProfileAttributeGroups,
  createProfile,
  updateProfile,
  profileLogin,
  createOrder,
  getPaymentPage,
  submitPayment,
  getPaymentTypes,
  requestDirectDebit,
  completeDirectDebit,
  confirmManualPayment,
} as const;

export type WidgetEndpoints = typeof widgetEndpoints;
