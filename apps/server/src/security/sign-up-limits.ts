/**
 * Limits every way of creating an account shares (registration, the purchase flow's sign-up), per
 * client address: accounts created, and answers that tell whether an identifier is taken (the
 * same budget as GET /userProfile/searchByIdentifiers, so no route is a free enumeration oracle).
 * Tokens are taken atomically (throttle.ts), so concurrent sign-ups cannot overshoot.
 */
import type { AppDeps } from '../deps';
import { tooManyAttempts } from './http-throttle';
import { takeToken, type ThrottleRule } from './throttle';

export function signUpRule(deps: AppDeps): ThrottleRule {
  return { bucket: 'sign-up', max: deps.registrationPerHour, windowMs: 60 * 60_000 };
}

export function identifierSearchRule(deps: AppDeps): ThrottleRule {
  return { bucket: 'identifier-search', max: deps.identifierSearchPerMinute, windowMs: 60_000 };
}

/** Throws TOO_MANY_ATTEMPTS when the address is over the rule's limit; counts the request otherwise. */
export async function takeAddressToken(deps: AppDeps, rule: ThrottleRule, address: string): Promise<void> {
  const wait = await takeToken(deps.db, rule, address, deps.now());
  if (wait !== null) throw tooManyAttempts(wait);
}
