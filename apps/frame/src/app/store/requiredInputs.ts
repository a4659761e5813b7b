/**
 * The identity spec's assertions on a call's inputs (§5: "Required inputs are asserted non-empty
 * with messages such as 'Realm should not be empty!'"): checked before the call is made, so a
 * page without a realm, a template without identifiers or validators, a form that leaves no
 * attribute to send, or a session without its user id says which input is missing instead of
 * whatever the server makes of it. Each check runs only for the inputs a call names.
 */
import { foyerError, type FoyerError, type NameValue } from '@foyer/api';

export interface RequiredInputs {
  /** The page's realm (settings `realmName`): login, registration, forgot password, resend activation. */
  realm?: string | null | undefined;
  /** The identifiers sent (login, forgot password, resend activation). */
  identifiers?: readonly NameValue[];
  /** The validators sent (login). */
  validators?: readonly NameValue[];
  /** The attributes sent (registration, profile update). */
  attributes?: readonly NameValue[];
  /** The account's guid (profile update). */
  userId?: string | null | undefined;
}

/** The first missing input's error (REALM_EMPTY, IDENTIFIERS_EMPTY …), or null when all are there. */
export function missingInput(inputs: RequiredInputs): FoyerError | null {
  if ('realm' in inputs && !inputs.realm?.trim()) return foyerError('REALM_EMPTY');
  if ('identifiers' in inputs && !inputs.identifiers?.length) return foyerError('IDENTIFIERS_EMPTY');
  if ('validators' in inputs && !inputs.validators?.length) return foyerError('VALIDATORS_EMPTY');
  if ('attributes' in inputs && !inputs.attributes?.length) return foyerError('ATTRIBUTES_EMPTY');
  if ('userId' in inputs && !inputs.userId?.trim()) return foyerError('USER_ID_EMPTY');
  return null;
}
