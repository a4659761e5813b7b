/**
 * Every API call must come from a frame served for the service it names (issue 11, finding 7; see
 * security/frame-tokens.ts). The services a call names: the Authorization header's
 * `evolok.api.service`, and the route's service parameter (`:serviceName`, `:service`, the `:name`
 * of `/service/:name`). A call naming none (an order, a reset key) still needs a valid token.
 */
import { catalogueError, FRAME_TOKEN_HEADER, parseAuthorization } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { findService } from '../identity/store';
import { verifyFrameToken } from '../security/frame-tokens';
import { sendError } from './errors';

/** Route parameters that name the call's service, by route (`:name` only names one on /service/:name). */
function serviceParams(request: FastifyRequest): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const names = [params.serviceName, params.service];
  if (request.routeOptions.url?.endsWith('/service/:name')) names.push(params.name);
  return names.filter((name): name is string => typeof name === 'string');
}

/** The services a call names; several must all be the token's. */
export function callServices(request: FastifyRequest): string[] {
  const fromHeader = parseAuthorization(request.headers.authorization)?.serviceName;
  return [...(fromHeader ? [fromHeader] : []), ...serviceParams(request)];
}

/**
 * Adds the check to an API scope. `exempt` lists full route URLs (prefix included) that are not
 * frame calls: the seamless sign-in images other domains' pages request, and operator calls.
 */
export function bindCallsToFrames(api: FastifyInstance, deps: AppDeps, exempt: ReadonlySet<string>): void {
  // preValidation: after the root's refusal of bad bytes (http/bad-bytes.ts), which answers 400 first.
  api.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url;
    // Preflights carry no headers of the call; unknown routes answer NOT_FOUND anyway.
    if (request.method === 'OPTIONS' || route === undefined || exempt.has(route)) return;
    const header = request.headers[FRAME_TOKEN_HEADER.toLowerCase()];
    const service = verifyFrameToken(deps.frameTokenKey, typeof header === 'string' ? header : undefined, deps.now());
    if (service === null) return sendError(reply, catalogueError('FRAME_NOT_BOUND'));
    const others = callServices(request).filter((named) => named !== service);
    if (others.length === 0) return;
    // A frame page asked for an unknown service is served for the default one (static.ts); its
    // calls still name the unknown service, and the visitor should read that it does not exist.
    for (const named of others) {
      if (!(await findService(deps.db, named))) return sendError(reply, catalogueError('SERVICE_NOT_FOUND', [named]));
    }
    return sendError(reply, catalogueError('FRAME_NOT_BOUND'));
  });
}
