/**
 * The error codes of passkeys (WebAuthn, issue 31), apart from the identity catalogue so that
 * frames without passkeys never download their texts. The server answers them like any code
 * (errors/all.ts); the passkey messages of the frame (apps/frame/src/features/security/passkeyMessages.ts) translate them.
 */
export const PASSKEY_ERRORS = {
  /**
   * The ceremony is unknown, was used already, has expired, or was opened for someone else: every
   * such case answers alike (a replayed credential learns nothing more).
   */
  PASSKEY_CEREMONY_INVALID: { status: 401, text: 'That passkey request has expired. Please try again.' },
  /**
   * The credential did not verify: a wrong origin or relying party, a bad signature, no user
   * verification, a passkey this site does not know, or a signature counter that went back (a clone).
   */
  PASSKEY_NOT_VERIFIED: { status: 401, text: 'That passkey could not be verified. Please try again.' },
  /** Adding or removing a passkey needs a recent confirmation (a secure session of the last few minutes). */
  PASSKEY_PROOF_REQUIRED: { status: 403, text: 'Please confirm it is you before you add or remove a passkey.' },
  /** The account has no such passkey. */
  PASSKEY_NOT_FOUND: { status: 404, text: 'This passkey was not found.' },
  /** The passkey is already registered (to this account or another). */
  PASSKEY_ALREADY_REGISTERED: { status: 409, text: 'This passkey is already registered.' },
  /** Removing the last way to sign in of an account without a password or a linked network. */
  PASSKEY_LAST_SIGN_IN: {
    status: 403,
    text: 'This passkey is your only way to sign in. Please set a password or add another passkey first.',
  },
  /** Step-up with a passkey on an account that has none. */
  PASSKEY_NONE_REGISTERED: { status: 400, text: 'Your account has no passkey yet.' },
  /** Sign-up with a passkey on a service that does not allow accounts without a password. */
  PASSKEY_SIGN_UP_NOT_ALLOWED: { status: 403, text: 'Please choose a password to create your account.' },
} as const;

export type PasskeyErrorCode = keyof typeof PASSKEY_ERRORS;
