/**
 * Addresses the server hands on for a visitor to be sent to (a payment provider's return URL, the
 * version 1 hosted page's way back, the social sign-in's host page) must be pages of the service's
 * own sites: an absolute http(s) URL on one of its allowed host origins, without credentials. Anything
 * else would make the provider's page, or ours, an open redirect (issue 24, finding 8).
 */
import { originAllowed } from '@foyer/protocol/light';

export const MAX_RETURN_URL_LENGTH = 2048;

/** `value` parsed when it may be a return address of a service with these host origins, else null. */
export function allowedReturnUrl(value: string, allowedHostOrigins: readonly string[]): URL | null {
  if (value.length > MAX_RETURN_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed =
    /^https?:$/.test(url.protocol) && !url.username && !url.password && originAllowed(url.origin, allowedHostOrigins);
  return allowed ? url : null;
}
