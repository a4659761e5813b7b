/**
 * Version 1 of the purchase widgets (purchase spec §3 Basket v1, Transaction response; §7 the
 * product-manager service; §9 constants). The basket is what the v1 frames keep under
 * `evBasketKey` and what `POST /order`, `PUT /order` and `POST /transaction` carry. Its prices are
 * copies for display: the server prices every order again from its catalogue.
 *
 * The schemas describe the basket's shape (a basket being filled parses); `validateV1Order`
 * (validate-order.ts) says whether it is complete enough to pay.
 */
import * as z from 'zod/mini';
import { addressGroupInputSchema, productSchema } from '../widget/catalogue-schemas';
import { code3, httpUrl, id, isoDate, matches } from '../widget/primitives';

/** Session storage key of the version 1 basket (purchase spec §9). */
export const V1_BASKET_KEY = 'evBasketKey';
/** Purchase spec §9: quantity per product line, seller and purchaseReason are fixed. */
export const V1_QUANTITY = 1;
export const V1_SELLER = '1';
export const V1_PURCHASE_REASON = '1';
/** At most this many lines in one basket (the same bound as the version 2 basket). */
export const V1_MAX_PRODUCTS = 20;

/** How the order is paid: online (the hosted payment page) or offline. */
export const V1_PAYMENT_MODES = ['online', 'offline'] as const;
/** Payment method codes (purchase spec §9). */
export const V1_PAYMENT_METHODS = ['CAU', 'REC', 'FAC'] as const;
export type V1PaymentMode = (typeof V1_PAYMENT_MODES)[number];
export type V1PaymentMethod = (typeof V1_PAYMENT_METHODS)[number];
/**
 * The basket's `paymentType` string: mode and method joined by a hyphen, `online-CAU`,
 * `offline-FAC` … (lower-case mode, upper-case method, nothing else).
 */
export type V1PaymentType = `${V1PaymentMode}-${V1PaymentMethod}`;
export const V1_PAYMENT_TYPE_PATTERN = /^(online|offline)-(CAU|REC|FAC)$/;
export const V1_PAYMENT_TYPES = V1_PAYMENT_MODES.flatMap((mode) =>
  V1_PAYMENT_METHODS.map((method): V1PaymentType => `${mode}-${method}`),
);
export function isV1PaymentType(value: unknown): value is V1PaymentType {
  return typeof value === 'string' && V1_PAYMENT_TYPE_PATTERN.test(value);
}
/** The default the frames force when a page names none (a card payment on the hosted page). */
export const V1_DEFAULT_PAYMENT_TYPE: V1PaymentType = 'online-CAU';

/** GUID-shaped ids (8-4-4-4-12 hexadecimal digits, either case): `_id` and `accountId`. */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Print delivery code: a string of 0/1 digits (one per delivery day), or -1 for none. */
export const PRINT_DELIVERY_CODE_PATTERN = /^(?:[01]{1,7}|-1)$/;

const text = z.string().check(z.maxLength(1000));
const shortText = z.string().check(z.maxLength(100));

/**
 * Purchase spec §3 product metadata, on the basket and on each line. Every field is optional in
 * the shape; validateV1Order says which must be there before paying.
 */
export const v1ProductMetaDataSchema = z.object({
  /** A saved address (`id`) or a new one (`values`), as in the version 2 basket. */
  deliveryAddress: z.optional(addressGroupInputSchema),
  billingAddress: z.optional(addressGroupInputSchema),
  printDeliveryCode: z.optional(shortText),
  /** productId → first delivery day (`YYYY-MM-DD`), for products that are delivered. */
  startDeliveryDate: z.optional(z.record(id, isoDate)),
  seller: z.optional(shortText),
  purchaseReason: z.optional(shortText),
});
export type V1ProductMetaData = z.infer<typeof v1ProductMetaDataSchema>;

/** One line of the basket: a product with the plan picked for it. */
export const v1BasketProductSchema = z.object({
  productId: id,
  name: shortText,
  description: text,
  /** Display copy of the plan's price in major units (12.99); never charged. */
  price: z.number(),
  planId: id,
  /** ISO 4217 code. */
  currency: code3,
  quantity: z.number(),
  productMetaData: z.optional(v1ProductMetaDataSchema),
});
export type V1BasketProduct = z.infer<typeof v1BasketProductSchema>;

/** Purchase spec §3 Basket (v1), stored under `evBasketKey`, sent as the order. */
export const v1BasketSchema = z.object({
  /** GUID made by the frame when the basket is created; it becomes the order's id. */
  _id: shortText,
  /** The logged-in account's guid. */
  accountId: shortText,
  /** `online-CAU` … (V1_PAYMENT_TYPE_PATTERN); may be empty until chosen. */
  paymentType: z.optional(shortText),
  products: z.array(v1BasketProductSchema).check(z.maxLength(V1_MAX_PRODUCTS)),
  /** Epoch ms: when the subscriptions start. */
  startDate: z.optional(z.number()),
  productMetaData: z.optional(v1ProductMetaDataSchema),
});
export type V1Basket = z.infer<typeof v1BasketSchema>;

