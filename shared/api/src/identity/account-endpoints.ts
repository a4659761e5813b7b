/**
 * The account calls (identity issue): registration, profile editing, activation, passwords,
 * identifier search, captcha settings, seamless sign-in. Apart from the session calls so the
 * frame loads them only with the widgets that use them.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import {
  registerSchema,
  profileUpdateSchema,
  profileUpdateResultSchema,
  identifierChangeConfirmSchema,
  changePasswordSchema,
  resendActivationSchema,
  activationResultSchema,
  workflowAcceptedSchema,
  resetPasswordSchema,
  identifierSearchResultSchema,
  recaptchaSettingsSchema,
} from './account-schemas';
import { sessionResponseSchema, templateSchema, userProfileSchema } from './schemas';

type Id = { id: string };

export const getRegistrationTemplate = /* @__PURE__ */ endpoint<
  { scheme: string },
  never,
  z.infer<typeof templateSchema>
>('GET', '/ui/template/registration/:scheme', null, templateSchema);
/** The scheme's registration template plus the attributes the service requires. */
export const getServiceRegistrationTemplate = /* @__PURE__ */ endpoint<
  { scheme: string; service: string },
  never,
  z.infer<typeof templateSchema>
>('GET', '/ui/template/registration/:scheme/:service', null, templateSchema);
/** Editable identifiers and attributes; with a session, filled with that user's values. */
export const getProfileTemplate = /* @__PURE__ */ endpoint<{ service: string }, never, z.infer<typeof templateSchema>>(
  'GET',
  '/ui/template/profile/:service',
  null,
  templateSchema,
);
/** 201 with the new (INACTIVE) profile; an activation mail is sent. */
export const register = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof registerSchema>,
  z.infer<typeof userProfileSchema>
>('POST', '/userProfile', registerSchema, userProfileSchema);
/** 200, or 202 when a changed identifier waits for the confirmation mailed to it (see profileUpdateSchema). */
export const updateUserProfile = /* @__PURE__ */ endpoint<
  Id,
  z.input<typeof profileUpdateSchema>,
  z.infer<typeof profileUpdateResultSchema>
>('PUT', '/userProfile/:id', profileUpdateSchema, profileUpdateResultSchema);
/** Validated against the service's profile template; links the service once nothing it requires is missing. */
export const updateUserProfileForService = /* @__PURE__ */ endpoint<
  Id & { service: string },
  z.input<typeof profileUpdateSchema>,
  z.infer<typeof profileUpdateResultSchema>
>('PUT', '/userProfile/:id/:service', profileUpdateSchema, profileUpdateResultSchema);
/** 204: the identifier change the mailed link confirms takes effect (no session needed: the key proves the address). */
export const confirmIdentifierChange = /* @__PURE__ */ endpoint<
  Id,
  z.input<typeof identifierChangeConfirmSchema>,
  void
>('POST', '/userProfile/:id/identifier/confirm', identifierChangeConfirmSchema, null);
/** 403 REQUIRED_ATTRIBUTE_MISSING (args: attribute names) when the profile lacks what the service requires. */
export const linkService = /* @__PURE__ */ endpoint<Id & { service: string }, never, z.infer<typeof userProfileSchema>>(
  'POST',
  '/userProfile/:id/link/:service',
  null,
  userProfileSchema,
);
/** 204; ends the user's other sessions. */
export const changePassword = /* @__PURE__ */ endpoint<Id, z.input<typeof changePasswordSchema>, void>(
  'PUT',
  '/userProfile/:id/password',
  changePasswordSchema,
  null,
);
export const activateAccount = /* @__PURE__ */ endpoint<{ key: string }, never, z.infer<typeof activationResultSchema>>(
  'POST',
  '/userProfileActivationWorkflow/:key',
  null,
  activationResultSchema,
);
export const resendActivation = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof resendActivationSchema>,
  z.infer<typeof workflowAcceptedSchema>
>('POST', '/userProfileActivationWorkflow/resendByIdentifiers', resendActivationSchema, workflowAcceptedSchema);
/** Forgot password; query `realm`, the scheme's identifiers by name, optional `serviceName`. */
export const forgotPassword = /* @__PURE__ */ endpoint<
  { authScheme: string },
  never,
  z.infer<typeof workflowAcceptedSchema>
>('POST', '/userProfile/resetAttributeWorkflow/:authScheme', null, workflowAcceptedSchema);
/** 204; ends all the user's sessions (no automatic login). */
export const resetPassword = /* @__PURE__ */ endpoint<{ key: string }, z.input<typeof resetPasswordSchema>, void>(
  'PUT',
  '/resetAttributeWorkflow/:key',
  resetPasswordSchema,
  null,
);
/** Query `realmName`, `value`. */
export const searchByIdentifiers = /* @__PURE__ */ endpoint<
  { identifierKey: string },
  never,
  z.infer<typeof identifierSearchResultSchema>
>('GET', '/userProfile/searchByIdentifiers/:identifierKey', null, identifierSearchResultSchema);
export const getRecaptchaSettings = /* @__PURE__ */ endpoint<
  { siteKey: string },
  never,
  z.infer<typeof recaptchaSettingsSchema>
>('GET', '/recaptcha/settings/:siteKey', null, recaptchaSettingsSchema);
/**
 * Image requests on each participating domain (seamless sign-in); answer a 1x1 GIF. `id` is the
 * domain's token from SSO_TOKENS_HEADER (single use, one minute), never a session id.
 */
export const ssoLogin = /* @__PURE__ */ endpoint<Id, never, void>('GET', '/session/:id/sso.gif', null, null);
/**
 * Clears the domain's SSO cookie, only when the session it names has ended (the logout that asks
 * has just ended it) and only for an image the widgets origin asked for (Referer): a page cannot
 * log a visitor out by showing this image (logout CSRF).
 */
export const ssoLogout = /* @__PURE__ */ endpoint<Record<string, never>, never, void>(
  'GET',
  '/session/sso_logout.gif',
  null,
  null,
);
/**
 * SSO refresh (issue 24): the live session the identity origin's SSO cookie names, sent with that
 * cookie (HttpOnly, never read by script); SESSION_NOT_FOUND when there is none, it ended, or the
 * calling service does not take it. The frames adopt a shared session only from this answer.
 */
export const getSharedSession = /* @__PURE__ */ endpoint<
  Record<string, never>,
  never,
  z.infer<typeof sessionResponseSchema>
>('GET', '/session/sso', null, sessionResponseSchema, { credentials: 'same-origin' });
