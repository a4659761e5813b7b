/**
 * Passkeys (WebAuthn, issue 31): the bodies and answers of the passkey calls. The WebAuthn options
 * and credentials are the JSON forms of `@simplewebauthn/server` and `@simplewebauthn/browser`
 * (PublicKeyCredential*OptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON); they are
 * checked here only as far as the server needs before the library checks them in full.
 */
import * as z from 'zod/mini';
import { sessionResponseSchema } from './schemas';

const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/));

/** A credential as the browser returns it (`startRegistration` / `startAuthentication`). */
const credentialShape = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
};

export const registrationCredentialSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
  }),
});

export type RegistrationCredential = z.input<typeof registrationCredentialSchema>;

export const authenticationCredentialSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(base64url),
  }),
});
export type AuthenticationCredential = z.input<typeof authenticationCredentialSchema>;

/** The ceremony an options answer opened: single use, a few minutes (the server's passkey_challenges). */
const ceremonyId = z.string().check(z.minLength(16), z.maxLength(100));

/** A passkey's own name, given by its owner (shown in the security widget's list). */
export const passkeyNameSchema = z.string().check(z.minLength(1), z.maxLength(64));

/**
 * WebAuthn options for `startRegistration` / `startAuthentication` (the browser library checks
 * them), with the ceremony to name when the credential comes back.
 */
export const passkeyOptionsSchema = z.object({
  ceremonyId,
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyRegisterSchema = z.object({
  ceremonyId,
  credential: registrationCredentialSchema,
  name: z.optional(passkeyNameSchema),
});

export const passkeyLoginSchema = z.object({
  ceremonyId,
  credential: authenticationCredentialSchema,
  rememberMe: z._default(z.boolean(), false),
});

export const passkeyReauthenticateSchema = z.object({ ceremonyId, credential: authenticationCredentialSchema });

/** Sign-up with a passkey and no password, where the service allows it (`passkeySignUp`). */
export const passkeySignUpSchema = z.object({
  ceremonyId,
  credential: registrationCredentialSchema,
  name: z.optional(passkeyNameSchema),
  rememberMe: z._default(z.boolean(), false),
});

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

export const passkeySchema = z.object({
  /** The credential id (base64url): the passkey's id in these calls. */
  id: z.string(),
  name: z.string(),
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  deviceType: z.string(),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/**
 * Sign-up with a passkey: signed in at once (201), or (202) waiting for the activation the
 * service asks for, as social registration answers.
 */
export const passkeySignedUpSchema = z.union([
  sessionResponseSchema,
  z.object({ guid: z.string(), state: z.literal('INACTIVE') }),
]);
