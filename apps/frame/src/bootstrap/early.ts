/**
 * Rendering before the handshake (issue 9). For the routes of EARLY_CONTEXT_WIDGETS the loader
 * puts in the frame URL's fragment what it will answer to `getContext`, less the host page's
 * address and query (protocol page.ts). The frame renders from it while penpal's handshake runs,
 * so an embedded widget's first field does not wait for four cross-process messages.
 *
 * What keeps this safe:
 * - The page that may set the fragment is the page that embeds the frame, which frame-ancestors
 *   already limits to the service's allowed origins, and which may send the same values by the
 *   handshake. The fragment is checked with the same schemas as the handshake's context.
 * - The frame acts only once the handshake's context confirmed the early one: every call but a
 *   read waits for it (`untilConfirmed`), so does the SSO cookie and seamless sign-in (start.ts),
 *   and the host methods wait for the connection (host.ts).
 *   A refused host never gets it: the frame then shows ORIGIN_NOT_ALLOWED instead of the form.
 * - A context that differs from the early one is applied in its place (`confirms`), so the
 *   handshake's word is the last one.
 */
import { earlyContextSchema, widgetRoute, CONTEXT_PARAM, type EarlyContext, type WidgetName } from '@foyer/protocol';
import type { RawContext } from './context';

/** The route's early context from the frame URL's fragment; null when absent, foreign or malformed. */
export function readEarlyContext(hash: string, route: string): EarlyContext | null {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get(CONTEXT_PARAM);
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = earlyContextSchema.safeParse(json);
  if (!parsed.success || !sameRoute(parsed.data.widget, route)) return null;
  return parsed.data;
}

/** A context's widget names this route (a version 1 page names `product-summary` for `v1/product-summary`). */
export function sameRoute(widget: string, route: string): boolean {
  return widget === route || widgetRoute(widget as WidgetName, 1) === route;
}

/** The context the frame renders from until the handshake: no host address, and only its serviceName. */
export function earlyRawContext(early: EarlyContext): RawContext {
  return {
    attributes: early.attributes,
    settings: early.settings,
    query: early.serviceName ? { serviceName: early.serviceName } : {},
    inModal: early.inModal,
  };
}

/** True when the handshake's context says what the early one said (the host's address aside). */
export function confirms(early: EarlyContext, context: RawContext & { widget: string }): boolean {
  return (
    early.widget === context.widget &&
    early.inModal === context.inModal &&
    (early.serviceName ?? '') === (context.query.serviceName ?? '') &&
    JSON.stringify(early.attributes) === JSON.stringify(context.attributes) &&
    JSON.stringify(early.settings) === JSON.stringify(context.settings)
  );
}

/** `fetch`, where every request but a GET waits for `confirmed` (reads may start before). */
export function untilConfirmed(fetch: typeof globalThis.fetch, confirmed: Promise<unknown>): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') await confirmed;
    return fetch(input, init);
  };
}
