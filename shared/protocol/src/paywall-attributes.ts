/**
 * Attribute and event schemas of the paywall widgets (identity spec §2 "Paywall", "Paywall
 * notifier"; §3 "Paywall authorize event"). Loaded lazily with those widgets
 * (apps/frame/src/app/routes.ts), like the other non-login schemas.
 */
import * as z from 'zod/mini';
import { commonAttributes, flagAttribute, listAttribute, textAttribute } from './attribute-helpers';
import { purchaseEventPayloadSchemas } from './purchase-event-schemas';

const label = /^[\w.:-]{1,100}$/;
/** What the page declares about itself: segments match on these. */
const pageAttributes = {
  /** Which article this is, when one address shows several (`?story=12`); the address alone otherwise. */
  articleId: z.optional(z.string().check(z.regex(label))),
  section: z.optional(z.string().check(z.regex(label))),
  tags: listAttribute(),
};

export const paywallAttributesSchema = z.strictObject({
  ...commonAttributes,
  ...pageAttributes,
  /** Show the paywall in the modal (size lg) instead of in place; default: as the template says. */
  modal: z.optional(z.stringbool()),
  /** Where closing the modal paywall sends the visitor (a path on the page's site). */
  redirectPath: z._default(z.string().check(z.regex(/^\/(?!\/)[^\s]{0,500}$/)), '/'),
  /** The product group the paywall offers. */
  groupName: textAttribute(),
  /** While access is allowed, show the meter (the notifier) in the paywall's place. */
  showNotifier: flagAttribute(true),
});
export type PaywallAttributes = z.infer<typeof paywallAttributesSchema>;

export const paywallNotifierAttributesSchema = z.strictObject({
  ...commonAttributes,
  ...pageAttributes,
  /** Show the meter in the modal notifier (size md) instead of in place; default: as the template says. */
  modal: z.optional(z.stringbool()),
});
export type PaywallNotifierAttributes = z.infer<typeof paywallNotifierAttributesSchema>;

export const paywallAttributeSchemas = {
  paywall: paywallAttributesSchema,
  'paywall-notifier': paywallNotifierAttributesSchema,
};

const count = z.number().check(z.int(), z.minimum(0));
const meter = z.strictObject({ count, max: count });

export const paywallEventPayloadSchemas = {
  /**
   * The authorize decision for this page view, so the page can hide the article body. Never the
   * visitor's meter id.
   */
  'paywall.authorized': z.strictObject({
    result: z.enum(['ALLOW_ACCESS', 'REQUIRE_LOGIN', 'REQUIRE_ENTITLEMENT']),
    requireEntitlement: z.boolean(),
    segments: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)),
    activeMeter: z.optional(meter),
    exceededMeter: z.optional(meter),
    offeredMeter: z.optional(meter),
  }),
  /** The paywall is shown, with this template. */
  'paywall.shown': z.strictObject({ template: z.enum(['both', 'login', 'entitlement']), modal: z.boolean() }),
  'paywallNotifier.shown': z.strictObject({ count, max: count }),
  // The paywall runs the checkout of the plan chosen in the product selection it opened: it
  // follows (and publishes) the purchase journey's events.
  ...purchaseEventPayloadSchemas,
};
