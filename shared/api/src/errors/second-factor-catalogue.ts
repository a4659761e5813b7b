/**
 * The error codes of the visitors' second factor (issue 31), apart from the identity catalogue so
 * that the login route's shared bundle does not grow with texts only the security widget and the
 * second step of a login show. The server answers them like any code (errors/all.ts).
 *
 * `second_factor_required` and `second_factor_enrolment_required` are not failures but the next
 * step of a sign-in or a step-up (like Auth0's `mfa_required`): their `args` are
 * `[ticket, expiresAt]`, the single-use ticket that POST /session/secondFactor (or, for a step-up,
 * POST /session/:id/secondFactor) spends, and its end in epoch milliseconds. The texts have no
 * placeholder, so the ticket never shows in a message.
 */
import { errorFactory } from './foyer-error';

export const SECOND_FACTOR_ERRORS = {
  second_factor_required: {
    status: 403,
    text: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  },
  second_factor_enrolment_required: {
    status: 403,
    text: 'This site asks for a second factor. Set up an authenticator app to continue.',
  },
  /** A wrong code, a code used already, a code outside its window, or a backup code used already. */
  SECOND_FACTOR_CODE_INVALID: {
    status: 401,
    text: 'This code is not valid. Enter the current code from your authenticator app, or an unused backup code.',
  },
  /** The ticket is unknown, spent, expired, or not for this step. */
  SECOND_FACTOR_TICKET_INVALID: { status: 401, text: 'This sign-in took too long. Please sign in again.' },
  SECOND_FACTOR_ALREADY_ENABLED: { status: 409, text: 'Two-step verification is already on.' },
  SECOND_FACTOR_NOT_ENABLED: { status: 409, text: 'Two-step verification is not on.' },
  /** Confirming an enrolment that was never started (or was replaced). */
  SECOND_FACTOR_ENROLMENT_NOT_STARTED: {
    status: 409,
    text: 'Start setting up two-step verification again.',
  },
  /** Turning the factor off where the service requires one. */
  SECOND_FACTOR_REQUIRED_BY_SERVICE: {
    status: 409,
    text: 'This site requires two-step verification: it cannot be turned off.',
  },
} as const;

export type SecondFactorErrorCode = keyof typeof SECOND_FACTOR_ERRORS;

/** FoyerErrors for the second factor's codes. */
export const secondFactorError = errorFactory(SECOND_FACTOR_ERRORS);
