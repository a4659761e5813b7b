/**
 * The reference widget service (purchase spec §7): catalogue, profile, orders and payments under
 * `/widget`, mounted by app.ts under `/pm/api` (the default pmDomain).
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../account/routes';
import type { AppDeps } from '../deps';
import { operatorRenewalRoutes, subscriptionPaymentRoutes } from '../billing/routes';
import { olderServiceRoutes } from '../older-service/routes';
import { attemptOwner } from './payments';
import { providersFromEnv } from './providers';
import type { PaymentProviders } from './providers/types';
import { catalogueRoutes } from './routes/catalogue';
import { directDebitRoutes } from './routes/direct-debit';
import { orderRoutes } from './routes/orders';
import { paymentRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';

export type { CatalogueConfig } from './catalogue';
export { seedCatalogue } from './catalogue';

export interface WidgetOptions {
  /** Where the identity API is mounted; the purchase login is answered by its login. */
  identityPrefix: string;
  /** Default: from the environment (see providers/index.ts). */
  providers?: PaymentProviders;
}

export function widgetRoutes(app: FastifyInstance, deps: AppDeps, options: WidgetOptions): void {
  const providers = options.providers ?? providersFromEnv(process.env, { now: deps.now });
  catalogueRoutes(app, deps);
  profileRoutes(app, deps, options.identityPrefix);
  orderRoutes(app, deps, providers);
  // This server's payment attempts: a PENDING attempt of another owner is looked up at the provider.
  const owner = attemptOwner();
  paymentRoutes(app, deps, providers, owner);
  directDebitRoutes(app, deps, providers, owner);
  accountRoutes(app, deps);
  subscriptionPaymentRoutes(app, deps, providers);
  operatorRenewalRoutes(app, deps);
  olderServiceRoutes(app, deps);
}
