/**
 * The admin API's people-and-money half (issue 28), under /admin/api on the widgets origin: what
 * the console (apps/console) calls and what a site's automation may call with an API key. One
 * definition of each request and answer; the server validates requests with these schemas and the
 * console types its calls with them. Paths are relative to ADMIN_API_PREFIX.
 *
 * Lists are paginated on the server by an opaque cursor (`next`, null on the last page) and
 * filtered by query parameters; dates in answers are epoch milliseconds unless a field says
 * "date" (YYYY-MM-DD, the subscription's calendar dates). Amounts are integer minor units.
 */
import * as z from 'zod/mini';
import { ADMIN_PERMISSIONS, OPERATOR_ROLES } from './permissions';

export const ADMIN_API_PREFIX = '/admin/api';
/** The operator's session cookie: HttpOnly, SameSite=Strict, Secure on https, Path=/admin. */
export const OPERATOR_COOKIE = 'foyer_admin';
/** Every write made with the operator's cookie carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-foyer-csrf';
/** An operator session ends after this long without a call. */
export const OPERATOR_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

const id = z.string().check(z.minLength(1), z.maxLength(200));
const epochMs = z.number();
const email = z.string().check(z.minLength(3), z.maxLength(254));
const minor = z.int();

/** One page of a list. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), next: z.nullable(z.string()) });
/** Query of every list: `limit` 1–100 (default 25) and the `cursor` a previous page answered. */
export const pageQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

// ── Operators and their sessions ─────────────────────────────────────────────────────────────

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export const operatorSchema = z.object({
  id,
  email,
  name: z.string(),
  role: operatorRoleSchema,
  /** Whether a TOTP second factor is set (required for owners). */
  totp: z.boolean(),
  createdAt: epochMs,
  lastLoginAt: z.nullable(epochMs),
  disabledAt: z.nullable(epochMs),
});
export type Operator = z.infer<typeof operatorSchema>;

/** POST /session: sign in. Without `totp` an operator with a second factor gets OPERATOR_SECOND_FACTOR_REQUIRED. */
export const operatorLoginSchema = z.strictObject({
  email,
  password: z.string().check(z.minLength(1), z.maxLength(1000)),
  totp: z.optional(z.string().check(z.regex(/^\d{6}$/, 'six digits'))),
});
export type OperatorLogin = z.infer<typeof operatorLoginSchema>;

