/**
 * The catalogue side of the widget service (purchase spec §3, §7): plans, products, product
 * groups, money, and the address reference the basket carries. A module apart from the profile,
 * order and payment payloads so the product-selection route downloads only these.
 */
import * as z from 'zod/mini';
import { code3, id, matches } from './primitives';

export const PLAN_FREQUENCIES = ['NONE', 'DAY1', 'WEEK1', 'MONTH1', 'MONTH3', 'MONTH6', 'MONTH12', 'MONTH18'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
export const PAYMENT_TYPES = ['DIRECT_DEBIT', 'CARD', 'BANK_TRANSFER', 'CASH'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PROVIDER_NAMES = ['STRIPE', 'MERCADO', 'MANUAL'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
export const PRODUCT_TYPES = ['PLAIN', 'BUNDLE'] as const;
/** Session storage key of the version 2 basket (purchase spec §9). */
export const BASKET_KEY = 'basket';
/** Header that names one payment attempt; a retry with the same key gets the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const moneySchema = z.object({
  /** Integer minor units. */
  amount: z.number().check(z.refine((value: number) => Number.isSafeInteger(value), 'must be a whole number')),
  currency: code3,
  /** ISO decimal string of the amount ("12.99", "1200", "12.345"). */
  display: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

export const currencyInfoSchema = z.object({
  code: code3,
  symbol: z.string(),
  decimalDigits: z.number(),
});

export const paymentPlanSchema = z.object({
  _id: id,
  name: id,
  displayName: z.string(),
  displayText: z.optional(z.string()),
  description: z.string(),
  currency: currencyInfoSchema,
  /** What the visitor pays first, as the card shows it (purchase spec §2): trialPrice if present, else finalPrice. */
  price: moneySchema,
  /** The plan's own price for each period, whatever the trial: finalPrice's value under the spec's name. */
  planPrice: moneySchema,
  finalPrice: moneySchema,
  trialPrice: z.optional(moneySchema),
  frequency: z.object({ id: z.enum(PLAN_FREQUENCIES) }),
  boosted: z.boolean(),
  recommended: z.boolean(),
  hidden: z.boolean(),
  /** The logged-in user already has an active subscription on this plan: it cannot be picked. */
  subscribed: z.boolean(),
  /** Bundle plans: the names of the products the bundle grants. */
  products: z.optional(z.array(z.string())),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const productSchema = z.object({
  _id: id,
  id,
  name: id,
  displayName: z.string(),
  type: z.enum(PRODUCT_TYPES),
  serviceName: z.string(),
  productId: z.string(),
  imageUrl: z.optional(z.string()),
  features: z.array(z.string()),
  notes: z.optional(z.string()),
  boosted: z.boolean(),
  recommended: z.boolean(),
  hidden: z.boolean(),
  requiresDeliveryAddress: z.boolean(),
  requiresBillingAddress: z.boolean(),
  /** Plain products; empty for bundles. */
  paymentPlans: z.array(paymentPlanSchema),
  /** Bundles use these instead of paymentPlans. */
  bundlePlans: z.array(paymentPlanSchema),
  /**
   * The product's "from" price (purchase spec §3): the lowest `price` among the plans shown, in
   * the currency of the first of them; absent when no plan is shown.
   */
  price: z.optional(moneySchema),
  /** The currency of `price`. */
  currency: z.optional(currencyInfoSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productGroupSchema = z.object({
  name: id,
  displayName: z.string(),
  products: z.array(productSchema),
  /** Names of the recommended products. */
  recommended: z.array(z.string()),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

/** `ev_ss`: the session id, also accepted in the Authorization header. */
export const sessionQuerySchema = z.object({ ev_ss: z.optional(z.string().check(z.maxLength(200))) });
const flag = z.optional(z.enum(['true', 'false']));
export const productGroupQuerySchema = z.extend(sessionQuerySchema, { showHidden: flag });
const oneOrMany = z.optional(z.union([id, z.array(id).check(z.maxLength(50))]));
export const productQuerySchema = z.extend(sessionQuerySchema, { showHidden: flag, paymentPlan: oneOrMany });
export const profileValidateQuerySchema = z.extend(sessionQuerySchema, { product: oneOrMany });

/** A saved address (`id`) or a new one (`values`, names without the group prefix). */
export const addressGroupInputSchema = z.object({
  id: z.optional(id),
  values: z.optional(z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(255)))),
});
export type AddressGroupInput = z.infer<typeof addressGroupInputSchema>;

// ---- Payment contracts shared by orders and the account area (kept here: both chunks load this module) ----

/** Direct-debit orders name GOCARDLESS: the frame shows direct-debit-request instead of a card widget. */
export const PAYMENT_PAGE_PROVIDERS = [...PROVIDER_NAMES, 'GOCARDLESS'] as const;

/** The provider's payment token (card token, PaymentMethod id, or `manual`). */
export const paymentTokenSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  /** MERCADO: the card type detected from the BIN (`visa`, `master`, `amex` …). */
  paymentMethodId: z.optional(z.string().check(matches(/^[a-z_]{2,30}$/))),
  /** MERCADO: the cardholder's document (type from the provider's identification types). */
  payerIdentification: z.optional(
    z.object({ type: z.string().check(z.maxLength(20)), number: z.string().check(z.maxLength(30)) }),
  ),
});
export type PaymentToken = z.infer<typeof paymentTokenSchema>;

export const PAYMENT_STATUSES = ['SUCCEEDED', 'REQUIRES_ACTION'] as const;