export const V1_ORDER_STATUSES = ['OPEN', 'PAYMENT_PENDING'] as const;
/**
 * The account's open order as the server keeps it: the basket priced from the catalogue (line
 * prices and currencies are the server's), with its status. PAYMENT_PENDING: a transaction was
 * posted and the hosted page has not answered yet; changing the order is still allowed (the
 * payment pays the lines priced at the transaction).
 */
export const v1OrderSchema = z.extend(v1BasketSchema, {
  status: z.enum(V1_ORDER_STATUSES),
  /** Total of the lines in major units as a decimal string ("25.98"), from the catalogue. */
  total: z.string(),
});
export type V1Order = z.infer<typeof v1OrderSchema>;

/**
 * An offer (`GET /offers`, `GET /offers/{productId}[/{planId}]`): a catalogue product with its
 * plans, the same shape the version 2 product calls answer (one definition). The basket line takes
 * `productId`, `displayName` (name), the plan's `_id` (planId), `description`, price and currency.
 */
export const v1OfferSchema = productSchema;
export type V1Offer = z.infer<typeof v1OfferSchema>;
export const v1OffersSchema = z.array(productSchema);
export const v1OffersQuerySchema = z.object({
  productGroup: z.optional(id),
  ev_ss: z.optional(z.string().check(z.maxLength(200))),
});

/** `GET /spi/product/{productId}/startDeliveryDate`: the earliest first delivery day. */
export const v1StartDeliveryDateSchema = z.object({
  minDate: isoDate,
  /**
   * The server's today (beyond the spec's answer): version 2's order dates start from it, so the
   * visitor's clock or time zone never dates an order the server would refuse.
   */
  today: z.optional(isoDate),
});
export type V1StartDeliveryDate = z.infer<typeof v1StartDeliveryDateSchema>;

/**
 * `POST /transaction` query. `returnUrl` is the page the visitor comes back to after paying (the
 * host page); the server accepts it only on an origin allowed for the service, else the page the
 * checkout widget reported as its host.
 */
export const v1TransactionQuerySchema = z.object({
  channel: z.enum(['web']),
  op: z.enum(['P_SUB']),
  returnUrl: z.optional(httpUrl.check(z.maxLength(2048))),
  ev_ss: z.optional(z.string().check(z.maxLength(200))),
});
export type V1TransactionQuery = z.infer<typeof v1TransactionQuerySchema>;

/**
 * Purchase spec §3 Transaction response. The frame posts `siteId`, `orderId`, `quantity` and
 * `payload` as a hidden form to `paymentUrl` (v1PaymentFormFields); `payload` is signed by the
 * server, opaque to the frame.
 */
export const v1TransactionSchema = z.object({
  paymentUrl: httpUrl,
  siteId: shortText,
  orderId: shortText,
  quantity: z.number(),
  payload: z.string().check(z.maxLength(4000)),
});
export type V1Transaction = z.infer<typeof v1TransactionSchema>;

/** The fields of the hidden form posted to `paymentUrl` (all strings, as a form carries them). */
export function v1PaymentFormFields(transaction: V1Transaction): Record<string, string> {
  return {
    siteId: transaction.siteId,
    orderId: transaction.orderId,
    quantity: String(transaction.quantity),
    payload: transaction.payload,
  };
}

/** What the hosted payment page posts back to the return URL (a form, so all strings). */
export const V1_PAYMENT_RESULTS = ['PAID', 'CANCELLED'] as const;
export type V1PaymentResult = (typeof V1_PAYMENT_RESULTS)[number];
export const v1PaymentReturnSchema = z.object({
  payload: z.string().check(z.maxLength(4000)),
  result: z.enum(V1_PAYMENT_RESULTS),
  /** The payment page's HMAC over payload and result. */
  signature: z.string().check(z.maxLength(200), matches(/^[A-Za-z0-9_-]+$/)),
});
export type V1PaymentReturn = z.infer<typeof v1PaymentReturnSchema>;

/**
 * After the hosted page, the server sends the visitor back to the checkout's page (`returnUrl`)
 * with these query parameters: the outcome (`PAID`, `CANCELLED`, or `REFUSED` when the payment
 * could not be taken: a newer checkout replaced it, or the plan was bought meanwhile) and the
 * order's `_id`. A PAID order is closed: the frames then clear the basket.
 */
export const V1_PAYMENT_OUTCOME_PARAM = 'v1Payment';
export const V1_PAYMENT_ORDER_PARAM = 'v1Order';
export const V1_PAYMENT_OUTCOMES = ['PAID', 'CANCELLED', 'REFUSED'] as const;
export type V1PaymentOutcome = (typeof V1_PAYMENT_OUTCOMES)[number];
