/** The console's routes, under the basename /admin (the server answers each with the console's page). */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireSession } from './layout/RequireSession';
import { Shell } from './layout/Shell';
import { AccountPage } from './pages/AccountPage';
import { AccountsPage } from './pages/AccountsPage';
import { AuditPage } from './pages/AuditPage';
import { ConfigurationPage } from './pages/ConfigurationPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OperatorsPage } from './pages/OperatorsPage';
import { OrderPage } from './pages/OrderPage';
import { OrdersPage } from './pages/OrdersPage';
import { SubscriptionsPage } from './pages/SubscriptionsPage';
import { WebhooksPage } from './pages/WebhooksPage';

export const BASENAME = '/admin';

/** The dashboard and its chart library load when it is opened, not with every page. */
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((module) => ({ default: module.DashboardPage })));

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'accounts', element: <AccountsPage /> },
          { path: 'accounts/:guid', element: <AccountPage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:id', element: <OrderPage /> },
          { path: 'subscriptions', element: <SubscriptionsPage /> },
          {
            path: 'dashboard',
            element: (
              <Suspense fallback={<p role="status">Loading the dashboard…</p>}>
                <DashboardPage />
              </Suspense>
            ),
          },
          { path: 'configuration', element: <ConfigurationPage /> },
          { path: 'webhooks', element: <WebhooksPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'operators', element: <OperatorsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
