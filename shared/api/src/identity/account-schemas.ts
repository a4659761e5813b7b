/**
 * Payloads of the account calls (registration, activation, passwords, profile editing, captcha,
 * the dev mailbox). A module apart from the session payloads so the frame loads it only with
 * the widgets that make these calls.
 */
import * as z from 'zod/mini';
import { name, shortText, nameValueSchema, PROFILE_STATES, userProfileSchema } from './schemas';

const names = z.array(name).check(z.maxLength(50));

/**
 * POST /userProfile. `attributes` holds everything the registration template asks for: the
 * identifiers (email), the validators (password) and the profile attributes. Empty values are
 * dropped by the frame before submit.
 */
export const registerSchema = z.object({
  realm: name,
  services: z.array(name).check(z.minLength(1), z.maxLength(10)),
  attributes: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(100)),
  /** The reCAPTCHA response token, when the service shows a captcha. */
  recaptchaResponse: z.optional(z.string().check(z.maxLength(4000))),
});
export type Register = z.infer<typeof registerSchema>;

/**
 * PUT /userProfile/:id[/:service]. A multi-choice value is the comma-joined option values.
 * Changing an identifier (the e-mail address) needs a fresh proof of the password: the request is
 * authorised by a live secure session, or carries `currentPassword`; without either it answers
 * 401 secure_session_expired, with a wrong one 401 IDENTIFIERS_INVALID.
 */
export const profileUpdateSchema = z.object({
  attributes: z.optional(z.array(nameValueSchema).check(z.maxLength(100))),
  /** Replaces the assignable roles the user holds. */
  roles: z.optional(names),
  rolesToAssign: z.optional(names),
  rolesToUnAssign: z.optional(names),
  /** The account's password, when an identifier changes and no secure session authorises the call. */
  currentPassword: z.optional(z.string().check(z.maxLength(255))),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * The answer of PUT /userProfile/:id[/:service]: the profile as saved. A changed identifier is not
 * in it yet: the answer is 202 and `pendingConfirmation` names the identifiers that change once
 * the link mailed to the new address is followed (the old address is told by mail).
 */
export const profileUpdateResultSchema = z.extend(userProfileSchema, {
  pendingConfirmation: z.optional(z.array(z.string())),
});
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

/**
 * POST /userProfile/:id/identifier/confirm: the key of the confirmation link (query
 * `identifierChangeKey` of the mailed link). 204 once the new identifier is in place; 404
 * ACTIVATION_KEY_NOT_FOUND when the key is unknown, used, expired or not this account's.
 */
export const identifierChangeConfirmSchema = z.object({ key: z.string().check(z.minLength(1), z.maxLength(200)) });
export type IdentifierChangeConfirm = z.infer<typeof identifierChangeConfirmSchema>;

/** PUT /userProfile/:id/password. `oldPassword` may be left out when the service does not require it. */
export const changePasswordSchema = z.object({
  oldPassword: z.optional(z.string().check(z.maxLength(255))),
  newPassword: z.string().check(z.maxLength(255)),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** POST /userProfileActivationWorkflow/resendByIdentifiers. */
export const resendActivationSchema = z.object({
  realmName: name,
  service: name,
  identifiers: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
});
export type ResendActivation = z.infer<typeof resendActivationSchema>;

/** POST /userProfileActivationWorkflow/:key. */
export const activationResultSchema = z.object({ guid: z.string(), state: z.enum(PROFILE_STATES) });
export type ActivationResult = z.infer<typeof activationResultSchema>;

/**
 * Query of POST /userProfile/resetAttributeWorkflow/:authScheme: `realm`, optionally
 * `serviceName` (else the Authorization header's service), and the scheme's identifiers by name
 * (`?realm=default&email=a@b.c`).
 */
export const forgotPasswordQuerySchema = z.looseObject({ realm: name, serviceName: z.optional(name) });
export type ForgotPasswordQuery = z.infer<typeof forgotPasswordQuerySchema>;

/** The answer of forgot password and resend activation, the same whether or not the account exists. */
export const workflowAcceptedSchema = z.object({ accepted: z.literal(true) });
export type WorkflowAccepted = z.infer<typeof workflowAcceptedSchema>;

/** PUT /resetAttributeWorkflow/:key: the new password as `{name: 'password', value}`. */
export const resetPasswordSchema = z.object({
  attributes: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** GET /userProfile/searchByIdentifiers/:identifierKey?realmName=&value= */
export const identifierSearchQuerySchema = z.object({ realmName: name, value: shortText });
/** 200 when taken; a free identifier answers 404 USER_PROFILE_IDENTIFIERS_NOT_FOUND. */
export const identifierSearchResultSchema = z.object({ exists: z.literal(true) });
export type IdentifierSearchResult = z.infer<typeof identifierSearchResultSchema>;

/** GET /recaptcha/settings/:siteKey */
export const recaptchaSettingsSchema = z.object({
  siteKey: z.string(),
  /** A solved captcha must reach the server within this many seconds. */
  responseLifetimeSeconds: z.number(),
});
export type RecaptchaSettings = z.infer<typeof recaptchaSettingsSchema>;

/** GET /dev/mailbox (not under the identity API): the demo outbox, newest first. */
export const mailboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
export const mailboxSchema = z.array(mailboxMessageSchema);
