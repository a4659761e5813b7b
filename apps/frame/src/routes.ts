/**
 * The route table: widget name → its attribute schema and its lazily loaded component, one chunk
 * per widget, so the login route never downloads another widget's code. A plain table and a path
 * switch instead of react-router: the frame has one route per document and no in-frame
 * navigation, and react-router-dom would add ~15 KB gzip to a route with a 100 KB budget.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type * as z from 'zod/mini';
import { widgetAttributeSchemas } from '@foyer/protocol';

export interface WidgetProps<A> {
  attributes: A;
}

export interface WidgetRoute {
  schema: z.ZodMiniType<Record<string, unknown>, unknown>;
  Component: LazyExoticComponent<ComponentType<WidgetProps<Record<string, unknown>>>>;
  /** Starts downloading the chunk (while the handshake with the host is still running). */
  preload(): void;
}

function route<A extends Record<string, unknown>>(
  schema: z.ZodMiniType<A, unknown>,
  load: () => Promise<{ default: ComponentType<WidgetProps<A>> }>,
): WidgetRoute {
  return {
    schema,
    // The schema parsed the attributes the component receives: the erased type is safe here.
    Component: lazy(load) as unknown as WidgetRoute['Component'],
    preload: () => void load().catch(() => {}),
  };
}

export const WIDGET_ROUTES: Readonly<Record<string, WidgetRoute>> = {
  login: route(widgetAttributeSchemas.login, () => import('./widgets/login')),
  profile: route(widgetAttributeSchemas.profile, () => import('./widgets/profile')),
  registration: route(widgetAttributeSchemas.registration, () => import('./widgets/registration')),
  'edit-profile': route(widgetAttributeSchemas['edit-profile'], () => import('./widgets/edit-profile')),
  capture: route(widgetAttributeSchemas.capture, () => import('./widgets/capture')),
  'account-activation': route(
    widgetAttributeSchemas['account-activation'],
    () => import('./widgets/account-activation'),
  ),
  'forgot-password': route(widgetAttributeSchemas['forgot-password'], () => import('./widgets/forgot-password')),
  'reset-password': route(widgetAttributeSchemas['reset-password'], () => import('./widgets/reset-password')),
  'change-password': route(widgetAttributeSchemas['change-password'], () => import('./widgets/change-password')),
};

export function findRoute(widget: string): WidgetRoute | null {
  return Object.prototype.hasOwnProperty.call(WIDGET_ROUTES, widget) ? (WIDGET_ROUTES[widget] ?? null) : null;
}
