/**
 * The product-manager service of version 1 (purchase spec §7), relative to the pmDomain base URL
 * (on the reference server `<widgets origin>/pm/api`, beside the `/widget` calls). Every order and
 * transaction call takes the session (`ev_ss` or the Authorization header) and acts only on the
 * logged-in account's own orders. The cancellation calls are the account area's (one definition):
 * `getProperty({ name: CANCEL_REASONS_PROPERTY })` then `parseCancellationReasons(value)` gives the
 * key/value list of reasons.
 */
import type * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import { cancelSubscription, getProperty } from '../widget/account-endpoints';
import {
  v1BasketSchema,
  v1OfferSchema,
  v1OffersSchema,
  v1OrderSchema,
  v1StartDeliveryDateSchema,
  v1TransactionSchema,
} from './schemas';

export { CANCEL_REASONS_PROPERTY, parseCancellationReasons, type CancellationReason } from '../widget/account-schemas';
export { cancelSubscription, getProperty };

type None = Record<string, never>;
type Basket = z.input<typeof v1BasketSchema>;
type Order = z.infer<typeof v1OrderSchema>;

/** Session; the account's open order, or 404 order_not_created when it has none. */
export const getV1Order = endpoint<{ accountId: string }, never, Order>(
  'GET',
  '/order/user/:accountId',
  null,
  v1OrderSchema,
);
/** Session; 201. One open order per account: 409 v1_order_exists when there is one already. */
export const createV1Order = endpoint<None, Basket, Order>('POST', '/order', v1BasketSchema, v1OrderSchema);
/** Session; replaces the lines and metadata of the open order with the same `_id`. */
export const updateV1Order = endpoint<None, Basket, Order>('PUT', '/order', v1BasketSchema, v1OrderSchema);
/** Session; 204. */
export const deleteV1Order = endpoint<{ accountId: string; orderId: string }, never, void>(
  'DELETE',
  '/order/user/:accountId/order/:orderId',
  null,
  null,
);
/** Query `productGroup` (the group's products; without it every public product). */
export const getOffers = endpoint<None, never, z.infer<typeof v1OffersSchema>>('GET', '/offers', null, v1OffersSchema);
/** One product with its public plans; 404 bex0004. */
export const getOffer = endpoint<{ productId: string }, never, z.infer<typeof v1OfferSchema>>(
  'GET',
  '/offers/:productId',
  null,
  v1OfferSchema,
);
/** One product with only that plan; 404 bex0004. */
export const getOfferPlan = endpoint<{ productId: string; planId: string }, never, z.infer<typeof v1OfferSchema>>(
  'GET',
  '/offers/:productId/:planId',
  null,
  v1OfferSchema,
);
/** The earliest first delivery day of a delivered product (`minDate`, `YYYY-MM-DD`). */
export const getStartDeliveryDate = endpoint<{ productId: string }, never, z.infer<typeof v1StartDeliveryDateSchema>>(
  'GET',
  '/spi/product/:productId/startDeliveryDate',
  null,
  v1StartDeliveryDateSchema,
);
/**
 * Session; query `channel=web&op=P_SUB[&returnUrl=]` (v1TransactionQuerySchema); body: the basket.
 * The server validates (validateV1Order), prices from the catalogue, refuses plans already
 * subscribed, stores the order and a payment attempt; 201 with the hosted payment page to post to.
 */
export const postV1Transaction = endpoint<None, Basket, z.infer<typeof v1TransactionSchema>>(
  'POST',
  '/transaction',
  v1BasketSchema,
  v1TransactionSchema,
);

/** The whole table, for the server's route builder and tests. */
export const v1Endpoints = {
  getV1Order,
  createV1Order,
  updateV1Order,
  deleteV1Order,
  getOffers,
  getOffer,
  getOfferPlan,
  getStartDeliveryDate,
  postV1Transaction,
  getProperty,
  cancelSubscription,
} as const;

export type V1Endpoints = typeof v1Endpoints;
