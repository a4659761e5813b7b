/** The session checks shared by the routes that act on one user's own profile. */
import { parseAuthorization, type Authorization } from '@foyer/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { Db } from '../db';
import { findService, type Service } from '../identity/store';
import { hasSecondFactor } from '../security/second-factor/factors';
import { useSession, type SessionRecord } from '../security/sessions';
import { ApiError } from './errors';

export interface OwnSession {
  authorization: Authorization;
  sessionId: string;
  session: SessionRecord;
}

/**
 * The request's session, which must exist, be live and belong to `guid` when given:
 * UNAUTHORIZED without one, SESSION_HAS_EXPIRED (the frame clears its state), FORBIDDEN for another user.
 * A secure session counts only where the spec uses it (`allowSecure`: edit profile); elsewhere it
 * is not a session at all (UNAUTHORIZED), so it can never stand in for the main session. Nor is a
 * session made for a service that asked less at sign-in (sessionServes).
 */
export async function requireSession(
  deps: AppDeps,
  request: FastifyRequest,
  guid?: string,
  options: { allowSecure?: boolean } = {},
): Promise<OwnSession> {
  const authorization = parseAuthorization(request.headers.authorization);
  if (!authorization?.sessionId) throw new ApiError('UNAUTHORIZED');
  const found = await useSession(deps.db, authorization.sessionId, deps.now(), options);
  if (found.status === 'not-found') throw new ApiError('UNAUTHORIZED');
  if (!(await sessionServes(deps.db, found.session, authorization.serviceName))) throw new ApiError('UNAUTHORIZED');
  // An ended secure session ends secure mode only, not the login: the frame asks for the password.
  if (found.status === 'expired' && found.session.secure) throw new ApiError('secure_session_expired');
  if (found.status === 'expired') throw new ApiError('SESSION_HAS_EXPIRED');
  if (guid !== undefined && found.session.guid !== guid) throw new ApiError('FORBIDDEN');
  return { authorization, sessionId: authorization.sessionId, session: found.session };
}

/**
 * Whether a session may act for `serviceName` (issue 24). The services of a realm share its
 * accounts, and a session made for one works in the others (the service check links the account
 * to them) — except where the other service asks more at sign-in: a login that `demo` let through
 * without a captcha must not open the frames of `demo-captcha`, which asks for one, or join that
 * service. Such a service takes only sessions made for itself or for another service that asked
 * for a captcha too. The same for a service that requires a second factor (issue 31): it takes a
 * session made where one was required too, or of an account that has one (every sign-in of such an
 * account asked for it). Sessions from before sessions named their service (null) are not limited.
 */
export async function sessionServes(
  db: Db,
  session: Pick<SessionRecord, 'serviceName' | 'guid'>,
  serviceName: string,
): Promise<boolean> {
  if (session.serviceName === null || session.serviceName === serviceName) return true;
  const [madeFor, target] = await Promise.all([findService(db, session.serviceName), findService(db, serviceName)]);
  if (asksCaptcha(target) && !asksCaptcha(madeFor)) return false;
  if (requiresSecondFactor(target) && !requiresSecondFactor(madeFor)) return hasSecondFactor(db, session.guid);
  return true;
}

function requiresSecondFactor(service: Service | null): boolean {
  return service?.settings.requireSecondFactor === true;
}

function asksCaptcha(service: Service | null): boolean {
  return !!service?.settings.recaptchaSiteKey;
}
