/**
 * GET /admin/api/webhooks/deliveries(/:id) and POST …/:id/resend (issue 28): the site's webhook
 * deliveries with their tries, and "send again" (store.ts), audited.
 */
import { catalogueError } from '@foyer/api';
import { ADMIN_API_PREFIX, deliveryListQuerySchema } from '@foyer/api/admin';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { sendError } from '../../http/errors';
import { recordAudit } from '../audit';
import { auditContext, permitted } from '../principal';
import { parseQuery } from '../validation';
import { findDelivery, listDeliveries, resendDelivery } from './store';

const BASE = `${ADMIN_API_PREFIX}/webhooks/deliveries`;

export async function deliveryRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  api.get(BASE, async (request, reply) => {
    if (!permitted(request, reply, 'webhooks:read')) return reply;
    const query = parseQuery(deliveryListQuerySchema, request, reply);
    if (!query) return reply;
    return listDeliveries(deps.db, { ...query, limit: query.limit ?? 25 });
  });

  api.get<{ Params: { id: string } }>(`${BASE}/:id`, async (request, reply) => {
    if (!permitted(request, reply, 'webhooks:read')) return reply;
    return (await findDelivery(deps.db, request.params.id)) ?? sendError(reply, catalogueError('NOT_FOUND'));
  });

  api.post<{ Params: { id: string } }>(`${BASE}/:id/resend`, async (request, reply) => {
    if (!permitted(request, reply, 'webhooks:write')) return reply;
    const { id } = request.params;
    const now = deps.now();
    const before = await deps.db.transaction(async (tx) => {
      const status = await resendDelivery(tx, id, now);
      if (status !== null)
        await recordAudit(
          tx,
          {
            ...auditContext(request),
            action: 'webhook.resend',
            target: `delivery:${id}`,
            before: { status },
            after: { status: 'pending' },
          },
          now,
        );
      return status;
    });
    if (before === null) return sendError(reply, catalogueError('NOT_FOUND'));
    return findDelivery(deps.db, id);
  });
}
