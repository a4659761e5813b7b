/**
 * GET /ui/template/login/:scheme, /ui/template/registration/:scheme[/:service] and
 * /ui/template/profile/:service — the forms the widgets render.
 */
import { identityEndpoints, parseAuthorization } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findAccountByGuid, findAuthenticationScheme, findService, findTemplate } from '../identity/store';
import { profileTemplate, registrationTemplate } from '../identity/templates';

export function templateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, identityEndpoints.getLoginTemplate, async ({ params }) => {
    const template = await findTemplate(db, 'login', params.scheme);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    return { body: template };
  });

  defineRoute(app, identityEndpoints.getRegistrationTemplate, async ({ params }) => {
    const template = await registrationTemplate(db, params.scheme, null);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    return { body: template };
  });

  defineRoute(app, identityEndpoints.getServiceRegistrationTemplate, async ({ params }) => {
    const [scheme, service] = await Promise.all([
      findAuthenticationScheme(db, params.scheme),
      findService(db, params.service),
    ]);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [params.service]);
    if (!scheme || scheme.realmName !== service.realmName) {
      throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    }
    const template = await registrationTemplate(db, scheme.name, service);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    return { body: template };
  });

  defineRoute(app, identityEndpoints.getProfileTemplate, async ({ params, request }) => {
    const service = await findService(db, params.service);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [params.service]);
    // Without a session: the empty form. With one: that user's current values.
    const guid = parseAuthorization(request.headers.authorization)?.sessionId
      ? (await requireSession(deps, request)).session.guid
      : null;
    const account = guid ? await findAccountByGuid(db, guid) : null;
    if (account && account.realmName !== service.realmName) throw new ApiError('SERVICE_NOT_FOUND', [params.service]);
    return { body: await profileTemplate(db, service, account) };
  });
}
