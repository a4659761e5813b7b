/**
 * PLACEHOLDER, deleted when the version 1 contract (shared/api/src/v1, wt-v1s) is merged: the
 * shapes of purchase spec §3 (Basket v1, Transaction response) and the product-manager calls of §7
 * as this side needs them until then. Nothing else in the frame defines them.
 */
import type { Endpoint, FoyerError } from '@foyer/api';
import * as z from 'zod/mini';

export const V1_BASKET_KEY = 'evBasketKey';

const text = z.string().check(z.maxLength(2000));
const id = z.string().check(z.minLength(1), z.maxLength(100));

export const v1ProductMetaDataSchema = z.object({
  deliveryAddress: z.optional(z.record(z.string(), z.string())),
  billingAddress: z.optional(z.record(z.string(), z.string())),
  printDeliveryCode: z.optional(z.string()),
  /** productId → start delivery date (epoch ms). */
  startDeliveryDate: z.optional(z.record(z.string(), z.number())),
  seller: z.string(),
  purchaseReason: z.string(),
});

export const v1BasketProductSchema = z.object({
  productId: id,
  name: text,
  description: text,
  price: z.number(),
  planId: id,
  currency: z.string().check(z.maxLength(10)),
  quantity: z.number(),
  productMetaData: v1ProductMetaDataSchema,
});
export type V1BasketProduct = z.infer<typeof v1BasketProductSchema>;

export const v1BasketSchema = z.object({
  _id: id,
  accountId: z.optional(z.string()),
  paymentType: z.optional(z.string()),
  products: z.array(v1BasketProductSchema).check(z.maxLength(20)),
  startDate: z.number(),
  productMetaData: v1ProductMetaDataSchema,
});
export type V1Basket = z.infer<typeof v1BasketSchema>;

export const v1OfferPlanSchema = z.object({
  planId: id,
  name: text,
  description: text,
  price: z.number(),
  currency: z.string(),
  frequency: z.string(),
});
export const v1OfferSchema = z.object({
  productId: id,
  name: text,
  description: text,
  imageUrl: z.optional(z.string()),
  plans: z.array(v1OfferPlanSchema),
});
export type V1Offer = z.infer<typeof v1OfferSchema>;

export const v1TransactionSchema = z.object({
  paymentUrl: z.string(),
  siteId: z.string(),
  orderId: z.string(),
  quantity: z.number(),
  payload: z.string(),
});

export const getV1Order = endpoint<{ accountId: string }, never, V1Basket | null>(
  'GET',
  '/order/user/:accountId',
  null,
  z.nullable(v1BasketSchema),
);
export const createV1Order = endpoint<Record<string, never>, V1Basket, V1Basket>(
  'POST',
  '/order',
  v1BasketSchema,
  v1BasketSchema,
);
export const deleteV1Order = endpoint<{ accountId: string; orderId: string }, never, null>(
  'DELETE',
  '/order/user/:accountId/order/:orderId',
  null,
  null,
);
export const getV1Offers = endpoint<Record<string, never>, never, V1Offer[]>(
  'GET',
  '/offers',
  null,
  z.array(v1OfferSchema),
);
export const postV1Transaction = endpoint<Record<string, never>, V1Basket, z.infer<typeof v1TransactionSchema>>(
  'POST',
  '/transaction',
  v1BasketSchema,
  v1TransactionSchema,
);

function endpoint<P extends Record<string, string>, B, R>(
  method: Endpoint<P, B, R>['method'],
  path: string,
  body: z.ZodMiniType<B> | null,
  response: z.ZodMiniType<R> | null,
): Endpoint<P, B, R> {
  return {
    method,
    path,
    body,
    response,
    toPath: (params) => path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')),
  };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CLIENT_VALIDATION_FAILED: FoyerError = {
  code: 'client_validation_failed',
  message: 'Client-side validation failed',
  args: [],
  statusCode: 400,
};
export function validateV1Order(basket: V1Basket): FoyerError | null {
  if (!GUID.test(basket._id) || !GUID.test(basket.accountId ?? '')) return CLIENT_VALIDATION_FAILED;
  if (!/^(online|offline)(CAU|REC|FAC)$/.test(basket.paymentType ?? '')) return CLIENT_VALIDATION_FAILED;
  if (basket.products.length === 0) return CLIENT_VALIDATION_FAILED;
  return null;
}

export const getV1Offer = endpoint<{ productId: string }, never, V1Offer>(
  'GET',
  '/offers/:productId',
  null,
  v1OfferSchema,
);
export const getV1OfferPlan = endpoint<{ productId: string; planId: string }, never, V1Offer>(
  'GET',
  '/offers/:productId/:planId',
  null,
  v1OfferSchema,
);

/** The v1 payment type codes (purchase spec §3, §9) for the active payment types of /widget/payment/types. */
export const V1_PAYMENT_TYPES = { CARD: 'onlineCAU', DIRECT_DEBIT: 'offlineREC', BANK_TRANSFER: 'offlineFAC' } as const;
