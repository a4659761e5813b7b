/**
 * Payloads of the paywall calls (identity spec §3 "Paywall authorize event", "Template response"
 * and §7 templates, disqus). Apart from the session and account payloads so only the paywall
 * widgets load them.
 */
import * as z from 'zod/mini';

/**
 * The result of an authorize call. The spec names ALLOW_ACCESS and REQUIRE_LOGIN; a logged-in
 * visitor who has used up the meter and lacks the entitlement gets REQUIRE_ENTITLEMENT (logging in
 * again would not help them).
 */
export const PAYWALL_RESULTS = ['ALLOW_ACCESS', 'REQUIRE_LOGIN', 'REQUIRE_ENTITLEMENT'] as const;
export type PaywallResult = (typeof PAYWALL_RESULTS)[number];

/** The three paywall templates (identity spec §4): which one shows depends on the result. */
export const PAYWALL_TEMPLATES = ['both', 'login', 'entitlement'] as const;
export type PaywallTemplateName = (typeof PAYWALL_TEMPLATES)[number];

const count = z.number().check(z.int(), z.minimum(0));
export const meterSchema = z.object({ count, max: count });
export type Meter = z.infer<typeof meterSchema>;

const label = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[\w.:-]+$/));

/**
 * POST /paywall/authorize: one page view. `meterId` is the anonymous visitor's meter id the loader
 * keeps in the host site's storage (issued by an earlier answer); the server ignores one it did
 * not issue and answers a new one. Sent when logged in too: the server then moves its views into
 * the account's meter (one meter per reader, issue 26).
 */
export const paywallAuthorizeSchema = z.object({
  /** The page's address without query or fragment (the loader's origin + path). */
  page: z.url().check(z.maxLength(2000)),
  /** What the page declares about itself; segments match on these. */
  /** Pages that show several articles at one address tell which one this is. */
  articleId: z.optional(label),
  section: z.optional(label),
  tags: z.optional(z.array(label).check(z.maxLength(20))),
  meterId: z.optional(z.string().check(z.maxLength(200))),
});
export type PaywallAuthorize = z.infer<typeof paywallAuthorizeSchema>;

/** The spec's authorize event, as published to the page (`paywall.authorized`). */
export const paywallDecisionSchema = z.object({
  result: z.enum(PAYWALL_RESULTS),
  requireEntitlement: z.boolean(),
  segments: z.array(z.string()),
  activeMeter: z.optional(meterSchema),
  exceededMeter: z.optional(meterSchema),
  offeredMeter: z.optional(meterSchema),
});
export type PaywallDecision = z.infer<typeof paywallDecisionSchema>;

/** The decision plus the anonymous meter id to keep (private: never published to the page). */
export const paywallAuthorizeResultSchema = z.extend(paywallDecisionSchema, {
  meterId: z.optional(z.string()),
});
export type PaywallAuthorizeResult = z.infer<typeof paywallAuthorizeResultSchema>;

/** GET /widgets/templates/{paywall,notifier}: HTML the frame sanitises before showing it. */
export const paywallTemplateSchema = z.object({
  content: z.string(),
  displayOn: z.string(),
  modal: z.boolean(),
});
export type PaywallTemplate = z.infer<typeof paywallTemplateSchema>;

/** GET /disqus/remoteauth: Disqus's `remote_auth_s3` value and when it stops being accepted. */
export const disqusRemoteAuthSchema = z.object({
  token: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type DisqusRemoteAuth = z.infer<typeof disqusRemoteAuthSchema>;

/** Which template the paywall shows for a decision (identity spec §4). */
export function paywallTemplateFor(
  decision: Pick<PaywallDecision, 'result' | 'requireEntitlement'>,
): PaywallTemplateName {
  if (decision.result === 'REQUIRE_LOGIN') return decision.requireEntitlement ? 'both' : 'login';
  return 'entitlement';
}
