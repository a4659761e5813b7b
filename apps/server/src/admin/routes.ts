/**
 * The admin API (issue 27) under /admin/api on the widgets origin: the site owner's configuration
 * read and written at run time, and (issue 28) the console's people and money — by API keys with
 * scopes (admin/keys.ts) or operators signed in to the console (admin/operators/: a cookie, and a
 * CSRF token on writes). Never a frame's or a visitor's call: a frame token is refused, a visitor
 * session is neither. Every write is applied in
 * one transaction with its audit row (site-config/apply.ts); this instance's read cache is
 * cleared at once, others' within READ_CACHE_TTL_MS.
 */
import { catalogueError, FRAME_TOKEN_HEADER } from '@foyer/api';
import { auditQuerySchema, CSRF_HEADER, ROLE_PERMISSIONS } from '@foyer/api/admin';
import { InvalidConfig, parseSiteConfig } from '@foyer/api/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { sendError } from '../http/errors';
import { applyConfig } from '../site-config/apply';
import { exportConfig } from '../site-config/export';
import { auditCsv, readAudit } from './audit';
import { accountRoutes } from './accounts/routes';
import { deliveryRoutes } from './deliveries/routes';
import { figureRoutes } from './figures/routes';
import { authenticateKey } from './keys';
import { operatorRoutes } from './operators/routes';
import { csrfMatches, operatorCookieOf, useOperatorSession } from './operators/sessions';
import { orderRoutes } from './orders/routes';
import { adminOpenApi } from './openapi';
import { auditContext, permitted } from './principal';
import { parseQuery } from './validation';

export const ADMIN_PREFIX = '/admin/api';
/** A whole configuration with its templates is larger than the widgets API's 64 KB bodies. */
const CONFIG_BODY_LIMIT = 1024 * 1024;
const BEARER = /^Bearer (\S+)$/;

function invalid(reply: FastifyReply, errors: readonly string[]) {
  return reply
    .code(400)
    .send({ code: 'VALIDATION_FAILED', message: 'The configuration is not valid.', args: [], errors: [...errors] });
}

const dryRunOf = (request: FastifyRequest) => (request.query as Record<string, unknown>).dryRun === 'true';
/** `?prune=true`: also delete what the configuration no longer names, as `config import --prune` does. */
const pruneOf = (request: FastifyRequest) => (request.query as Record<string, unknown>).prune === 'true';

