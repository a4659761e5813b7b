/**
 * A fresh proof for the changes that decide how an account signs in: linking and unlinking a social
 * network (issue 24, finding 4), adding and removing a passkey (issue 31). With a main session alone, a thief could link their own network
 * and keep signing in with it after the owner resets the password, or, on an account without a
 * password, link one and unlink the owner's.
 *
 * The proof is the secure session a re-authentication gives (a typed password, POST /session or
 * /session/:id; for an account without a password a sign-in with a linked network that vouches,
 * social-proof.ts). The secure session lives up to an hour; for these changes the proof must also
 * be recent: given at most FRESH_PROOF_MAX_AGE_MS ago.
 */
import { ApiError } from '../http/errors';
import type { SessionRecord } from './sessions';

/**
 * How old the proof behind a link or unlink may be: long enough to log in and then link a network
 * or two, short enough that a secure session picked up later (a shared computer, a copied storage)
 * has usually aged out of it. The social ticket a link spends lives as long (SOCIAL_STEP_LIFETIME_MS).
 */
export const FRESH_PROOF_MAX_AGE_MS = 10 * 60_000;

/**
 * Throws `code` (SOCIAL_PROOF_REQUIRED for the social changes, PASSKEY_PROOF_REQUIRED for adding or
 * removing a passkey) unless `session` (from requireSession with allowSecure) is a secure session
 * created, that is proved, within FRESH_PROOF_MAX_AGE_MS of `now`.
 */
export function checkFreshProof(
  session: SessionRecord,
  now: number,
  code: 'SOCIAL_PROOF_REQUIRED' | 'PASSKEY_PROOF_REQUIRED' = 'SOCIAL_PROOF_REQUIRED',
): void {
  if (!session.secure || now - session.createdAt > FRESH_PROOF_MAX_AGE_MS) throw new ApiError(code);
}
