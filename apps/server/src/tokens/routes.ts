/**
 * The visitor token routes (issue 26): the public key set at GET /.well-known/jwks.json (the
 * widgets origin's root, not frame-bound: site servers fetch it), and the frame call
 * POST /ic/api/tokens/visitor that mints a token of the frame's session for `Foyer.getToken()`.
 */
import { parseAuthorization } from '@foyer/api';
import { getVisitorToken } from '@foyer/api/tokens';
import { originAllowed } from '@foyer/protocol/light';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { findAccountByGuid, findService } from '../identity/store';
import { useSession } from '../security/sessions';
import { publishedKeys } from './keys';
import { signVisitorToken } from './visitor-token';

export const JWKS_PATH = '/.well-known/jwks.json';

/**
 * Cached briefly: a rotation's new key signs at once, and a verifier holding an older copy only
 * learns it on its next fetch (jose's remote key set fetches again on an unknown kid).
 */
const JWKS_MAX_AGE_S = 120;

/** GET /.well-known/jwks.json, on the app's root. */
export function jwksRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get(JWKS_PATH, async (_request, reply) => {
    const keys = await publishedKeys(deps.db, deps.now());
    return reply
      .header('cache-control', `public, max-age=${JWKS_MAX_AGE_S}`)
      .header('access-control-allow-origin', '*')
      .send({ keys });
  });
}

/** POST /tokens/visitor, in the identity API's frame-bound scope. */
export function visitorTokenRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineRoute(api, getVisitorToken, async ({ body, request }) => {
    const name = calledServiceName(request);
    const service = name ? await findService(deps.db, name) : null;
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [name ?? '']);
    // Only for the service's own sites: a page elsewhere that frames the widgets gets nothing.
    if (!originAllowed(body.hostOrigin, service.allowedHostOrigins)) throw new ApiError('FORBIDDEN');
    const sessionId = parseAuthorization(request.headers.authorization)?.sessionId;
    if (!sessionId) return { body: { token: null } };
    const found = await useSession(deps.db, sessionId, deps.now());
    if (found.status !== 'valid') return { body: { token: null } };
    // The token speaks for this service (aud): an account that has not joined it gets none.
    const account = await findAccountByGuid(deps.db, found.session.guid);
    if (!account || !account.services.includes(service.name)) return { body: { token: null } };
    const token = await signVisitorToken(deps, { serviceName: service.name, guid: account.guid, sessionId });
    return { body: { token } };
  });
}
