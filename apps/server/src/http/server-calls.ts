/**
 * Calls a site's own server may make (issue 26), which come from no frame and so carry no frame
 * token: the server-side paywall check. `Authorization: Bearer <visitor token>` (from the host
 * page's `Foyer.getToken()`) names the reader and the service (the token's audience); without a
 * token the call is for an anonymous reader of the service named by `?serviceName=`, whose meter
 * id (the `foyer_meter` cookie) is in the body. A frame token would prove nothing here: any page
 * can load a frame and read it.
 */
import { catalogueError } from '@foyer/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { findService } from '../identity/store';
import { verifyVisitorToken, type VisitorClaims } from '../tokens/visitor-token';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified visitor token of a site server's call (server-calls.ts). */
    visitor?: VisitorClaims;
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * Binds a server call to its service; answers (and returns the reply) when it cannot: 401 for a
 * token that does not verify, SERVICE_NOT_FOUND for an unknown service, FRAME_NOT_BOUND when the
 * call names no service at all.
 */
export async function bindServerCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? BEARER.exec(authorization) : null;
  if (bearer) {
    const claims = await verifyVisitorToken(deps, bearer[1]!);
    if (!claims) return sendError(reply, catalogueError('UNAUTHORIZED'));
    request.visitor = claims;
    request.frameService = claims.aud;
    return undefined;
  }
  const named = (request.query as Record<string, unknown> | undefined)?.serviceName;
  if (typeof named !== 'string' || named === '') return sendError(reply, catalogueError('FRAME_NOT_BOUND'));
  if (!(await findService(deps.db, named))) return sendError(reply, catalogueError('SERVICE_NOT_FOUND', [named]));
  request.frameService = named;
  return undefined;
}
