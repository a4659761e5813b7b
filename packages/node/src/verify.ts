import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { FoyerTokenError } from './errors.js';

export interface VerifyOptions {
  /** The widgets server's public URL, e.g. `https://widgets.example.com` (the token's `iss`). */
  issuer: string;
  /** The service name the site uses with Foyer (the token's `aud`). */
  audience: string;
  /** Where the public keys are; default `${issuer}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /** Seconds of clock difference allowed between the widgets server and this one; default 30. */
  clockTolerance?: number;
}

/** The visitor a verified token names. */
export interface FoyerVisitor {
  /** The account's guid (`sub`). */
  accountId: string;
  /** A handle of the visitor's session (`sid`), not the session id itself: safe to log and compare. */
  sessionHandle: string;
  /** The products the account may read now (`entitlements`), as the paywall answers. */
  entitlements: string[];
  /** When the token stops being valid (`exp`); tokens live at most 5 minutes. */
  expiresAt: Date;
  /** Every claim of the token, for anything not named above. */
  claims: JWTPayload;
}

/** Foyer signs with ES256 (EdDSA allowed for later keys); anything else, HS256 above all, is refused. */
const ALGORITHMS = ['ES256', 'EdDSA'];

/** Seconds a Foyer visitor token lives (`exp` = `iat` + 300). */
const MAX_TOKEN_AGE = 300;

/** One key set per URL: jose caches the keys, refetches on an unknown `kid` and rate-limits that. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

function refusal(error: unknown): FoyerTokenError {
  if (error instanceof errors.JWTExpired)
    return new FoyerTokenError('expired', 'The token has expired', { cause: error });
  if (error instanceof errors.JWTClaimValidationFailed) {
    const code =
      error.claim === 'aud'
        ? 'wrong_audience'
        : error.claim === 'iss'
          ? 'wrong_issuer'
          : error.claim === 'nbf' || (error.claim === 'iat' && error.reason === 'check_failed')
            ? 'not_yet_valid'
            : 'invalid';
    return new FoyerTokenError(code, `The token's "${error.claim}" claim is refused: ${error.message}`, {
      cause: error,
    });
  }
  if (error instanceof errors.JWKSNoMatchingKey)
    return new FoyerTokenError('unknown_key', 'No published key matches the token', { cause: error });
  // A network failure (TypeError from fetch), a timeout, a non-200 answer or a non-JSON body (the
  // generic JOSEError): the key set is out of reach, which says nothing about the token.
  if (
    !(error instanceof errors.JOSEError) ||
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === errors.JOSEError.code
  )
    return new FoyerTokenError('jwks_unavailable', "The widgets server's keys could not be fetched", { cause: error });
  return new FoyerTokenError('invalid', `The token is invalid: ${error.message}`, { cause: error });
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Verifies a Foyer visitor token (signature against the published keys, issuer, audience, expiry)
 * and answers the visitor it names; throws a {@link FoyerTokenError} otherwise.
 */
export async function verifyFoyerToken(token: string, options: VerifyOptions): Promise<FoyerVisitor> {
  const issuer = options.issuer.replace(/\/+$/, '');
  if (!token) throw new FoyerTokenError('missing', 'No token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(options.jwksUrl ?? `${issuer}/.well-known/jwks.json`), {
      issuer,
      audience: options.audience,
      algorithms: ALGORITHMS,
      clockTolerance: options.clockTolerance ?? 30,
      // Foyer's tokens live 5 minutes; this also refuses an `iat` in the future.
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    }));
  } catch (error) {
    throw refusal(error);
  }
  const { sub, sid, exp, entitlements } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || !isStringArray(entitlements))
    throw new FoyerTokenError('invalid', "The token's claims are not those of a Foyer visitor token");
  return {
    accountId: sub,
    sessionHandle: sid,
    entitlements: [...entitlements],
    expiresAt: new Date(exp * 1000),
    claims: payload,
  };
}
