/** GET /admin/api/figures: the console's dashboard (figures.ts), for `figures:read`. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { ADMIN_API_PREFIX, figuresQuerySchema } from '@foyer/api/admin';
import { permitted } from '../principal';
import { parseQuery } from '../validation';
import { computeFigures } from './figures';

export async function figureRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  api.get(`${ADMIN_API_PREFIX}/figures`, async (request, reply) => {
    if (!permitted(request, reply, 'figures:read')) return reply;
    const query = parseQuery(figuresQuerySchema, request, reply);
    if (!query) return reply;
    return computeFigures(deps.db, { days: query.days ?? 30, service: query.service }, deps.now());
  });
}
