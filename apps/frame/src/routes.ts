/**
 * The route table: widget name → its attribute schema and its lazily loaded component, one chunk
 * per widget, so the login route never downloads another widget's code. A plain table and a path
 * switch instead of react-router: the frame has one route per document and no in-frame
 * navigation, and react-router-dom would add ~15 KB gzip to a route with a 100 KB budget.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type * as z from 'zod/mini';
import { loginAttributesSchema, profileAttributesSchema } from '@foyer/protocol';

export interface WidgetProps<A> {
  attributes: A;
}

type AttributeSchema = z.ZodMiniType<Record<string, unknown>, unknown>;

export interface WidgetRoute {
  /** The widget's attribute schema; loaded with the widget except for login and profile. */
  schema(): Promise<AttributeSchema>;
  Component: LazyExoticComponent<ComponentType<WidgetProps<Record<string, unknown>>>>;
  /** Starts downloading the chunk (while the handshake with the host is still running). */
  preload(): void;
}

function route<A extends Record<string, unknown>>(
  schema: z.ZodMiniType<A, unknown> | (() => Promise<z.ZodMiniType<A, unknown>>),
  load: () => Promise<{ default: ComponentType<WidgetProps<A>> }>,
): WidgetRoute {
  return {
    schema: () => Promise.resolve(typeof schema === 'function' ? schema() : schema) as Promise<AttributeSchema>,
    // The schema parsed the attributes the component receives: the erased type is safe here.
    Component: lazy(load) as unknown as WidgetRoute['Component'],
    preload: () => void load().catch(() => {}),
  };
}

/** The other widgets' attribute schemas: one small chunk, never on the login route. */
const attributes = () => import('@foyer/protocol/attributes');

export const WIDGET_ROUTES: Readonly<Record<string, WidgetRoute>> = {
  login: route(loginAttributesSchema, () => import('./widgets/login')),
  profile: route(profileAttributesSchema, () => import('./widgets/profile')),
  registration: route(
    () => attributes().then((m) => m.registrationAttributesSchema),
    () => import('./widgets/registration'),
  ),
  'edit-profile': route(
    () => attributes().then((m) => m.editProfileAttributesSchema),
    () => import('./widgets/edit-profile'),
  ),
  capture: route(
    () => attributes().then((m) => m.captureAttributesSchema),
    () => import('./widgets/capture'),
  ),
  'account-activation': route(
    () => attributes().then((m) => m.accountActivationAttributesSchema),
    () => import('./widgets/account-activation'),
  ),
  'forgot-password': route(
    () => attributes().then((m) => m.forgotPasswordAttributesSchema),
    () => import('./widgets/forgot-password'),
  ),
  'reset-password': route(
    () => attributes().then((m) => m.resetPasswordAttributesSchema),
    () => import('./widgets/reset-password'),
  ),
  'change-password': route(
    () => attributes().then((m) => m.changePasswordAttributesSchema),
    () => import('./widgets/change-password'),
  ),
  // Purchase (v2). The checkout runners share widgets/_checkout; the payment routes share _payment.
  'product-selection': route(
    () => attributes().then((m) => m.productSelectionAttributesSchema),
    () => import('./widgets/product-selection'),
  ),
  'product-profile': route(
    () => attributes().then((m) => m.productProfileAttributesSchema),
    () => import('./widgets/product-profile'),
  ),
  'product-summary': route(
    () => attributes().then((m) => m.productSummaryAttributesSchema),
    () => import('./widgets/product-summary'),
  ),
  'checkout-button': route(
    () => attributes().then((m) => m.checkoutButtonAttributesSchema),
    () => import('./widgets/checkout-button'),
  ),
  'payment-type-selector': route(
    () => attributes().then((m) => m.paymentTypeSelectorAttributesSchema),
    () => import('./widgets/payment-type-selector'),
  ),
  payment: route(
    () => attributes().then((m) => m.paymentAttributesSchema),
    () => import('./widgets/payment'),
  ),
  'stripe-payment': route(
    () => attributes().then((m) => m.paymentAttributesSchema),
    () => import('./widgets/stripe-payment'),
  ),
  'mercado-payment': route(
    () => attributes().then((m) => m.paymentAttributesSchema),
    () => import('./widgets/mercado-payment'),
  ),
  'manual-payment': route(
    () => attributes().then((m) => m.paymentAttributesSchema),
    () => import('./widgets/manual-payment'),
  ),
  'direct-debit-request': route(
    () => attributes().then((m) => m.directDebitRequestAttributesSchema),
    () => import('./widgets/direct-debit-request'),
  ),
  'direct-debit-complete': route(
    () => attributes().then((m) => m.directDebitCompleteAttributesSchema),
    () => import('./widgets/direct-debit-complete'),
  ),
};

export function findRoute(widget: string): WidgetRoute | null {
  return Object.prototype.hasOwnProperty.call(WIDGET_ROUTES, widget) ? (WIDGET_ROUTES[widget] ?? null) : null;
}