/** GET /session (and the answer of POST /session): who is signed in, and the CSRF token for writes. */
export const operatorSessionSchema = z.object({
  operator: operatorSchema,
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  csrfToken: z.string(),
  /** When the session ends if idle (it moves on with every call). */
  idleExpiresAt: epochMs,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** DELETE /session: sign out (the console calls it; any 2xx answer). */

/** GET /operators (owner): every operator, as a page (`pageOf(operatorSchema)`). */
/** POST /operators (owner): a new operator; the answer's `totpSecret`/`otpauthUrl` is shown once. */
export const operatorCreateSchema = z.strictObject({
  email,
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  role: operatorRoleSchema,
  password: z.string().check(z.minLength(12, 'at least 12 characters'), z.maxLength(1000)),
  totp: z.optional(z.boolean()),
});
export const operatorCreatedSchema = z.object({
  operator: operatorSchema,
  totpSecret: z.nullable(z.string()),
  otpauthUrl: z.nullable(z.string()),
});
/** PATCH /operators/:id (owner): change the role, or disable. */
export const operatorUpdateSchema = z.strictObject({
  role: z.optional(operatorRoleSchema),
  disabled: z.optional(z.boolean()),
});

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────

export const ACCOUNT_STATES = ['ACTIVE', 'INACTIVE', 'LOCKED', 'ERASED'] as const;
export const accountStateSchema = z.enum(ACCOUNT_STATES);

/** GET /accounts?q=&state=&service=: `q` matches an e-mail (part of it) or a guid (whole). */
export const accountListQuerySchema = z.extend(pageQuerySchema, {
  q: z.optional(z.string().check(z.maxLength(254))),
  state: z.optional(accountStateSchema),
  service: z.optional(z.string().check(z.maxLength(100))),
});
export const accountSummarySchema = z.object({
  guid: id,
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  state: accountStateSchema,
  realm: z.string(),
  services: z.array(z.string()),
  createdAt: epochMs,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountSessionSchema = z.object({
  /** The session's id hash (never the session id): what "end this session" names. */
  id,
  service: z.nullable(z.string()),
  rememberMe: z.boolean(),
  createdAt: epochMs,
  idleExpiresAt: epochMs,
  absoluteExpiresAt: epochMs,
});
export const accountPurchaseSchema = z.object({
  id,
  orderId: id,
  productName: z.string(),
  planId: z.string(),
  /** The purchase's status; for a subscription, the subscription's (ACTIVE, PAST_DUE, CANCELLED, EXPIRED, …). */
  status: z.string(),
  subscriptionId: z.nullable(z.string()),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  createdAt: epochMs,
});
export const accountInvitationSchema = z.object({
  id,
  /** Whether the account sent it (owner) or received it (grantee). */
  direction: z.enum(['sent', 'received']),
  email: z.string(),
  status: z.string(),
  createdAt: epochMs,
  expiresAt: epochMs,
});
export const accountDetailSchema = z.extend(accountSummarySchema, {
  attributes: z.record(z.string(), z.unknown()),
  roles: z.array(z.string()),
  addressProvenAt: z.nullable(epochMs),
  networks: z.array(z.object({ network: z.string(), linkedAt: epochMs })),
  /**
   * A confirmed second factor is on (issue 31): support removes it for a person who lost both the
   * app and the backup codes. Optional so that answers from before it still parse.
   */
  secondFactor: z.optional(z.boolean()),
  sessions: z.array(accountSessionSchema),
  purchases: z.array(accountPurchaseSchema),
  invitations: z.array(accountInvitationSchema),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

/** POST /accounts/:guid/sessions/end: one session (`sessionId`, an id of `sessions`) or, without it, all. */
export const endSessionsSchema = z.strictObject({ sessionId: z.optional(id) });
export const endSessionsResultSchema = z.object({ ended: z.int() });
/**
 * POST /accounts/:guid/lock, /unlock, /activation/resend, /password-reset answer the account
 * (AccountDetail); each action is mailed to the person where the issue says so and audited.
 * GET /accounts/:guid/export answers everything held about the person (a JSON document, served
 * as a download). DELETE /accounts/:guid erases the personal data and keeps the financial
 * records, anonymised; it answers the erased account.
 */
export const accountExportSchema = z.object({
  exportedAt: epochMs,
  account: accountDetailSchema,
  /** Every other record held about the person, by kind (orders, payments, addresses, paywall views …). */
  records: z.record(z.string(), z.array(z.unknown())),
});

// ── Orders and payments ──────────────────────────────────────────────────────────────────────

export const ORDER_STATUSES = ['CREATED', 'PAID', 'CANCELLED'] as const;
/** GET /orders?status=&provider=&paymentType=&from=&to=&q=: `from`/`to` epoch ms; `q` an order id, guid or e-mail. */
export const orderListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(z.enum(ORDER_STATUSES)),
  /** Orders waiting for an operator: bank transfer or cash, not yet paid. */
  awaiting: z.optional(z.enum(['true', 'false'])),
  provider: z.optional(z.string().check(z.maxLength(50))),
  paymentType: z.optional(z.string().check(z.maxLength(50))),
  from: z.optional(z.coerce.number()),
  to: z.optional(z.coerce.number()),
  q: z.optional(z.string().check(z.maxLength(254))),
});
export const paymentSchema = z.object({
  id,
  /** A first payment of the order, or a renewal charge of one of its subscriptions. */
  kind: z.enum(['order', 'renewal']),
  provider: z.string(),
  status: z.string(),
  amountMinor: minor,
  currency: z.string(),
  refundedMinor: minor,
  providerReference: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  createdAt: epochMs,
  /** Whether this operator could refund it now (provider able, money left to refund). */
  refundable: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const orderSummarySchema = z.object({
  id,
  guid: id,
  email: z.nullable(z.string()),
  service: z.nullable(z.string()),
  status: z.enum(ORDER_STATUSES),
  paymentType: z.string(),
  provider: z.nullable(z.string()),
  currency: z.string(),
  totalMinor: minor,
  /** Bank transfer or cash not yet confirmed: the console offers Confirm and Reject. */
  awaitingConfirmation: z.boolean(),
  createdAt: epochMs,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderDetailSchema = z.extend(orderSummarySchema, {
  items: z.array(
    z.object({
      productName: z.string(),
      planId: z.string(),
      frequency: z.string(),
      priceMinor: minor,
      currency: z.string(),
    }),
  ),
  payments: z.array(paymentSchema),
  /** What the providers told us about this order's payments (webhooks in), newest first. */
  providerEvents: z.array(
    z.object({ provider: z.string(), eventId: z.string(), type: z.string(), receivedAt: epochMs }),
  ),
  /** The business events of the order (billing_events), newest first. */
  events: z.array(z.object({ id, type: z.string(), createdAt: epochMs })),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
/** POST /orders/:id/confirm-payment and /reject-payment (bank transfer or cash): answer the order. */
export const rejectPaymentSchema = z.strictObject({ reason: z.optional(z.string().check(z.maxLength(500))) });
/** POST /payments/:id/refund: the whole rest without `amountMinor`. Answers the payment. */
export const refundSchema = z.strictObject({
  amountMinor: z.optional(z.int().check(z.gte(1))),
  reason: z.optional(z.string().check(z.maxLength(500))),
});

// ── Subscriptions ────────────────────────────────────────────────────────────────────────────

/** GET /subscriptions?status=&plan=&q= */
export const subscriptionListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(z.string().check(z.maxLength(30))),
  plan: z.optional(z.string().check(z.maxLength(100))),
  q: z.optional(z.string().check(z.maxLength(254))),
});
export const subscriptionSchema = z.object({
  id,
  guid: id,
  email: z.nullable(z.string()),
  productName: z.string(),
  planId: z.string(),
  frequency: z.string(),
  status: z.string(),
  startDate: z.string(),
  /** The current period's last day ("date"), null for an open-ended one. */
  periodEnd: z.nullable(z.string()),
  /** When the next charge is due (epoch ms), null when none will be made. */
  nextChargeAt: z.nullable(epochMs),
  /** For PAST_DUE: the last failure's provider code. */
  failure: z.nullable(z.string()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
/** POST /subscriptions/:id/cancel: `now` ends access today; `period_end` lets it run to its last day. */
export const cancelSubscriptionSchema = z.strictObject({ when: z.enum(['now', 'period_end']) });
/** POST /subscriptions/:id/resume answers the subscription. */

// ── Audit log ────────────────────────────────────────────────────────────────────────────────

/** GET /audit?actor=&action=&target=&from=&to=&format=csv */
export const auditQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
  before: z.optional(z.coerce.number()),
  actor: z.optional(z.string().check(z.maxLength(200))),
  action: z.optional(z.string().check(z.maxLength(100))),
  target: z.optional(z.string().check(z.maxLength(200))),
  from: z.optional(z.coerce.number()),
  to: z.optional(z.coerce.number()),
  format: z.optional(z.enum(['json', 'csv'])),
});
export const auditEntrySchema = z.object({
  id,
  at: epochMs,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.nullable(epochMs) });
