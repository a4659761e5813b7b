/**
 * Every error code Foyer knows: identity and social (identity spec §8) and purchase (purchase
 * spec §8). A module apart from the identity catalogue so the identity frames' shared bundle stays small.
 */
import { PURCHASE_ERRORS } from '../widget/error-codes';
import { IDENTITY_ERRORS, type IdentityErrorCode } from './catalogue';
import { errorFactory } from './foyer-error';
import { SOCIAL_ERRORS, type SocialErrorCode } from './social-catalogue';

/** Identity entries, the social ones, then the purchase ones (no code in two; a unit test holds it). */
export const ERROR_CATALOGUE: Record<string, { status: number; text: string }> = {
  ...IDENTITY_ERRORS,
  ...SOCIAL_ERRORS,
  ...PURCHASE_ERRORS,
};

export function isKnownErrorCode(
  code: string,
): code is IdentityErrorCode | SocialErrorCode | keyof typeof PURCHASE_ERRORS {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

/** A FoyerError for any code, identity or purchase. */
export const catalogueError = errorFactory(ERROR_CATALOGUE);
