/** GET /service/:name and GET /authenticationScheme/:name — public configuration. */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findAuthenticationScheme, findService } from '../identity/store';

export function serviceRoutes(app: FastifyInstance, deps: AppDeps): void {
  defineRoute(app, identityEndpoints.getService, async ({ params }) => {
    const service = await findService(deps.db, params.name);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [params.name]);
    // The response schema strips what is not public (allowed origins, the default flag).
    return { body: service };
  });

  defineRoute(app, identityEndpoints.getAuthenticationScheme, async ({ params }) => {
    const scheme = await findAuthenticationScheme(deps.db, params.name);
    if (!scheme) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.name]);
    return { body: scheme };
  });
}
