/**
 * Visitor tokens (issue 26): an ES256 JWT the host page gets from `Foyer.getToken()` and hands
 * to its own server, which checks it against /.well-known/jwks.json without asking Foyer.
 * Claims: `iss` the widgets origin (publicUrl), `aud` the service, `sub` the account guid, `sid`
 * a handle of the session, `iat`/`exp` (300 s apart) and `entitlements` (the paywall's answer).
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { entitledProductIds } from '../account/entitlements';
import type { AppDeps } from '../deps';
import { activeSigningKey, publishedKeys, SIGNING_ALG, VISITOR_TOKEN_LIFETIME_S } from './keys';

export interface VisitorClaims {
  iss: string;
  aud: string;
  sub: string;
  sid: string;
  iat: number;
  exp: number;
  entitlements: string[];
}

/**
 * The session's public handle: not the session id (a bearer secret the host page must never
 * hold) but a one-way digest of it, stable for the session, so a site can tell two tokens of one
 * session apart from another session's.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

const issuerOf = (deps: AppDeps) => deps.publicUrl().replace(/\/$/, '');

/** Signs a token for `guid`'s live session `sessionId` on `serviceName`, entitlements as of now. */
export async function signVisitorToken(
  deps: AppDeps,
  visitor: { serviceName: string; guid: string; sessionId: string },
): Promise<string> {
  const now = deps.now();
  const key = await activeSigningKey(deps.db, now);
  const iat = Math.floor(now / 1000);
  const entitlements = await entitledProductIds(deps.db, visitor.guid, now);
  return new SignJWT({ sid: sessionHandle(visitor.sessionId), entitlements })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(issuerOf(deps))
    .setAudience(visitor.serviceName)
    .setSubject(visitor.guid)
    .setIssuedAt(iat)
    .setExpirationTime(iat + VISITOR_TOKEN_LIFETIME_S)
    .sign(key.privateKey);
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The claims of a token this server signed with a key it still publishes, unexpired at
 * deps.now(); null for anything else. The caller checks `aud` (the service it serves).
 */
export async function verifyVisitorToken(deps: AppDeps, token: string): Promise<VisitorClaims | null> {
  const now = deps.now();
  const keys = await publishedKeys(deps.db, now);
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
      issuer: issuerOf(deps),
      algorithms: [SIGNING_ALG],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'aud', 'sid', 'iat', 'exp'],
    });
    const { iss, aud, sub, sid, iat, exp, entitlements } = payload;
    if (typeof aud !== 'string' || typeof sub !== 'string' || typeof sid !== 'string' || !isStrings(entitlements))
      return null;
    return { iss: iss!, aud, sub, sid, iat: iat!, exp: exp!, entitlements };
  } catch {
    return null;
  }
}
