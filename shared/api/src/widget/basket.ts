/**
 * The version 2 basket (purchase spec §3): kept by the frames in sessionStorage under `basket`
 * (BASKET_KEY), shared by every purchase widget on the page (they all run on the widgets origin).
 * Prices here are copies for display; the server prices the order again from its catalogue.
 */
import * as z from 'zod/mini';
import {
  addressGroupInputSchema,
  currencyInfoSchema,
  moneySchema,
  PAYMENT_TYPES,
  PLAN_FREQUENCIES,
  PRODUCT_TYPES,
} from './schemas';
import { id, isoDate } from './primitives';

/** The plan picked for a product: what the summary shows, and the id the order names. */
export const basketPlanSchema = z.object({
  _id: id,
  name: id,
  displayName: z.string(),
  description: z.string(),
  frequency: z.object({ id: z.enum(PLAN_FREQUENCIES) }),
  currency: currencyInfoSchema,
  /** trialPrice when the plan has one, else finalPrice (purchase spec §2). */
  price: moneySchema,
});
export type BasketPlan = z.infer<typeof basketPlanSchema>;

export const basketProductSchema = z.object({
  name: id,
  displayName: z.string(),
  type: z.enum(PRODUCT_TYPES),
  requiresDeliveryAddress: z.boolean(),
  requiresBillingAddress: z.boolean(),
  /** Bundles are ordered with bundlePlan, plain products with paymentPlan. */
  paymentPlan: basketPlanSchema,
  /**
   * A delivered product's first delivery as the visitor chose it in the profile step (`YYYY-MM-DD`);
   * absent: the earliest delivery day.
   */
  startDeliveryDate: z.optional(isoDate),
});
export type BasketProduct = z.infer<typeof basketProductSchema>;

export const CHECKOUT_STEPS = ['profile', 'summary', 'order', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const basketSchema = z.object({
  products: z.array(basketProductSchema).check(z.maxLength(20)),
  /** The order id, once the order is created. */
  id: z.optional(id),
  deliveryAddressGroup: z.optional(addressGroupInputSchema),
  billingAddressGroup: z.optional(addressGroupInputSchema),
  paymentType: z.optional(z.enum(PAYMENT_TYPES)),
  /** The order's total as the server priced it (once created); before that, the display sum. */
  total: z.optional(moneySchema),
  /**
   * A checkout in progress: which step, since when (ms). Frames show 'Processing …' while a
   * request of the step runs, and a calm state while `waiting` (the checkout modal waits for the
   * visitor).
   */
  checkout: z.optional(z.object({ step: z.enum(CHECKOUT_STEPS), since: z.number(), waiting: z.optional(z.boolean()) })),
});
export type Basket = z.infer<typeof basketSchema>;

export const EMPTY_BASKET: Basket = { products: [] };
