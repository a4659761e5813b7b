/**
 * Limits every way of creating an account shares (registration, the purchase flow's sign-up), per
 * client address: accounts created, and answers that tell whether an identifier is taken (the
 * same budget as GET /userProfile/searchByIdentifiers, so no route is a free enumeration oracle).
 * Tokens are taken atomically (throttle.ts), so concurrent sign-ups cannot overshoot.
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { clientAddressKey } from './client-address';
import { tooManyAttempts } from './http-throttle';
import { takeToken, type ThrottleRule } from './throttle';

export function signUpRule(deps: AppDeps): ThrottleRule {
  return { bucket: 'sign-up', max: deps.registrationPerHour, windowMs: 60 * 60_000 };
}

export function identifierSearchRule(deps: AppDeps): ThrottleRule {
  return { bucket: 'identifier-search', max: deps.identifierSearchPerMinute, windowMs: 60_000 };
}

/**
 * Forgot password and resend activation requests per address, whatever the account (known or
 * not, so the limit tells nothing about it): each mails someone, and the per-account limit alone
 * (5 an hour, mail/workflow-mail.ts) would let one client mail every address it knows 5 times.
 */
export function mailRequestRule(deps: AppDeps): ThrottleRule {
  return { bucket: 'mail-request', max: deps.forgotPasswordPerHour, windowMs: 60 * 60_000 };
}

/**
 * Throws TOO_MANY_ATTEMPTS when the client's address (its IPv6 /64, client-address.ts) is over the
 * rule's limit; counts the request otherwise.
 */
export async function takeAddressToken(
  deps: AppDeps,
  rule: ThrottleRule,
  request: Pick<FastifyRequest, 'ip'>,
): Promise<void> {
  const wait = await takeToken(deps.db, rule, clientAddressKey(request), deps.now());
  if (wait !== null) throw tooManyAttempts(wait);
}
