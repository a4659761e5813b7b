/** The admin API's orders, payments, refunds and subscriptions (issue 28). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export async function orderRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
