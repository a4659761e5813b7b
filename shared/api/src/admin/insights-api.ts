/**
 * The admin API's view of what the server did for the site (issue 28): webhook deliveries with
 * their attempts and "send again", and the figures of the dashboard. Paths are relative to
 * ADMIN_API_PREFIX; times are epoch milliseconds, amounts integer minor units.
 */
import * as z from 'zod/mini';
import { pageQuerySchema } from './console-api';

// ── Webhook deliveries ───────────────────────────────────────────────────────────────────────

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** GET /webhooks/deliveries?status=&type=&service= */
export const deliveryListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(z.enum(WEBHOOK_DELIVERY_STATUSES)),
  type: z.optional(z.string().check(z.maxLength(100))),
  service: z.optional(z.string().check(z.maxLength(100))),
});
export const deliveryAttemptSchema = z.object({
  attempt: z.int(),
  at: z.number(),
  /** The receiver's status code, or null when it never answered (see `error`). */
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int(),
});
export const deliverySummarySchema = z.object({
  /** The `webhook-id` the receiver sees (the same on every try). */
  id: z.string(),
  type: z.string(),
  service: z.string(),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int(),
  /** When the next try is due (pending only). */
  nextAttemptAt: z.nullable(z.number()),
  createdAt: z.number(),
  lastStatusCode: z.nullable(z.int()),
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;
/** GET /webhooks/deliveries/:id; POST /webhooks/deliveries/:id/resend answers it too. */
export const deliveryDetailSchema = z.extend(deliverySummarySchema, {
  /** The exact JSON body sent (payloads never carry secrets). */
  body: z.string(),
  attemptLog: z.array(deliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

// ── Figures ──────────────────────────────────────────────────────────────────────────────────

/** GET /figures?days=30&service= : the last `days` days (1–366) up to now. */
export const figuresQuerySchema = z.object({
  days: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(366))),
  service: z.optional(z.string().check(z.maxLength(100))),
});
const dayCount = z.object({ day: z.string(), count: z.int() });
export const figuresSchema = z.object({
  from: z.number(),
  to: z.number(),
  days: z.int(),
  registrations: z.object({ total: z.int(), byDay: z.array(dayCount) }),
  logins: z.object({ total: z.int(), byDay: z.array(dayCount) }),
  /** Subscriptions that give access now (ACTIVE, PAST_DUE in grace, CANCELLED before their end), by plan. */
  activeSubscriptions: z.array(z.object({ productName: z.string(), planId: z.string(), count: z.int() })),
  /** Monthly recurring revenue now: each live renewing subscription's full price as a month's share. */
  mrr: z.array(z.object({ currency: z.string(), amountMinor: z.int() })),
  renewals: z.object({
    succeeded: z.int(),
    failed: z.int(),
    byDay: z.array(z.object({ day: z.string(), succeeded: z.int(), failed: z.int() })),
  }),
  /** The paywall's conversion: readers shown it → of them, accounts registered after → of them, subscribed after. */
  funnel: z.object({ shown: z.int(), registered: z.int(), subscribed: z.int() }),
});
export type Figures = z.infer<typeof figuresSchema>;
