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
  'confirm-identifier',
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

/**
 * What the paywall may open in the modal (identity spec §2): itself (modal display, size lg), and
 * the login, registration and product selection it offers.
 */
export const PAYWALL_OFFERS: readonly WidgetName[] = ['paywall', 'login', 'registration', 'product-selection'];

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

/**
 * The height (px) the loader reserves for a widget until its frame reports one, so the host page
 * does not move when the widget appears: [at a phone-width frame, at a desktop-width frame, the
 * part that is the widget's header (left out with data-show-header="false")]. Each widget's first
 * rendered height (logged out, the demo product group), measured by scripts/widget-heights.ts at
 * 358 and 928 px; run it again when a widget's first render changes. A page that knows better
 * gives its own with data-height.
 */
export const WIDGET_HEIGHTS: Partial<Record<WidgetName, readonly [narrow: number, wide: number, header?: number]>> = {
  login: [301, 301, 45],
  registration: [617, 617, 45],
  'account-activation': [113, 113, 45],
  'forgot-password': [263, 215, 45],
  'reset-password': [113, 113, 45],
  'change-password': [113, 113, 45],
  'edit-profile': [137, 113, 45],
  profile: [215, 191, 45],
  capture: [617, 617, 45],
  'confirm-identifier': [113, 113, 45],
  'social-buttons': [120, 120, 45],
  'link-accounts': [200, 200, 45],
  'unlink-accounts': [160, 160, 45],
  'social-registration': [180, 180, 45],
  'link-existing-account': [180, 180, 45],
  'product-selection': [2101, 867, 45],
  'product-profile': [836, 836, 45],
  'product-summary': [131, 131, 45],
  'checkout-button': [50, 50],
  'payment-type-selector': [134, 134, 45],
  payment: [113, 113, 45],
  'stripe-payment': [113, 113, 45],
  'mercado-payment': [113, 113, 45],
  'manual-payment': [113, 113, 45],
  'direct-debit-request': [95, 95, 45],
  'direct-debit-complete': [113, 113, 45],
  // Account area: logged out they show the header and one line (not measured by the script yet).
  'purchases-list': [113, 113, 45],
  'grant-invitations': [113, 113, 45],
  'cancel-subscription': [113, 113, 45],
  'v1/subscriptions-list': [113, 113, 45],
  // Version 1 basket widgets (issue 16): their v2 counterparts' first renders until the script measures them.
  'v1/product-selection': [2101, 867, 45],
  'v1/product-item': [113, 113, 45],
  'v1/product-summary': [131, 131, 45],
  'v1/checkout-button': [50, 50],
  'v1/unique-product': [113, 113, 45],
  'v1/single-product-selection': [113, 113, 45],
  // A first view: the meter notifier (the paywall itself shows after the free views).
  paywall: [84, 60],
  'paywall-notifier': [84, 60],
};

/** For a widget not in WIDGET_HEIGHTS: about one short form. */
const DEFAULT_HEIGHT = 150;

/** Frames narrower than this get the phone layout (the widgets' first CSS breakpoint). */
export const NARROW_FRAME = 576;

/** The height to reserve for `name` in a frame `width` px wide. */
export function reservedHeight(name: WidgetName, width: number, showHeader = true): number {
  const [narrow, wide, header = 0] = WIDGET_HEIGHTS[name] ?? [DEFAULT_HEIGHT, DEFAULT_HEIGHT];
  return (width < NARROW_FRAME ? narrow : wide) - (showHeader ? 0 : header);
}
