/**
 * Every error code Foyer knows: identity and social (identity spec §8) and purchase (purchase
 * spec §8). A module apart from the identity catalogue so the identity frames' shared bundle stays small.
 */
import { PURCHASE_ERRORS } from '../widget/error-codes';
import { ADMIN_ERRORS, type AdminErrorCode } from './admin-catalogue';
import { EMAIL_CODE_ERRORS, type EmailCodeErrorCode } from './email-code-catalogue';
import { IDENTITY_ERRORS, type IdentityErrorCode } from './catalogue';
import { errorFactory } from './foyer-error';
import { PASSKEY_ERRORS, type PasskeyErrorCode } from './passkey-catalogue';
import { SECOND_FACTOR_ERRORS, type SecondFactorErrorCode } from './second-factor-catalogue';
import { SOCIAL_ERRORS, type SocialErrorCode } from './social-catalogue';

/**
 * Identity entries, the social ones, the e-mail code ones, the passkey ones, the second factor's,
 * the purchase ones, then the admin ones (no code in two; a unit test holds it).
 */
export const ERROR_CATALOGUE: Record<string, { status: number; text: string }> = {
  ...IDENTITY_ERRORS,
  ...SOCIAL_ERRORS,
  ...EMAIL_CODE_ERRORS,
  ...PASSKEY_ERRORS,
  ...SECOND_FACTOR_ERRORS,
  ...PURCHASE_ERRORS,
  ...ADMIN_ERRORS,
};

export function isKnownErrorCode(
  code: string,
): code is
  | IdentityErrorCode
  | SocialErrorCode
  | EmailCodeErrorCode
  | PasskeyErrorCode
  | SecondFactorErrorCode
  | keyof typeof PURCHASE_ERRORS
  | AdminErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

/** A FoyerError for any code, identity or purchase. */
export const catalogueError = errorFactory(ERROR_CATALOGUE);
