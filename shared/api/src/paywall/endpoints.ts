/** The paywall calls (identity spec §7): authorize a page view, its templates, the Disqus bridge. */
import type * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import {
  disqusRemoteAuthSchema,
  paywallAuthorizeResultSchema,
  paywallAuthorizeSchema,
  paywallTemplateSchema,
} from './schemas';

/** Counts the page view on the visitor's meter (idempotent for a reload) and answers the decision. */
export const authorizePaywall = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof paywallAuthorizeSchema>,
  z.infer<typeof paywallAuthorizeResultSchema>
>('POST', '/paywall/authorize', paywallAuthorizeSchema, paywallAuthorizeResultSchema);
/** Query displayOn (both, login, entitlement), segments (comma-separated) and the page's locale (optional). */
export const getPaywallTemplate = /* @__PURE__ */ endpoint<
  Record<string, never>,
  never,
  z.infer<typeof paywallTemplateSchema>
>('GET', '/widgets/templates/paywall', null, paywallTemplateSchema);
/** Query count, total, segments and the page's locale (optional). */
export const getNotifierTemplate = /* @__PURE__ */ endpoint<
  Record<string, never>,
  never,
  z.infer<typeof paywallTemplateSchema>
>('GET', '/widgets/templates/notifier', null, paywallTemplateSchema);
/** Query site, session, name, email. */
export const getDisqusRemoteAuth = /* @__PURE__ */ endpoint<
  Record<string, never>,
  never,
  z.infer<typeof disqusRemoteAuthSchema>
>('GET', '/disqus/remoteauth', null, disqusRemoteAuthSchema);
