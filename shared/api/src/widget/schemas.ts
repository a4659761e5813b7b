/**
 * Widget-service payloads (purchase spec §3, §7) as zod/mini schemas; types are inferred. Money is
 * `{amount, currency, display}`: amount in integer minor units (ISO 4217), display the ISO decimal
 * string for convenience. The server computes every amount from its catalogue; request schemas
 * carry no price, and loose objects the client may echo back (a product, a plan) are read only
 * for their name or id.
 */
import * as z from 'zod/mini';
import { nameValueSchema, sessionResponseSchema } from '../identity/schemas';

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

const id = z.string().check(z.minLength(1), z.maxLength(100));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const moneySchema = z.object({
  /** Integer minor units. */
  amount: z.int(),
  currency: z.string().check(z.length(3)),
  /** ISO decimal string of the amount ("12.99", "1200", "12.345"). */
  display: z.string(),
});
export type Money = z.infer<typeof moneySchema>;

export const currencyInfoSchema = z.object({
  code: z.string().check(z.length(3)),
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

// ---- Profile (purchase spec §2 product profile, §3 profile groups) ----

export const PROFILE_CATEGORIES = ['authDetails', 'personalDetails', 'otherDetails', 'address'] as const;
export const ADDRESS_KINDS = ['delivery', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

export const profileAttributeSchema = z.object({
  name: id,
  label: z.string(),
  mandatory: z.boolean(),
  placeholder: z.optional(z.string()),
  type: z.string(),
  value: z.optional(z.string()),
  /** Browser autofill token (`address-line1`, `postal-code`, `country` …). */
  autocomplete: z.optional(z.string()),
  inputType: z.optional(z.string()),
});
export type ProfileAttribute = z.infer<typeof profileAttributeSchema>;

export const profileGroupSchema = z.object({
  /** Also the prefix of the group's values in a profile save (`deliveryAddress.city`). */
  name: id,
  displayName: z.string(),
  category: z.enum(PROFILE_CATEGORIES),
  attributes: z.array(profileAttributeSchema),
});
export type ProfileGroup = z.infer<typeof profileGroupSchema>;

export const savedAddressSchema = z.object({
  id,
  kind: z.enum(ADDRESS_KINDS),
  /** One line for the address list ("1 Main St, 1000 Brussels, BE"). */
  label: z.string(),
  values: z.record(z.string(), z.string()),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const profileGroupsSchema = z.object({
  /** Only for visitors who are not logged in: identifier, validator (the frame adds the confirm field). */
  authDetails: z.optional(profileGroupSchema),
  personalDetails: profileGroupSchema,
  otherDetails: z.array(profileGroupSchema),
  /** `deliveryAddress` and `billingAddress`. */
  addresses: z.array(profileGroupSchema),
  /** The logged-in user's saved addresses to choose from. */
  savedAddresses: z.array(savedAddressSchema),
});
export type ProfileGroups = z.infer<typeof profileGroupsSchema>;

/** Profile save: name/value pairs; group values are prefixed with the group name (`deliveryAddress.city`). */
export const profileSaveSchema = z.array(nameValueSchema).check(z.minLength(1), z.maxLength(100));
export type ProfileSave = z.infer<typeof profileSaveSchema>;

export const savedProfileSchema = z.object({
  guid: z.string(),
  attributes: z.array(nameValueSchema),
  savedAddresses: z.array(savedAddressSchema),
});
export type SavedProfile = z.infer<typeof savedProfileSchema>;

export const profileValiditySchema = z.object({
  valid: z.boolean(),
  /** Names of what is missing (`firstName`, `deliveryAddress`). */
  missing: z.array(z.string()),
});
export type ProfileValidity = z.infer<typeof profileValiditySchema>;

/** Login of the purchase flow (purchase spec §3); the realm is the service's own. */
export const widgetLoginSchema = z.object({
  authenticationSchemeName: z._default(id, 'default'),
  identifiers: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
  validators: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
  realmName: z._default(id, 'default_realm'),
  rememberMe: z._default(z.boolean(), false),
});
export type WidgetLogin = z.infer<typeof widgetLoginSchema>;
export const widgetLoginResponseSchema = sessionResponseSchema;

// ---- Orders (purchase spec §3 order create payload) ----

const reference = z.union([id, z.looseObject({ name: id })]);
const planReference = z.union([id, z.looseObject({ _id: id })]);

export const orderItemInputSchema = z.object({
  product: reference,
  paymentPlan: z.optional(planReference),
  bundlePlan: z.optional(planReference),
  startDate: z.optional(isoDate),
  endDate: z.optional(isoDate),
  startDeliveryDate: z.optional(isoDate),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/** A saved address (`id`) or a new one (`values`, names without the group prefix). */
export const addressGroupInputSchema = z.object({
  id: z.optional(id),
  values: z.optional(z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(255)))),
});
export type AddressGroupInput = z.infer<typeof addressGroupInputSchema>;

export const orderCreateSchema = z.object({
  orderItems: z.array(orderItemInputSchema).check(z.maxLength(20)),
  paymentType: z.enum(PAYMENT_TYPES),
  deliveryAddressGroup: z.optional(addressGroupInputSchema),
  billingAddressGroup: z.optional(addressGroupInputSchema),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const ORDER_STATUSES = ['CREATED', 'PAID', 'CANCELLED'] as const;

export const orderItemSchema = z.object({
  id,
  product: z.string(),
  displayName: z.string(),
  plan: z.string(),
  planDisplayName: z.string(),
  planKind: z.enum(['paymentPlan', 'bundlePlan']),
  frequency: z.object({ id: z.enum(PLAN_FREQUENCIES) }),
  description: z.string(),
  price: moneySchema,
  startDate: isoDate,
  endDate: z.optional(isoDate),
  startDeliveryDate: z.optional(isoDate),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id,
  paymentType: z.enum(PAYMENT_TYPES),
  status: z.enum(ORDER_STATUSES),
  total: moneySchema,
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

// ---- Payments ----

/** Direct-debit orders name GOCARDLESS: the frame shows direct-debit-request instead of a card widget. */
export const PAYMENT_PAGE_PROVIDERS = [...PROVIDER_NAMES, 'GOCARDLESS'] as const;

export const paymentPageSchema = z.object({
  providerName: z.enum(PAYMENT_PAGE_PROVIDERS),
  orderId: id,
  orderStatus: z.enum(ORDER_STATUSES),
  total: moneySchema,
  /** The card provider's public key (stripeKey / mercadoKey), when it has one. */
  publishableKey: z.optional(z.string()),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** The provider's payment token (card token, PaymentMethod id, or `manual`). */
export const paymentTokenSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  /** MERCADO: the card type detected from the BIN (`visa`, `master`, `amex` …). */
  paymentMethodId: z.optional(z.string().check(z.regex(/^[a-z_]{2,30}$/))),
  /** MERCADO: the cardholder's document (type from the provider's identification types). */
  payerIdentification: z.optional(
    z.object({ type: z.string().check(z.maxLength(20)), number: z.string().check(z.maxLength(30)) }),
  ),
});
export type PaymentToken = z.infer<typeof paymentTokenSchema>;

export const PAYMENT_STATUSES = ['SUCCEEDED', 'REQUIRES_ACTION'] as const;

export const paymentResultSchema = z.object({
  paymentId: id,
  orderId: id,
  status: z.enum(PAYMENT_STATUSES),
  amount: moneySchema,
  providerName: z.enum(PAYMENT_PAGE_PROVIDERS),
  /** REQUIRES_ACTION: what the provider's script needs to run the challenge (3-D Secure). */
  clientSecret: z.optional(z.string()),
  /** SUCCEEDED: the purchases the payment created. */
  purchases: z.array(z.object({ id, orderItemId: id, status: z.string(), subscriptionId: z.optional(id) })),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const paymentTypeSchema = z.object({ name: z.enum(PAYMENT_TYPES), displayName: z.string() });
export const paymentTypesSchema = z.array(paymentTypeSchema);
export type PaymentTypeOption = z.infer<typeof paymentTypeSchema>;

// ---- Direct debit (purchase spec §4, §7) ----

export const directDebitRequestSchema = z.object({
  /** Where the provider sends the visitor back; `orderId` and `redirect_flow_id` are appended. */
  successRedirectUrl: z.url(),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;
export const directDebitRedirectSchema = z.object({ redirectUrl: z.string(), redirectFlowId: id });
export type DirectDebitRedirect = z.infer<typeof directDebitRedirectSchema>;
export const directDebitCompleteSchema = z.object({
  redirectFlowId: id,
  processImmediately: z._default(z.boolean(), true),
});
export type DirectDebitComplete = z.infer<typeof directDebitCompleteSchema>;
