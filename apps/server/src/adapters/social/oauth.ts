/**
 * The authorization-code grant with PKCE (RFC 6749 §4.1, RFC 7636) shared by every network: the
 * authorization URL, the code exchange at the token endpoint and the bearer call to the user-info
 * endpoint. Networks differ only in endpoints, scope spelling, client authentication and the shape
 * of their user info (networks.ts).
 */
import { SocialProviderError, type AuthorizeInput, type SocialNetworkConfig } from './types';

export interface OAuthEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
}

export function endpointsOf(config: SocialNetworkConfig, defaults: OAuthEndpoints): OAuthEndpoints {
  return {
    authorizationEndpoint: config.authorizationEndpoint ?? defaults.authorizationEndpoint,
    tokenEndpoint: config.tokenEndpoint ?? defaults.tokenEndpoint,
    userInfoEndpoint: config.userInfoEndpoint ?? defaults.userInfoEndpoint,
  };
}

export function authorizationUrl(
  endpoint: string,
  input: AuthorizeInput,
  scope: string,
  extra: Record<string, string> = {},
): string {
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.config.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', input.state);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.href;
}

const TIMEOUT_MS = 10_000;

async function jsonOf(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new SocialProviderError(`${what} answered ${response.status}`);
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch (cause) {
    throw new SocialProviderError(`${what} answered invalid JSON`, { cause });
  }
  throw new SocialProviderError(`${what} answered something other than an object`);
}

/**
 * Exchanges the code for an access token. `clientAuth`: `post` sends the secret in the form
 * (Google, Facebook, LinkedIn), `basic` in an Authorization header (X's confidential clients).
 */
export async function exchangeCode(
  tokenEndpoint: string,
  input: { config: SocialNetworkConfig; code: string; codeVerifier: string; redirectUri: string },
  clientAuth: 'post' | 'basic',
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
    client_id: input.config.clientId,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (clientAuth === 'post') form.set('client_secret', input.config.clientSecret);
  else {
    const pair = `${encodeURIComponent(input.config.clientId)}:${encodeURIComponent(input.config.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await jsonOf(response, 'token endpoint');
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new SocialProviderError('token endpoint gave no access_token');
  }
  return body.access_token;
}

export async function fetchUserInfo(userInfoEndpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(userInfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return jsonOf(response, 'user-info endpoint');
}

/** A string field of a provider answer, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
