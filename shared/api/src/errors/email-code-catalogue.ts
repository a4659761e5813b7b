/**
 * The error codes of sign-in by e-mail code (issue 31), apart from the identity catalogue so that
 * only the visitors who ask for a code download their texts (the login route's budget). The
 * server answers them like any code (errors/all.ts); the e-mail code step registers their English
 * and translations (apps/frame/src/features/identity/email-code/messages.ts).
 */
import { errorFactory } from './foyer-error';

export const EMAIL_CODE_ERRORS = {
  /** The service does not offer sign-in by e-mail code (its `emailCodeSignIn` setting). */
  EMAIL_CODE_NOT_OFFERED: { status: 403, text: 'Signing in with an e-mail code is not offered here.' },
  /**
   * A wrong code, an expired or used one, or an address that was never sent one: one answer for
   * all, so the answer never tells whether the address has an account.
   */
  EMAIL_CODE_INVALID: {
    status: 401,
    text: 'This code is not right or has expired. Check the latest mail, or ask for a new code.',
  },
  /** Five wrong codes: the code stops working, even the right one. */
  EMAIL_CODE_LOCKED: {
    status: 429,
    text: 'Too many wrong codes. This code no longer works: please ask for a new one.',
  },
  /** The mail's link was used, has expired, or its code was locked. */
  EMAIL_CODE_LINK_INVALID: {
    status: 404,
    text: 'This sign-in link has already been used or has expired. Please ask for a new code.',
  },
} as const satisfies Record<string, { status: number; text: string }>;

export type EmailCodeErrorCode = keyof typeof EMAIL_CODE_ERRORS;

/** A FoyerError for an e-mail code, with its status and English text. */
export const emailCodeError = /* @__PURE__ */ errorFactory(EMAIL_CODE_ERRORS);
