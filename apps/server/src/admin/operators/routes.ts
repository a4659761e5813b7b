/** The admin API's operators and their console sessions (issue 28). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export async function operatorRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
