/**
 * The e-mail code calls (issue 31). Apart from the other identity calls so only the widgets that
 * offer a code (when the service allows it) load them.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import {
  emailCodeLinkSessionSchema,
  emailCodeRequestedSchema,
  emailCodeRequestSchema,
  emailCodeSessionSchema,
} from './email-code-schemas';
import { sessionResponseSchema } from './schemas';

/** Mails a sign-in code (and link) to the address; the same answer whether or not it has an account. */
export const requestEmailCode = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof emailCodeRequestSchema>,
  z.infer<typeof emailCodeRequestedSchema>
>('POST', '/emailCode', emailCodeRequestSchema, emailCodeRequestedSchema);
/**
 * Signs in with the mailed code: the login's answer (200, or 202 with the missing attributes); 201
 * when the code asked from the registration widget created the account.
 */
export const emailCodeSession = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof emailCodeSessionSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/emailCode/session', emailCodeSessionSchema, sessionResponseSchema);
/** Signs in with the key of the mail's link, exactly as its code would. */
export const emailCodeLinkSession = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof emailCodeLinkSessionSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/emailCode/link/session', emailCodeLinkSessionSchema, sessionResponseSchema);
