/**
 * Widget-service payloads (purchase spec §3, §7) as zod/mini schemas; types are inferred. Money is
 * `{amount, currency, display}`: amount in integer minor units (ISO 4217), display the ISO decimal
 * string for convenience. The server computes every amount from its catalogue; request schemas
 * carry no price, and loose objects the client may echo back (a product, a plan) are read only
 * for their name or id.
 */
import * as z from 'zod/mini';
import { nameValueSchema, sessionResponseSchema } from '../identity/schemas';
import {
  addressGroupInputSchema,
  moneySchema,
  PAYMENT_TYPES,
  PLAN_FREQUENCIES,
  PAYMENT_PAGE_PROVIDERS,
  PAYMENT_STATUSES,
} from './catalogue-schemas';
import { httpUrl, id, isoDate } from './primitives';

export * from './catalogue-schemas';

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
/**
 * The pair of a profile creation (POST /widget/profile/:serviceName) that carries the solved
 * reCAPTCHA's response token when the service has a site key; it is not a profile attribute.
 */
export const RECAPTCHA_RESPONSE_FIELD = 'recaptchaResponse';
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
  /** The solved reCAPTCHA's response token, when the service has a site key (as for POST /session). */
  recaptchaResponse: z.optional(z.string().check(z.maxLength(4000))),
});
export type WidgetLogin = z.infer<typeof widgetLoginSchema>;
export const widgetLoginResponseSchema = sessionResponseSchema;

// ---- Orders (purchase spec §3 order create payload) ----

// Objects the client echoes back: only the name or id is read, other keys are dropped.
const reference = z.union([id, z.object({ name: id })]);
const planReference = z.union([id, z.object({ _id: id })]);

export const orderItemInputSchema = z.object({
  product: reference,
  paymentPlan: z.optional(planReference),
  bundlePlan: z.optional(planReference),
  startDate: z.optional(isoDate),
  endDate: z.optional(isoDate),
  startDeliveryDate: z.optional(isoDate),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

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

export const paymentPageSchema = z.object({
  providerName: z.enum(PAYMENT_PAGE_PROVIDERS),
  orderId: id,
  orderStatus: z.enum(ORDER_STATUSES),
  total: moneySchema,
  /** The card provider's public key (stripeKey / mercadoKey), when it has one. */
  publishableKey: z.optional(z.string()),
  /** The test card provider of demos and tests: the frame offers TEST_CARDS and says so. */
  testMode: z.optional(z.boolean()),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/**
 * The test cards of the test card provider (`npm start`, tests) and of the Stripe stand-in, named
 * as Stripe's documented test PaymentMethods: visa pays; chargeDeclined is refused at once;
 * chargeCustomerFail pays the first time and is declined off session (renewals); authenticationRequired
 * needs 3-D Secure on every payment, renewals included.
 */
export const TEST_CARDS = [
  'pm_card_visa',
  'pm_card_chargeDeclined',
  'pm_card_chargeCustomerFail',
  'pm_card_authenticationRequired',
] as const;
export type TestCard = (typeof TEST_CARDS)[number];

export const transferInstructionsSchema = z.object({
  /** Who receives the money. */
  beneficiary: z.string(),
  /** IBAN or account number (cash: where to pay). */
  account: z.string(),
  /** BIC / SWIFT, when the owner configured one. */
  bic: z.optional(z.string()),
  /** What the payer writes on the transfer so the operator can match it to the order. */
  reference: z.string(),
  amount: moneySchema,
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

export const paymentResultSchema = z.object({
  paymentId: id,
  orderId: id,
  status: z.enum(PAYMENT_STATUSES),
  amount: moneySchema,
  providerName: z.enum(PAYMENT_PAGE_PROVIDERS),
  /** REQUIRES_ACTION: what the provider's script needs to run the challenge (3-D Secure). */
  clientSecret: z.optional(z.string()),
  /** BANK_TRANSFER and CASH: where and how to send the money (also mailed with the order confirmation). */
  transferInstructions: z.optional(transferInstructionsSchema),
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
  successRedirectUrl: httpUrl,
});
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;
export const directDebitRedirectSchema = z.object({ redirectUrl: z.string(), redirectFlowId: id });
export type DirectDebitRedirect = z.infer<typeof directDebitRedirectSchema>;
export const directDebitCompleteSchema = z.object({
  redirectFlowId: id,
  processImmediately: z._default(z.boolean(), true),
});
export type DirectDebitComplete = z.infer<typeof directDebitCompleteSchema>;