export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const route = request.routeOptions.url;
      if (route === `${ADMIN_PREFIX}/openapi.json`) return;
      if (request.headers[FRAME_TOKEN_HEADER.toLowerCase()] !== undefined)
        return sendError(reply, catalogueError('FORBIDDEN'));
      // Automation: an API key with scopes.
      const bearer = BEARER.exec(request.headers.authorization ?? '');
      if (bearer) {
        const key = await authenticateKey(deps.db, bearer[1]!, deps.now());
        if (!key)
          return sendError(reply, catalogueError('UNAUTHORIZED'), { 'www-authenticate': 'Bearer realm="foyer-admin"' });
        request.adminPrincipal = { kind: 'key', id: key.id, name: key.name, permissions: new Set(key.scopes) };
        return;
      }
      // People: an operator's console session (admin/operators/). Signing in needs none.
      const signIn = route === `${ADMIN_PREFIX}/session`;
      const cookie = operatorCookieOf(request.headers.cookie);
      const session = cookie ? await useOperatorSession(deps.db, cookie, deps.now()) : null;
      if (session) {
        const { operator } = session;
        // A write made with the cookie carries the session's CSRF token (signing in again needs none).
        const reads = request.method === 'GET' || request.method === 'HEAD';
        const header = request.headers[CSRF_HEADER];
        if (
          !reads &&
          !(signIn && request.method === 'POST') &&
          !csrfMatches(session.csrfToken, typeof header === 'string' ? header : undefined)
        )
          return sendError(reply, catalogueError('CSRF_TOKEN_INVALID'));
        request.operatorSession = session;
        request.adminPrincipal = {
          kind: 'operator',
          id: operator.id,
          name: operator.email,
          permissions: new Set(ROLE_PERMISSIONS[operator.role]),
        };
        return;
      }
      if (signIn && request.method !== 'GET') return;
      return sendError(reply, catalogueError('UNAUTHORIZED'), { 'www-authenticate': 'Bearer realm="foyer-admin"' });
    });

    /** Validates and applies `input` (a whole configuration), answering the change. */
    const write = async (request: FastifyRequest, reply: FastifyReply, input: unknown, target: string) => {
      const parsed = parseSiteConfig(input);
      if (!parsed.ok) return invalid(reply, parsed.errors);
      const dryRun = dryRunOf(request);
      try {
        const change = await applyConfig(deps.db, parsed.config, deps.now(), {
          production: deps.production ?? false,
          dryRun,
          prune: pruneOf(request),
          audit: {
            ...auditContext(request),
            action: target === 'config' ? 'config.replace' : 'config.section.replace',
            target,
          },
        });
        return { applied: !dryRun, diff: change.diff, config: change.after };
      } catch (error) {
        if (error instanceof InvalidConfig) return invalid(reply, error.errors);
        throw error;
      }
    };

    // People and money (issue 28): operators and their sessions, accounts, orders and subscriptions.
    await operatorRoutes(api, deps);
    await accountRoutes(api, deps);
    await orderRoutes(api, deps);
    // What the server did for the site: webhook deliveries and the dashboard's figures.
    await deliveryRoutes(api, deps);
    await figureRoutes(api, deps);

    api.get(`${ADMIN_PREFIX}/openapi.json`, async () => adminOpenApi(deps.publicUrl().replace(/\/$/, '')));

    api.get(`${ADMIN_PREFIX}/config`, async (request, reply) => {
      if (!permitted(request, reply, 'config:read')) return reply;
      return exportConfig(deps.db);
    });

    api.put(`${ADMIN_PREFIX}/config`, { bodyLimit: CONFIG_BODY_LIMIT }, async (request, reply) => {
      if (!permitted(request, reply, 'config:write')) return reply;
      return write(request, reply, request.body, 'config');
    });

    api.get<{ Params: { section: string } }>(`${ADMIN_PREFIX}/config/:section`, async (request, reply) => {
      if (!permitted(request, reply, 'config:read')) return reply;
      const config = (await exportConfig(deps.db)) as Record<string, unknown>;
      if (!Object.hasOwn(config, request.params.section)) return sendError(reply, catalogueError('NOT_FOUND'));
      return config[request.params.section] ?? null;
    });

    api.put<{ Params: { section: string } }>(
      `${ADMIN_PREFIX}/config/:section`,
      { bodyLimit: CONFIG_BODY_LIMIT },
      async (request, reply) => {
        if (!permitted(request, reply, 'config:write')) return reply;
        const current = (await exportConfig(deps.db)) as Record<string, unknown>;
        const { section } = request.params;
        if (!Object.hasOwn(current, section)) return sendError(reply, catalogueError('NOT_FOUND'));
        // The section replaced, the rest as stored (its secrets as markers that keep them): the
        // whole is validated, so a plan naming a missing product is refused with its path.
        return write(request, reply, { ...current, [section]: request.body }, section);
      },
    );

    api.get(`${ADMIN_PREFIX}/audit`, async (request, reply) => {
      if (!permitted(request, reply, 'audit:read')) return reply;
      const query = parseQuery(auditQuerySchema, request, reply);
      if (!query) return reply;
      if (query.format === 'csv') {
        // The export: every entry the filters select, up to a bound a download can hold.
        const entries = await readAudit(deps.db, { ...query, limit: 10_000 });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="foyer-audit.csv"')
          .send(auditCsv(entries));
      }
      const limit = query.limit ?? 50;
      const entries = await readAudit(deps.db, { ...query, limit });
      return { entries, next: entries.length === limit ? entries.at(-1)!.at : null };
    });
  });
}
