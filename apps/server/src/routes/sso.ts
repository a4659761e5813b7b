/**
 * Seamless sign-in across the domains of one SSO group (identity spec §4): after login the frame
 * requests `GET <domain>/ic/api/session/<token>/sso.gif` on every participating domain, which sets
 * that domain's SSO cookie to the session the token was minted for (security/sso-tokens.ts: one
 * use, one minute, that domain, asked for by the minting widgets origin); after logout
 * `sso_logout.gif` clears it. Both answer a
 * 1x1 GIF that no cache may keep. The cookie is readable by script on purpose: the frames of that
 * domain read it for SSO refresh (they keep the session in Web Storage anyway).
 */
import { identityEndpoints, SSO_COOKIE_NAME } from '@foyer/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { useSession } from '../security/sessions';
import { spendSsoToken } from '../security/sso-tokens';

/** A 1x1 transparent GIF (42 bytes). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function cookie(deps: AppDeps, value: string, maxAgeSeconds: number): string {
  // Sent with cross-site image requests only as SameSite=None, which browsers accept only with Secure.
  const secure = deps.publicUrl().startsWith('https:');
  const site = secure ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${SSO_COOKIE_NAME}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; ${site}`;
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
  app.get<{ Params: { id: string } }>(identityEndpoints.ssoLogin.path, async (request, reply) => {
    const now = deps.now();
    const sessionId = await spendSsoToken(deps.db, {
      token: request.params.id,
      servedAs: [new URL(deps.publicUrl()).origin, `${request.protocol}://${request.host}`],
      refererOrigin: originOf(request.headers.referer),
      now,
    });
    const found = sessionId ? await useSession(deps.db, sessionId, now) : null;
    // Nothing is cleared either: a stray or planted request must not log the visitor out.
    if (!sessionId || found?.status !== 'valid') return pixel(reply, 404, null);
    const maxAge = Math.max(Math.floor((found.session.absoluteExpiresAt - now) / 1000), 0);
    return pixel(reply, 200, cookie(deps, sessionId, maxAge));
  });

  app.get(identityEndpoints.ssoLogout.path, async (_request, reply) => pixel(reply, 200, cookie(deps, '', 0)));
}
