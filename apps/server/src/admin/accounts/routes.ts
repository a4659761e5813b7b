/** The admin API's accounts: search, detail, lock, sessions, mails, export and erase (issue 28). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export async function accountRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
