/**
 * Widget names: one name per widget, used in `data-widget`, `data-foyer-widget`, `Foyer.open()`
 * and the frame route `/w/<name>` (see shared/design/ARCHITECTURE.md, "Widget names").
 * This module is dependency-free so the loader can import it without pulling in zod.
 */
export const WIDGET_NAMES = [
  // identity
  'login',
  'registration',
  'account-activation',
  'forgot-password',
  'reset-password',
  'change-password',
  'edit-profile',
  'profile',
  'capture',
  // social
  'social-buttons',
  'link-accounts',
  'unlink-accounts',
  'social-registration',
  'link-existing-account',
  'edit-social-profile',
  // paywall
  'paywall',
  'paywall-notifier',
  // purchase (v2)
  'product-selection',
  'product-profile',
  'product-summary',
  'checkout-button',
  'payment-type-selector',
  'payment',
  'stripe-payment',
  'mercado-payment',
  'manual-payment',
  'direct-debit-request',
  'direct-debit-complete',
  // account
  'purchases-list',
  'grant-invitations',
  'cancel-subscription',
  // version 1
  'v1/product-selection',
  'v1/product-item',
  'v1/product-summary',
  'v1/checkout-button',
  'v1/unique-product',
  'v1/single-product-selection',
  'v1/subscriptions-list',
  'v1/grant',
  'v1/invitations-list',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

export function isWidgetName(value: unknown): value is WidgetName {
  return typeof value === 'string' && (WIDGET_NAMES as readonly string[]).includes(value);
}

/** Purchase widgets that have a version 1 route; the loader maps them when `version: 1`. */
const V1_ROUTES: Partial<Record<WidgetName, WidgetName>> = {
  'product-selection': 'v1/product-selection',
  'product-summary': 'v1/product-summary',
  'checkout-button': 'v1/checkout-button',
  'purchases-list': 'v1/subscriptions-list',
  'grant-invitations': 'v1/invitations-list',
};

/** The frame route of a widget for the product-manager version the page configured. */
export function widgetRoute(name: WidgetName, version: number | undefined): WidgetName {
  return (version === 1 && V1_ROUTES[name]) || name;
}

/**
 * Widgets the spec lets ask the host page to navigate its top window (redirect flows).
 * Every other widget's navigation request is refused by the loader.
 */
export const REDIRECTING_WIDGETS: readonly WidgetName[] = [
  'paywall',
  'payment',
  'stripe-payment',
  'direct-debit-request',
];

/**
 * The checkout (purchase spec §4) runs in these widgets' frames and may ask the loader to open
 * its next step in the modal (HostMethods.open); any other frame's request is refused.
 */
export const CHECKOUT_RUNNERS: readonly WidgetName[] = ['product-selection', 'product-summary', 'checkout-button'];

/** The steps a checkout runner may open in the modal. */
export const CHECKOUT_STEPS: readonly WidgetName[] = [
  'login',
  'product-profile',
  'product-summary',
  'payment',
  'direct-debit-request',
];

/**
 * The accessible title of a widget's frame. English on purpose: it is set by the loader on the
 * host page before the frame (and its translation table) has loaded; the frame's own document
 * title is translated.
 */
export function widgetTitle(name: WidgetName): string {
  const words = name.replace(/^v1\//, '').replace(/-/g, ' ');
  return `Foyer ${words} widget`;
}
