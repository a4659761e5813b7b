/**
 * Keeping a full-redirect social trip's attempt in the host page's session storage (issue 24,
 * HostMethods.socialAttempt), for a frame without storage of its own. Only a connected frame can
 * ask, so this travels in penpal.js rather than in loader.js (the 5 KB budget); social-return.ts
 * hands the attempt back once on the page the trip returns to.
 */
import { SOCIAL_ATTEMPT_KEY, SOCIAL_ATTEMPT_PATTERN } from '@foyer/protocol/light';

/** Keeps the attempt of a trip a frame is about to start; false when it cannot. */
export function keepSocialAttempt(attempt: string): boolean {
  if (!SOCIAL_ATTEMPT_PATTERN.test(attempt)) return false;
  try {
    sessionStorage.setItem(SOCIAL_ATTEMPT_KEY, attempt);
    return true;
  } catch {
    return false; // The host page has no storage either: the result will not redeem.
  }
}
