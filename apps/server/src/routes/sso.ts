/**
 * Seamless sign-in across the domains of one SSO group (identity spec §4): after login the frame
 * requests `GET <domain>/ic/api/session/<token>/sso.gif` on every participating domain (this
 * server's own origin first), which sets that domain's SSO cookie to the session the token was
 * minted for (security/sso-tokens.ts: one use, one minute, that domain, asked for by the minting
 * widgets origin); after logout `sso_logout.gif` clears it. Both answer a 1x1 GIF that no cache
 * may keep.
 *
 * The cookie is HttpOnly (issue 24): the frames never read or write it, so no script (a sibling
 * subdomain's, on a shared cookie domain) can plant a session for them to adopt. They ask
 * `GET /session/sso`, which reads it here and answers only a live session the calling service
 * takes. Over https (and on loopback) it is a `__Host-` cookie: host-only, so no sibling can set
 * one with a Domain; a script-readable `evolok_sso` planted beside it is never read.
 */
import { identityEndpoints, SSO_COOKIE_NAME, SSO_HOST_COOKIE_NAME } from '@foyer/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { sessionServes } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { useSession } from '../security/sessions';
import { spendSsoToken } from '../security/sso-tokens';
import { sessionResponse } from '../sign-in/answers';

/** A 1x1 transparent GIF (42 bytes). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Whether browsers take a Secure cookie from this server: over https, and on a loopback host
 * (http://localhost, 127.0.0.1: potentially trustworthy origins, where browsers allow Secure and
 * `__Host-` cookies, so a local run defends the same way).
 */
function secure(deps: AppDeps): boolean {
  const url = new URL(deps.publicUrl());
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The SSO cookie's name here: `__Host-` where the cookie can be Secure (a cookie prefix needs it). */
export function ssoCookieName(deps: AppDeps): string {
  return secure(deps) ? SSO_HOST_COOKIE_NAME : SSO_COOKIE_NAME;
}

function cookie(deps: AppDeps, value: string, maxAgeSeconds: number): string {
  // Sent with cross-site image requests only as SameSite=None, which browsers accept only with Secure.
  const site = secure(deps) ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${ssoCookieName(deps)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; ${site}`;
}

/** The session id the request's SSO cookie names, if any (the last one of that name wins nothing: any duplicate is refused). */
function cookieSession(deps: AppDeps, request: FastifyRequest): string | null {
  const name = ssoCookieName(deps);
  const values = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  // Two cookies of that name: one was planted beside ours (another path or domain). Trust neither.
  if (values.length !== 1) return null;
  try {
    return decodeURIComponent(values[0]!) || null;
  } catch {
    return null;
  }
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function pixel(reply: FastifyReply, status: number, setCookie: string | null): FastifyReply {
  reply
    .code(status)
    .header('content-type', 'image/gif')
    .header('cache-control', 'no-store')
    .header('cross-origin-resource-policy', 'cross-origin');
  if (setCookie !== null) reply.header('set-cookie', setCookie);
  return reply.send(PIXEL_GIF);
}

export function ssoRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** The origins this server answers as: its public URL's and the one the request named. */
  const servedAs = (request: FastifyRequest) => [
    new URL(deps.publicUrl()).origin,
    `${request.protocol}://${request.host}`,
  ];

  app.get<{ Params: { id: string } }>(identityEndpoints.ssoLogin.path, async (request, reply) => {
    const now = deps.now();
    const sessionId = await spendSsoToken(deps.db, {
      token: request.params.id,
      servedAs: servedAs(request),
      refererOrigin: originOf(request.headers.referer),
      now,
    });
    const found = sessionId ? await useSession(deps.db, sessionId, now) : null;
    // Nothing is cleared either: a stray or planted request must not log the visitor out.
    if (!sessionId || found?.status !== 'valid') return pixel(reply, 404, null);
    const maxAge = Math.max(Math.floor((found.session.absoluteExpiresAt - now) / 1000), 0);
    return pixel(reply, 200, cookie(deps, sessionId, maxAge));
  });

  /**
   * Clears the cookie only for an image the widgets origin asked for (Referer: this server's
   * public origin, whose frames log out) and only when the session it names has ended: the logout
   * that loads it ended that session first. Any other page showing the image (logout CSRF), or a
   * live session, clears nothing.
   */
  app.get(identityEndpoints.ssoLogout.path, async (request, reply) => {
    const referer = originOf(request.headers.referer);
    if (referer !== new URL(deps.publicUrl()).origin) return pixel(reply, 404, null);
    const sessionId = cookieSession(deps, request);
    if (!sessionId) return pixel(reply, 200, null);
    const found = await useSession(deps.db, sessionId, deps.now());
    if (found.status === 'valid') return pixel(reply, 404, null);
    return pixel(reply, 200, cookie(deps, '', 0));
  });

  defineRoute(app, identityEndpoints.getSharedSession, async ({ request, reply }) => {
    const sessionId = cookieSession(deps, request);
    if (!sessionId) throw new ApiError('SESSION_NOT_FOUND');
    const found = await useSession(deps.db, sessionId, deps.now());
    if (found.status !== 'valid') {
      // It names a session that ended: the cookie goes too.
      reply.header('set-cookie', cookie(deps, '', 0));
      throw new ApiError('SESSION_NOT_FOUND');
    }
    const serviceName = calledServiceName(request);
    if (serviceName && !(await sessionServes(deps.db, found.session, serviceName))) {
      throw new ApiError('SESSION_NOT_FOUND');
    }
    return { body: sessionResponse(sessionId, found.session), headers: { 'cache-control': 'no-store' } };
  });
}
