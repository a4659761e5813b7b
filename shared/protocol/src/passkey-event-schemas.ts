/** Payload schemas of the passkey events (issue 31); loaded with the widgets that manage passkeys. */
import * as z from 'zod/mini';

const guid = z.string().check(z.minLength(1), z.maxLength(100));
/** The credential id (base64url), as the passkey calls name it; never a key or a signature. */
const passkeyId = z.string().check(z.minLength(1), z.maxLength(1400));
const passkeyPayload = z.strictObject({ guid, passkeyId });

export const passkeyEventPayloadSchemas = {
  /** A passkey was added to the account (the security widget, or a sign-up with a passkey). */
  'passkey.added': passkeyPayload,
  /** A passkey was removed from the account. */
  'passkey.removed': passkeyPayload,
};
