/**
 * Identity server payloads (identity spec §3, §7) as zod schemas; types are inferred.
 * The server validates its requests and responses with these, the frame its responses.
 */
import * as z from 'zod/mini';

/** Text of 1–255 characters. */
export const shortText = z.string().check(z.minLength(1), z.maxLength(255));
/** A name (of a realm, service, attribute …): 1–100 characters. */
export const name = z.string().check(z.minLength(1), z.maxLength(100));

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
  /** True: login and registration offer a 6-digit code by mail (issue 31); absent: they do not. */
  emailCodeSignIn: z.optional(z.boolean()),
});
export type ServicePublic = z.infer<typeof servicePublicSchema>;

export const profileQuerySchema = z.object({ serviceName: z.optional(name) });

// ---- Identity suite (issue 3): registration, activation, passwords, profile editing, captcha, SSO ----

/**
 * Request header of every identity call of the frame: the calling application's name (the page
 * setting `icAppName`, default 'ev-widgets'), so the identity server can tell its clients apart.
 * The reference server allows it in CORS and records it in the request log line.
 */
export const APP_NAME_HEADER = 'X-Foyer-App';
/** Response header of POST /session and DELETE /session/:id: comma-separated participating SSO domains (may be empty). */
export const SSO_DOMAINS_HEADER = 'X-Evolok-SSO-Domains';
/**
 * Response header of POST /session next to SSO_DOMAINS_HEADER: comma-separated seamless sign-in
 * tokens, one per participating domain in the same order. The frame requests
 * `<domain>/ic/api/session/<token>/sso.gif`; each token works once, within a minute, on its domain.
 */
export const SSO_TOKENS_HEADER = 'X-Evolok-SSO-Tokens';
/**
 * Cookie that `GET /session/:token/sso.gif` sets on a participating domain (value: the session id)
 * and `sso_logout.gif` clears. HttpOnly (issue 24): no script reads or writes it, so no script can
 * plant a session in it; the frames learn the session it names from `GET /session/sso`, which
 * checks it. Over https it is a `__Host-` cookie (SSO_HOST_COOKIE_NAME): host-only, so a sibling
 * subdomain cannot plant one either.
 */
export const SSO_COOKIE_NAME = 'evolok_sso';
export const SSO_HOST_COOKIE_NAME = `__Host-${SSO_COOKIE_NAME}`;
/** Identity spec §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const RECAPTCHA_SITE_KEY_LENGTH = 40;
export const RECAPTCHA_RESPONSE_LIFETIME_SECONDS = 120;
/**
 * What counts as an e-mail address, for the widgets' forms and the server's checks alike (one
 * definition, so the frame never accepts what the server refuses): something@something.something
 * without spaces. Deliberately loose: the activation mail is the real test of an address.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
