/**
 * Identity server payloads (identity spec §3, §7) as zod schemas; types are inferred.
 * The server validates its requests and responses with these, the frame its responses.
 */
import * as z from 'zod/mini';

const shortText = z.string().check(z.minLength(1), z.maxLength(255));
const name = z.string().check(z.minLength(1), z.maxLength(100));

export const nameValueSchema = z.object({ name, value: z.string().check(z.maxLength(255)) });
export type NameValue = z.infer<typeof nameValueSchema>;

export const ATTRIBUTE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'DATE', 'DATE_TIME'] as const;

export const attributeSchema = z.object({
  name,
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  mandatory: z._default(z.boolean(), false),
  placeholder: z.optional(z.string()),
  value: z.optional(z.string()),
  options: z.optional(z.array(z.object({ value: z.string(), caption: z.string() }))),
  validations: z.optional(
    z.array(z.object({ name: z.string(), parameters: z.optional(z.record(z.string(), z.string())) })),
  ),
  /** Browser autofill token for the field (`username`, `current-password`, `email` …). */
  autocomplete: z.optional(z.string()),
  /** `password` for validators that must be masked. */
  inputType: z.optional(z.enum(['text', 'email', 'password', 'tel', 'number'])),
});
export type Attribute = z.infer<typeof attributeSchema>;

/** Login and registration templates: identifiers, validators, attributes. */
export const templateSchema = z.object({
  identifiers: z.array(attributeSchema),
  validators: z.array(attributeSchema),
  attributes: z.array(attributeSchema),
});
export type Template = z.infer<typeof templateSchema>;

export const sessionCreateSchema = z.object({
  realmName: name,
  authenticationSchemeName: name,
  identifiers: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
  validators: z.array(nameValueSchema).check(z.minLength(1), z.maxLength(10)),
  rememberMe: z._default(z.boolean(), false),
  /** The reCAPTCHA response token, required when the service has a site key. */
  recaptchaResponse: z.optional(z.string().check(z.maxLength(4000))),
});
export type SessionCreate = z.infer<typeof sessionCreateSchema>;

const sessionPartSchema = z.object({
  sessionId: z.string(),
  /** Idle expiry, epoch milliseconds. */
  expiry: z.number(),
});

export const sessionResponseSchema = z.object({
  guid: z.string(),
  mainSession: z.extend(sessionPartSchema, {
    /** True: keep in tab storage (a browser-session cookie); false: persistent storage. */
    sessionCookie: z.boolean(),
  }),
  secureSession: z.optional(sessionPartSchema),
  /** Present on status 202: service attributes the profile is missing. */
  missingAttributes: z.optional(z.array(z.string())),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const PROFILE_STATES = ['ACTIVE', 'INACTIVE', 'LOCKED'] as const;

export const userProfileSchema = z.object({
  guid: z.string(),
  attributes: z.array(nameValueSchema),
  roles: z.array(z.string()),
  services: z.array(z.string()),
  state: z.enum(PROFILE_STATES),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const authenticationSchemeSchema = z.object({
  name,
  realmName: name,
  identifiers: z.array(z.string()),
  validators: z.array(z.string()),
});
export type AuthenticationScheme = z.infer<typeof authenticationSchemeSchema>;

/** What anyone may know of a service. */
export const servicePublicSchema = z.object({
  name,
  realmName: name,
  authenticationSchemeName: name,
  displayName: shortText,
  requiredAttributes: z.array(z.string()),
  /** Change password asks for the old password (default true). */
  requireOldPassword: z.optional(z.boolean()),
  /** The reCAPTCHA site key login and registration show a captcha with; absent: no captcha. */
  recaptchaSiteKey: z.optional(z.string()),
});
export type ServicePublic = z.infer<typeof servicePublicSchema>;

export const profileQuerySchema = z.object({ serviceName: z.optional(name) });

// ---- Identity suite (issue 3): registration, activation, passwords, profile editing, captcha, SSO ----

/** Response header of POST /session and DELETE /session/:id: comma-separated participating SSO domains (may be empty). */
export const SSO_DOMAINS_HEADER = 'X-Evolok-SSO-Domains';
/**
 * Cookie that `GET /session/:id/sso.gif` sets on a participating domain (value: the session id,
 * readable by that domain's frames for SSO refresh) and `sso_logout.gif` clears.
 */
export const SSO_COOKIE_NAME = 'evolok_sso';
/** Identity spec §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const RECAPTCHA_SITE_KEY_LENGTH = 40;
export const RECAPTCHA_RESPONSE_LIFETIME_SECONDS = 120;

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

/** PUT /userProfile/:id[/:service]. A multi-choice value is the comma-joined option values. */
export const profileUpdateSchema = z.object({
  attributes: z.optional(z.array(nameValueSchema).check(z.maxLength(100))),
  /** Replaces the assignable roles the user holds. */
  roles: z.optional(names),
  rolesToAssign: z.optional(names),
  rolesToUnAssign: z.optional(names),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

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
