/**
 * The route table: widget name → its attribute schema and its lazily loaded component, one chunk
 * per widget, so the login route never downloads another widget's code. App.tsx turns it into
 * react-router routes; startFrame uses it to fetch the widget's chunk and schema while the
 * handshake with the host runs.
 */
import type { ComponentType } from 'react';
import type * as z from 'zod/mini';
import { loginAttributesSchema, profileAttributesSchema, registerEventSchemas } from '@foyer/protocol';

import type { WidgetProps } from './widgetProps';
import { lazyWidget, type LazyWidget } from './lazyWidget';
import { loginWidget } from './loginWidget';

type AttributeSchema = z.ZodMiniType<Record<string, unknown>, unknown>;

export interface WidgetRoute {
  /** The widget's attribute schema; loaded with the widget except for login and profile. */
  schema(): Promise<AttributeSchema>;
  Component: ComponentType<WidgetProps<Record<string, unknown>>>;
  /**
   * Starts downloading the chunk (while the handshake with the host is still running); resolves
   * once it is there (its texts registered), also when it failed (the page shows that).
   */
  preload(): Promise<void>;
}

function route<A extends Record<string, unknown>>(
  schema: z.ZodMiniType<A, unknown> | (() => Promise<z.ZodMiniType<A, unknown>>),
  load: (() => Promise<{ default: ComponentType<WidgetProps<A>> }>) | LazyWidget<WidgetProps<A>>,
): WidgetRoute {
  const widget = typeof load === 'function' ? lazyWidget(load) : load;
  return {
    schema: () => Promise.resolve(typeof schema === 'function' ? schema() : schema) as Promise<AttributeSchema>,
    // The schema parsed the attributes the component receives: the erased type is safe here.
    Component: widget.Component as unknown as WidgetRoute['Component'],
    preload: widget.preload,
  };
}

type AnySchema = z.ZodMiniType<Record<string, unknown>>;
type WidgetModule = { default: ComponentType<WidgetProps<never>> };

/**
 * The lazily loaded widgets' attribute and event schemas: one small chunk for the identity
 * widgets and one for the purchase widgets, never on the login route. A widget's events become
 * known (publishable, receivable) when its chunk arrives.
 */
const identitySchemas = () =>
  import('@foyer/protocol/attributes').then((module) => {
    registerEventSchemas(module.identityEventPayloadSchemas);
    return module.widgetAttributeSchemas as Record<string, AnySchema>;
  });
const socialSchemas = () =>
  import('@foyer/protocol/social-attributes').then((module) => {
    registerEventSchemas(module.socialEventPayloadSchemas);
    return module.socialWidgetAttributeSchemas as Record<string, AnySchema>;
  });
const purchaseSchemas = () =>
  import('@foyer/protocol/purchase-attributes').then((module) => {
    registerEventSchemas(module.purchaseEventPayloadSchemas);
    return module.purchaseAttributeSchemas as Record<string, AnySchema>;
  });

/**
 * The widgets whose attribute schema comes from one of those chunks, by the same name. One line
 * each: every entry of this table is on the login route's budget.
 */
const IDENTITY_WIDGETS: Record<string, () => Promise<WidgetModule>> = {
  registration: () => import('../widgets/registration'),
  'edit-profile': () => import('../widgets/edit-profile'),
  capture: () => import('../widgets/capture'),
  'account-activation': () => import('../widgets/account-activation'),
  'forgot-password': () => import('../widgets/forgot-password'),
  'reset-password': () => import('../widgets/reset-password'),
  'change-password': () => import('../widgets/change-password'),
  'confirm-identifier': () => import('../widgets/confirm-identifier'),
};

/** Social sign-in (issue 14); their schemas come with the social-attributes chunk. */
const SOCIAL_WIDGETS: Record<string, () => Promise<WidgetModule>> = {
  'social-buttons': () => import('../widgets/social-buttons'),
  'link-accounts': () => import('../widgets/link-accounts'),
  'unlink-accounts': () => import('../widgets/unlink-accounts'),
  'social-registration': () => import('../widgets/social-registration'),
  'link-existing-account': () => import('../widgets/link-existing-account'),
  'edit-social-profile': () => import('../widgets/edit-social-profile'),
};

