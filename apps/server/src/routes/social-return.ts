/**
 * Full-redirect social sign-in (issue 14: in-app browsers and blocked popups): the host page the
 * visitor comes back to. It must be on one of the service's allowed host origins, so the
 * authorize URL can never be used to send a visitor anywhere else (no open redirect), and it
 * carries back only the single-use result id and its purpose.
 */
import type { SocialPurpose } from '@foyer/api';
import { SOCIAL_PURPOSE_PARAM, SOCIAL_RESULT_PARAM } from '@foyer/protocol/light';
import { ApiError } from '../http/errors';
import { allowedReturnUrl } from '../http/return-url';

/**
 * The page to come back to, normalised (no fragment, no old result parameters), or
 * SOCIAL_RETURN_NOT_ALLOWED: not an absolute http(s) URL, credentials in it, or an origin the
 * service does not list.
 */
export function checkReturnTo(value: string, allowedHostOrigins: readonly string[]): string {
  const url = allowedReturnUrl(value, allowedHostOrigins);
  if (!url) throw new ApiError('SOCIAL_RETURN_NOT_ALLOWED');
  url.hash = '';
  url.searchParams.delete(SOCIAL_RESULT_PARAM);
  url.searchParams.delete(SOCIAL_PURPOSE_PARAM);
  return url.href;
}

/** The host page with the result id and its purpose added. */
export function returnUrlWith(returnTo: string, result: string, purpose: SocialPurpose): string {
  const url = new URL(returnTo);
  url.searchParams.set(SOCIAL_RESULT_PARAM, result);
  url.searchParams.set(SOCIAL_PURPOSE_PARAM, purpose);
  return url.href;
}
