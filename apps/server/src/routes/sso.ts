/**
 * Seamless sign-in across the domains of one SSO group (identity spec §4): after login the frame
 * requests `GET <domain>/ic/api/session/<id>/sso.gif` on every participating domain, which sets
 * that domain's SSO cookie to the session; after logout `sso_logout.gif` clears it. Both answer a
 * 1x1 GIF that no cache may keep. The cookie is readable by script on purpose: the frames of that
 * domain read it for SSO refresh (they keep the session in Web Storage anyway).
 */
import { identityEndpoints, SSO_COOKIE_NAME } from '@foyer/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { useSession } from '../security/sessions';

/** A 1x1 transparent GIF (42 bytes). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function cookie(deps: AppDeps, value: string, maxAgeSeconds: number): string {
  // Sent with cross-site image requests only as SameSite=None, which browsers accept only with Secure.
  const secure = deps.publicUrl().startsWith('https:');
  const site = secure ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${SSO_COOKIE_NAME}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; ${site}`;
}

function pixel(reply: FastifyReply, status: number, setCookie: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'image/gif')
    .header('cache-control', 'no-store')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('set-cookie', setCookie)
    .send(PIXEL_GIF);
}

export function ssoRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { id: string } }>(identityEndpoints.ssoLogin.path, async (request, reply) => {
    const now = deps.now();
    const found = await useSession(deps.db, request.params.id, now);
    if (found.status !== 'valid') return pixel(reply, 404, cookie(deps, '', 0));
    const maxAge = Math.max(Math.floor((found.session.absoluteExpiresAt - now) / 1000), 0);
    return pixel(reply, 200, cookie(deps, request.params.id, maxAge));
  });

  app.get(identityEndpoints.ssoLogout.path, async (_request, reply) => pixel(reply, 200, cookie(deps, '', 0)));
}
