/** GET /ui/template/login/:scheme — the login form of an authentication scheme. */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findTemplate } from '../identity/store';

export function templateRoutes(app: FastifyInstance, deps: AppDeps): void {
  defineRoute(app, identityEndpoints.getLoginTemplate, async ({ params }) => {
    const template = await findTemplate(deps.db, 'login', params.scheme);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    return { body: template };
  });
}
