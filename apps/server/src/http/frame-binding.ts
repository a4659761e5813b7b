/**
 * Every API call must come from a frame served for the service it names (issue 11, finding 7; see
 * security/frame-tokens.ts). The services a call names: the Authorization header's
 * `evolok.api.service`, the route's service parameter (`:serviceName`, `:service`, the `:name`
 * of `/service/:name`), the query's `serviceName` (forgot password, the profile check) and the
 * body's `serviceName`, `service` or first `services` entry (social sign-in, resending the
 * activation, registration: the primary service, whose form and mails they use; further entries
 * are services the new account joins too, each still asking for its own captcha and attributes).
 * A call naming none (an order, a reset key) still needs a valid token, and is for the service
 * that token was served for (`calledServiceName`), never the default one.
 */
import { catalogueError, FRAME_TOKEN_HEADER, parseAuthorization } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { findService } from '../identity/store';
import { verifyFrameToken } from '../security/frame-tokens';
import { sendError } from './errors';
import { bindServerCall } from './server-calls';

/** Route parameters that name the call's service, by route (`:name` only names one on /service/:name). */
function serviceParams(request: FastifyRequest): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const names = [params.serviceName, params.service];
  if (request.routeOptions.url?.endsWith('/service/:name')) names.push(params.name);
  return names.filter((name): name is string => typeof name === 'string');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The service the calling frame was served for (its frame token), once the binding checked it. */
    frameService?: string;
  }
}

/**
 * The service a call is for: the one it names (the Authorization header), else the one its frame
 * was served for; undefined only for calls exempt from the binding (then the default service).
 */
export function calledServiceName(request: FastifyRequest): string | undefined {
  return parseAuthorization(request.headers.authorization)?.serviceName ?? request.frameService;
}

/** Service names in the query and the (parsed, not yet validated) JSON body, as the schemas name them. */
function payloadServices(request: FastifyRequest): unknown[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return [
    query.serviceName,
    fields.serviceName,
    fields.service,
    Array.isArray(fields.services) ? (fields.services as unknown[])[0] : undefined,
  ];
}

/** The services a call names; several must all be the token's. */
export function callServices(request: FastifyRequest): string[] {
  const fromHeader = parseAuthorization(request.headers.authorization)?.serviceName;
  const named = [...serviceParams(request), ...payloadServices(request)];
  // An empty name is left to the route's validation (VALIDATION_FAILED), which says what is wrong.
  const given = named.filter((name): name is string => typeof name === 'string' && name !== '');
  return [...(fromHeader ? [fromHeader] : []), ...given];
}

/**
 * Adds the check to an API scope. `exempt` lists full route URLs (prefix included) that are not
 * frame calls: the seamless sign-in images other domains' pages request, and operator calls.
 * `serverCalls` lists those a site's own server may also make without a frame token
 * (server-calls.ts): a call with a frame token is still checked as a frame's.
 */
export function bindCallsToFrames(
  api: FastifyInstance,
  deps: AppDeps,
  exempt: ReadonlySet<string>,
  serverCalls: ReadonlySet<string> = new Set(),
): void {
  // preValidation: after the root's refusal of bad bytes (http/bad-bytes.ts), which answers 400 first.
  api.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url;
    // Preflights carry no headers of the call; unknown routes answer NOT_FOUND anyway.
    if (request.method === 'OPTIONS' || route === undefined || exempt.has(route)) return;
    const header = request.headers[FRAME_TOKEN_HEADER.toLowerCase()];
    if (header === undefined && serverCalls.has(route)) return bindServerCall(deps, request, reply);
    const service = verifyFrameToken(deps.frameTokenKey, typeof header === 'string' ? header : undefined, deps.now());
    if (service === null) return sendError(reply, catalogueError('FRAME_NOT_BOUND'));
    request.frameService = service;
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
