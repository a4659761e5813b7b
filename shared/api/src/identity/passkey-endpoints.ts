/**
 * The passkey calls (WebAuthn, issue 31). Apart from the other identity calls so only the widgets
 * that offer passkeys load them. Each ceremony is two calls: options (which open a single-use
 * challenge, `ceremonyId`) and the credential the browser made with them.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { registerSchema } from './account-schemas';
import { sessionResponseSchema } from './schemas';
import {
  passkeyListSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyReauthenticateSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySignedUpSchema,
  passkeySignUpSchema,
} from './passkey-schemas';

type Guid = { guid: string };
type GuidPasskey = { guid: string; passkeyId: string };
type Options = z.infer<typeof passkeyOptionsSchema>;

/** Adding a passkey: needs a recent step-up (a secure session of the last few minutes). */
export const passkeyRegistrationOptions = /* @__PURE__ */ endpoint<Guid, never, Options>(
  'POST',
  '/passkeys/:guid/registration/options',
  null,
  passkeyOptionsSchema,
);
export const passkeyRegister = /* @__PURE__ */ endpoint<
  Guid,
  z.input<typeof passkeyRegisterSchema>,
  z.infer<typeof passkeySchema>
>('POST', '/passkeys/:guid/registration', passkeyRegisterSchema, passkeySchema);
export const listPasskeys = /* @__PURE__ */ endpoint<Guid, never, z.infer<typeof passkeyListSchema>>(
  'GET',
  '/passkeys/:guid',
  null,
  passkeyListSchema,
);
export const renamePasskey = /* @__PURE__ */ endpoint<
  GuidPasskey,
  z.input<typeof passkeyRenameSchema>,
  z.infer<typeof passkeySchema>
>('PUT', '/passkeys/:guid/:passkeyId', passkeyRenameSchema, passkeySchema);
/** Removing a passkey: a recent step-up, and never the account's last way in. */
export const removePasskey = /* @__PURE__ */ endpoint<GuidPasskey, never, z.infer<typeof passkeyListSchema>>(
  'DELETE',
  '/passkeys/:guid/:passkeyId',
  null,
  passkeyListSchema,
);
/**
 * Sign-in with a passkey: options without allowCredentials (discoverable credentials, usable with
 * conditional mediation, the browser's autofill), for the service of the calling frame.
 */
export const passkeyLoginOptions = /* @__PURE__ */ endpoint<Record<string, never>, never, Options>(
  'POST',
  '/passkeys/login/options',
  null,
  passkeyOptionsSchema,
);
/** Answers as POST /session does; the secure session is there too (a passkey is a fresh proof). */
export const passkeyLogin = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof passkeyLoginSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/passkeys/login', passkeyLoginSchema, sessionResponseSchema);
/** Step-up (secure mode) with one of the account's passkeys, as POST /session/:id does with the password. */
export const passkeyReauthenticationOptions = /* @__PURE__ */ endpoint<Guid, never, Options>(
  'POST',
  '/passkeys/:guid/reauthentication/options',
  null,
  passkeyOptionsSchema,
);
export const passkeyReauthenticate = /* @__PURE__ */ endpoint<
  Guid,
  z.input<typeof passkeyReauthenticateSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/passkeys/:guid/reauthentication', passkeyReauthenticateSchema, sessionResponseSchema);
/** Sign-up with a passkey and no password: the registration form (without a password) opens the ceremony. */
export const passkeySignUpOptions = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof registerSchema>,
  Options
>('POST', '/passkeys/sign-up/options', registerSchema, passkeyOptionsSchema);
export const passkeySignUp = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof passkeySignUpSchema>,
  z.infer<typeof passkeySignedUpSchema>
>('POST', '/passkeys/sign-up', passkeySignUpSchema, passkeySignedUpSchema);
