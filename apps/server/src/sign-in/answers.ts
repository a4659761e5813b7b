/**
 * The login's answer shape (identity spec §7) and its single sign-on headers, shared by every way
 * a session starts (sign-in/gate.ts) and by the calls that answer a session again (SSO refresh,
 * re-authentication).
 */
import { SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER, type SessionResponse } from '@foyer/api';
import type { AppDeps } from '../deps';
import type { Db } from '../db';
import type { Service } from '../identity/store';
import { createSession, type SessionRecord } from '../security/sessions';
import { mintSsoTokens } from '../security/sso-tokens';

export function sessionResponse(sessionId: string, session: SessionRecord): SessionResponse {
  return {
    guid: session.guid,
    mainSession: { sessionId, expiry: session.idleExpiresAt, sessionCookie: !session.rememberMe },
  };
}

/**
 * The secure session a fresh proof (a typed password, or for an account without one a social
 * re-authentication) gives beside the main session `sessionId` (secure mode, identity spec §5).
 */
export async function secureSessionFor(db: Db, guid: string, serviceName: string, sessionId: string, now: number) {
  const secure = await createSession(db, { guid, serviceName, rememberMe: false, now, secureFor: sessionId });
  return { sessionId: secure.sessionId, expiry: secure.idleExpiresAt };
}

/**
 * The participating domains of the service's single sign-on group; the frame requests sso.gif (or
 * sso_logout.gif) on each after login (logout). Always present, possibly empty, so that a missing
 * header means a server that does not take part.
 */
/**
 * The participating domains: this server's own origin first (its SSO cookie is what SSO refresh
 * reads, set and cleared only through its images since issue 24), then the service's SSO group.
 */
function ssoDomainsOf(deps: AppDeps, service: Service | null): string[] {
  const own = new URL(deps.publicUrl()).origin;
  return [own, ...(service?.settings.ssoDomains ?? []).filter((domain) => domain !== own)];
}

export function ssoHeader(deps: AppDeps, service: Service | null): Record<string, string> {
  return { [SSO_DOMAINS_HEADER]: ssoDomainsOf(deps, service).join(',') };
}

/** The domains header plus one seamless sign-in token per domain (never the session id itself). */
export async function loginSsoHeaders(
  deps: AppDeps,
  service: Service,
  sessionId: string,
): Promise<Record<string, string>> {
  const domains = ssoDomainsOf(deps, service);
  const tokens = await mintSsoTokens(deps.db, {
    sessionId,
    domains,
    mintedOrigin: new URL(deps.publicUrl()).origin,
    now: deps.now(),
  });
  return { [SSO_DOMAINS_HEADER]: domains.join(','), [SSO_TOKENS_HEADER]: tokens.join(',') };
}
