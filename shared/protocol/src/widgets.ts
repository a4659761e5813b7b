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
 * The host methods (HostMethods) only some widgets may call. The loader refuses a call from any
 * widget whose row does not grant it; every other host method is open to every frame.
 */
export interface WidgetCapabilities {
  /** `navigate`: send the top window to a redirect URL (the spec's redirect flows). */
  navigate?: boolean;
  /** `open`: the widgets it may open in the modal. */
  open?: readonly WidgetName[];
  /**
   * Of what it opens, the steps of a checkout it runs (purchase spec §4): the modal then closes on
   * the step's own events only.
   */
  checkout?: readonly WidgetName[];
  /** `meter`: keep the paywall's anonymous meter id in the host site's own storage. */
  meter?: boolean;
  /** `postForm` (issue 16, version 1 checkout): post the payment page's form from the host page. */
  postForm?: boolean;
}

/** A checkout runner (purchase spec §4): opens the checkout's steps in the modal. */
const CHECKOUT_RUNNER: WidgetCapabilities = { open: CHECKOUT_STEPS, checkout: CHECKOUT_STEPS };
/** A redirect flow: sends the visitor to the provider's page and back. */
const REDIRECTS: WidgetCapabilities = { navigate: true };
/**
 * The version 1 checkout: opens the login like a runner, then posts the transaction's form to the
 * payment page.
 */
const V1_CHECKOUT_RUNNER: WidgetCapabilities = { ...CHECKOUT_RUNNER, postForm: true };

/** Which widget may call which restricted host method, and open what. */
export const WIDGET_CAPABILITIES: Partial<Record<WidgetName, WidgetCapabilities>> = {
  // paywall
  // It also runs the checkout of the plan chosen in the product selection it offers (handOver);
  // the login it offers is an offer (it closes on login.success), not a checkout step.
  paywall: {
    navigate: true,
    open: [...PAYWALL_OFFERS, ...CHECKOUT_STEPS.filter((step) => !PAYWALL_OFFERS.includes(step))],
    checkout: CHECKOUT_STEPS.filter((step) => !PAYWALL_OFFERS.includes(step)),
    meter: true,
  },
  // Its own copy in the modal (size md), when the attribute or the notifier template asks.
  'paywall-notifier': { meter: true, open: ['paywall-notifier'] },
  // purchase (v2)
  'product-selection': CHECKOUT_RUNNER,
  'product-summary': CHECKOUT_RUNNER,
  'checkout-button': CHECKOUT_RUNNER,
  payment: REDIRECTS,
  'stripe-payment': REDIRECTS,
  'direct-debit-request': REDIRECTS,
  // social sign-in in full-redirect mode (in-app browsers, blocked popups; issue 14)
  login: REDIRECTS,
  registration: REDIRECTS,
  capture: REDIRECTS,
  'social-buttons': REDIRECTS,
  'link-accounts': REDIRECTS,
  // the fresh proof an unlink asks of an account without a password (purpose confirm; issue 24)
  'unlink-accounts': REDIRECTS,
  // version 1 (looked up by the route the frame runs: a `product-summary` element on a version 1
  // page is `v1/product-summary`); the selection and unique product have their own checkout button.
  'v1/product-summary': V1_CHECKOUT_RUNNER,
  'v1/checkout-button': V1_CHECKOUT_RUNNER,
  'v1/product-selection': V1_CHECKOUT_RUNNER,
  'v1/unique-product': V1_CHECKOUT_RUNNER,
};

/** The capabilities of `widget` (none for a widget without a row). */
export const capabilitiesOf = (widget: WidgetName): WidgetCapabilities => WIDGET_CAPABILITIES[widget] ?? {};

/**
 * The accessible title of a widget's frame. English on purpose: it is set by the loader on the
 * host page before the frame (and its translation table) has loaded; the frame's own document
 * title is translated.
 */
export function widgetTitle(name: WidgetName): string {
  const words = name.replace(/^v1\//, '').replace(/-/g, ' ');
  return `Foyer ${words} widget`;
}

/** A tuple of one `Value` per entry of the tuple `Names` (a mapped type over a tuple keeps its length). */
type OnePerName<Names extends readonly unknown[], Value> = { readonly [K in keyof Names]: Value };

/**
 * The height (px) the loader reserves for a widget until its frame reports one, so the host page
 * does not move when the widget appears: for each of WIDGET_NAMES, in its order, [at a phone-width
 * frame, at a desktop-width frame (the same when left out), the part that is the widget's header
 * (left out with data-show-header="false"; HEADER when not given)]. Each widget's first rendered
 * height (logged out, the demo product group), measured by scripts/widget-heights.ts at 358 and
 * 928 px; run it again when a widget's first render changes. A page that knows better gives its
 * own with data-height.
 *
 * A list in the names' order, written short, rather than a record by name: the loader carries it to
 * every host page, and the names again as keys, with every height written out, were 170 bytes of
 * its 5 KB gzip budget. The type holds one row per name.
 */
export const WIDGET_HEIGHTS: OnePerName<
  typeof WIDGET_NAMES,
  readonly [narrow: number, wide?: number, header?: number]
> = [
  [301], // login
  [617], // registration
  [113], // account-activation
  [263, 215], // forgot-password
  [113], // reset-password
  [113], // change-password
  [137, 113], // edit-profile
  [215, 191], // profile
  [617], // capture
  [144, 111], // confirm-identifier
  [135, 111], // social-buttons
  [144, 111], // link-accounts
  [144, 111], // unlink-accounts
  [257, 257, 33], // social-registration
  [257, 257, 33], // link-existing-account
  [111], // edit-social-profile
  // A first view: the meter notifier (the paywall itself shows after the free views).
  [84, 60, 0], // paywall
  [84, 60, 0], // paywall-notifier
  [2101, 867], // product-selection
  [836], // product-profile
  [131], // product-summary
  [50, 50, 0], // checkout-button
  [139], // payment-type-selector
  [113], // payment
  [113], // stripe-payment
  [113], // mercado-payment
  [113], // manual-payment
  [95], // direct-debit-request
  [113], // direct-debit-complete
  // Account area: logged out they show the header and one line.
  [89], // purchases-list
  [89], // grant-invitations
  [89], // cancel-subscription
  // Version 1 basket widgets (issue 16), measured: the summary empty, unique-product without its
  // query, product-item and single-product-selection showing demo-digital.
  [2101, 839], // v1/product-selection
  [209], // v1/product-item
  [89], // v1/product-summary
  [50, 50, 0], // v1/checkout-button
  [89], // v1/unique-product
  [592], // v1/single-product-selection
  [89], // v1/subscriptions-list
  [89], // v1/grant
  [89], // v1/invitations-list
];

/** The usual widget header's height (px): a heading and its margin. */
const HEADER = 45;

/** For a name the loader does not know (reservedHeight is given only known ones): about one short form. */
const DEFAULT_HEIGHT = 150;

/** Frames narrower than this get the phone layout (the widgets' first CSS breakpoint). */
export const NARROW_FRAME = 576;

/** The height to reserve for `name` in a frame `width` px wide. */
export function reservedHeight(name: WidgetName, width: number, showHeader = true): number {
  const [narrow, wide = narrow, header = HEADER] = WIDGET_HEIGHTS[WIDGET_NAMES.indexOf(name)] ?? [
    DEFAULT_HEIGHT,
    DEFAULT_HEIGHT,
    0,
  ];
  return (width < NARROW_FRAME ? narrow : wide) - (showHeader ? 0 : header);
}