/** Purchase (v2). The checkout runners share features/checkout; the payment routes share features/payments. */
const PURCHASE_WIDGETS: Record<string, () => Promise<WidgetModule>> = {
  'product-selection': () => import('../widgets/product-selection'),
  'product-profile': () => import('../widgets/product-profile'),
  'product-summary': () => import('../widgets/product-summary'),
  'checkout-button': () => import('../widgets/checkout-button'),
  'payment-type-selector': () => import('../widgets/payment-type-selector'),
  payment: () => import('../widgets/payment'),
  'stripe-payment': () => import('../widgets/stripe-payment'),
  'mercado-payment': () => import('../widgets/mercado-payment'),
  'manual-payment': () => import('../widgets/manual-payment'),
  'direct-debit-request': () => import('../widgets/direct-debit-request'),
  'direct-debit-complete': () => import('../widgets/direct-debit-complete'),
  'purchases-list': () => import('../widgets/purchases-list'),
  'grant-invitations': () => import('../widgets/grant-invitations'),
  'cancel-subscription': () => import('../widgets/cancel-subscription'),
  'v1/subscriptions-list': () => import('../widgets/subscriptions-list'),
  'v1/grant': () => import('../widgets/v1/grant'),
  'v1/invitations-list': () => import('../widgets/v1/invitations-list'),
  'v1/product-selection': () => import('../widgets/v1/product-selection'),
  'v1/product-item': () => import('../widgets/v1/product-item'),
  'v1/product-summary': () => import('../widgets/v1/product-summary'),
  'v1/checkout-button': () => import('../widgets/v1/checkout-button'),
  'v1/unique-product': () => import('../widgets/v1/unique-product'),
  'v1/single-product-selection': () => import('../widgets/v1/single-product-selection'),
};

/** The metered paywall (issue 15): its own schema chunk. */
const paywallSchemas = () =>
  import('@foyer/protocol/paywall-attributes').then((module) => {
    registerEventSchemas(module.paywallEventPayloadSchemas);
    return module.paywallAttributeSchemas as Record<string, AnySchema>;
  });
const PAYWALL_WIDGETS: Record<string, () => Promise<WidgetModule>> = {
  paywall: () => import('../widgets/paywall'),
  'paywall-notifier': () => import('../widgets/paywall-notifier'),
};

function lazyRoutes(
  widgets: Record<string, () => Promise<WidgetModule>>,
  schemas: () => Promise<Record<string, AnySchema>>,
): Record<string, WidgetRoute> {
  return Object.fromEntries(
    Object.entries(widgets).map(([name, load]) => [
      name,
      route(
        () => schemas().then((table) => table[name]!),
        load as () => Promise<{ default: ComponentType<WidgetProps<Record<string, unknown>>> }>,
      ),
    ]),
  );
}

export const WIDGET_ROUTES: Readonly<Record<string, WidgetRoute>> = {
  login: route(loginAttributesSchema, loginWidget),
  profile: route(profileAttributesSchema, () => import('../widgets/profile')),
  ...lazyRoutes(IDENTITY_WIDGETS, identitySchemas),
  ...lazyRoutes(SOCIAL_WIDGETS, socialSchemas),
  ...lazyRoutes(PURCHASE_WIDGETS, purchaseSchemas),
  ...lazyRoutes(PAYWALL_WIDGETS, paywallSchemas),
};

/** The URL path of a widget's route (`v1/<name>` for version 1 widgets). */
export function widgetPath(name: string): string {
  return `/w/${name}`;
}

export function findRoute(widget: string): WidgetRoute | null {
  return Object.prototype.hasOwnProperty.call(WIDGET_ROUTES, widget) ? (WIDGET_ROUTES[widget] ?? null) : null;
}
