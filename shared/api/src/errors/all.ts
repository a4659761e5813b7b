/**
 * Every error code Foyer knows: identity (identity spec §8) and purchase (purchase spec §8).
 * A module apart from the identity catalogue so the identity frames' shared bundle stays small.
 */
import { PURCHASE_ERRORS } from '../widget/error-codes';
import { IDENTITY_ERRORS, type IdentityErrorCode } from './catalogue';
import { errorFactory } from './foyer-error';

/** Identity entries, then the purchase ones (the two catalogues share no code; a unit test holds it). */
export const ERROR_CATALOGUE: Record<string, { status: number; text: string }> = {
  ...IDENTITY_ERRORS,
  ...PURCHASE_ERRORS,
};

export function isKnownErrorCode(code: string): code is IdentityErrorCode | keyof typeof PURCHASE_ERRORS {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

/** A FoyerError for any code, identity or purchase. */
export const catalogueError = errorFactory(ERROR_CATALOGUE);
