/**
 * The session of a widget-service call: the `ev_ss` query parameter (purchase spec §7) or the
 * session id of the Authorization header. Without one the purchase spec's not_logged_in answers;
 * an expired one answers SESSION_HAS_EXPIRED so the frame clears its state as for identity calls.
 */
import { parseAuthorization } from '@foyer/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { useSession, type SessionRecord } from '../security/sessions';

export interface WidgetSession {
  sessionId: string;
  session: SessionRecord;
}

export function sessionIdOf(request: FastifyRequest, query: { ev_ss?: string | undefined }): string | undefined {
  return query.ev_ss || parseAuthorization(request.headers.authorization)?.sessionId || undefined;
}

export async function optionalSession(
  deps: AppDeps,
  request: FastifyRequest,
  query: { ev_ss?: string | undefined },
): Promise<WidgetSession | null> {
  const sessionId = sessionIdOf(request, query);
  if (!sessionId) return null;
  const found = await useSession(deps.db, sessionId, deps.now());
  if (found.status === 'not-found') throw new ApiError('not_logged_in');
  if (found.status === 'expired') throw new ApiError('SESSION_HAS_EXPIRED');
  return { sessionId, session: found.session };
}

export async function requireWidgetSession(
  deps: AppDeps,
  request: FastifyRequest,
  query: { ev_ss?: string | undefined },
): Promise<WidgetSession> {
  const found = await optionalSession(deps, request, query);
  if (!found) throw new ApiError('not_logged_in');
  return found;
}
