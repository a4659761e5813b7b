/**
 * A fresh proof of the password for sensitive changes made with a session (OWASP Authentication
 * Cheat Sheet, "Require re-authentication for sensitive features"): a stolen session alone must
 * not change the password or the address that password resets go to.
 */
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { Account } from '../identity/store';
import { tooManyAttempts } from './http-throttle';
import { verifyPassword } from './passwords';
import type { SessionRecord } from './sessions';
import { takeToken, type ThrottleRule } from './throttle';

/**
 * Password checks per account with a session, right or wrong: a stolen session must not become a
 * password oracle. Every check takes a token atomically, so concurrent guesses cannot overshoot.
 */
export const PASSWORD_PROOF_RULE: ThrottleRule = { bucket: 'change-password', max: 10, windowMs: 15 * 60_000 };

/** Throws TOO_MANY_ATTEMPTS over the limit, IDENTIFIERS_INVALID for a wrong password. */
export async function checkCurrentPassword(deps: AppDeps, account: Account, password: string): Promise<void> {
  const wait = await takeToken(deps.db, PASSWORD_PROOF_RULE, account.guid, deps.now());
  if (wait !== null) throw tooManyAttempts(wait);
  if (!(await verifyPassword(account.passwordHash, password))) throw new ApiError('IDENTIFIERS_INVALID');
}

/**
 * The request is authorised by a live secure session (it exists only after the password was typed,
 * identity spec §5), or carries the current password. Without either: secure_session_expired, on
 * which the frame asks for the password.
 */
export async function requirePasswordProof(
  deps: AppDeps,
  session: SessionRecord,
  account: Account,
  currentPassword: string | undefined,
): Promise<void> {
  if (session.secure) return;
  if (currentPassword === undefined || currentPassword === '') throw new ApiError('secure_session_expired');
  await checkCurrentPassword(deps, account, currentPassword);
}
