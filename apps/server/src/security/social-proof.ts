/**
 * Social re-authentication: how an account without a password gives the fresh proof an identifier
 * change asks for (password-proof.ts; OWASP Authentication Cheat Sheet, "Require re-authentication
 * for sensitive features"). It has no password to type, so it signs in again, now, with a network
 * linked to it; the answer is a secure session, as a typed password's.
 *
 * Accounts with a password prove it with the password: a social account linked to them is not a
 * second key to their address.
 *
 * Not every link vouches at once. Linking needs a fresh proof (fresh-proof.ts), but should a thief
 * have had one, their own network could then "re-authenticate" to take the address (and, through a
 * password reset, the account). The network the account was created with vouches at once; a network
 * linked later vouches only after SOCIAL_PROOF_COOLDOWN_MS, a window in which the owner, still
 * signing in as before, can see it in the unlink list (and the mail socialLinkedNotice sends) and
 * remove it; a password reset removes it too.
 */
import { ApiError } from '../http/errors';
import type { Account } from '../identity/store';
import type { LinkRecord } from '../identity/social-store';

export const SOCIAL_PROOF_COOLDOWN_MS = 24 * 60 * 60_000;

/**
 * Throws unless `link` (the account's link on the network the visitor just signed in with, whose
 * identity is `socialUserId`) may stand in for the password now.
 */
export function checkSocialProof(account: Account, link: LinkRecord | null, socialUserId: string, now: number): void {
  if (account.passwordHash !== '') throw new ApiError('SOCIAL_PROOF_NEEDS_PASSWORD');
  if (!link || link.socialUserId !== socialUserId) throw new ApiError('SOCIAL_PROOF_NOT_LINKED');
  if (!link.registeredWith && now - link.linkedAt < SOCIAL_PROOF_COOLDOWN_MS) {
    throw new ApiError('SOCIAL_PROOF_TOO_RECENT');
  }
}
