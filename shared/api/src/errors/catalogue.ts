/**
 * The error catalogue of the identity spec §8 (and, later, the purchase spec §8): one entry per
 * code with its HTTP status and the English default of the visitor text. The frame's translation
 * table takes its English defaults from here; other languages translate by code.
 * `{0}`, `{1}` … are filled from the error's `args`.
 */
export const IDENTITY_ERRORS = {
  // Handled specially by the session machinery (identity spec §4, §8)
  SESSION_HAS_EXPIRED: { status: 401, text: 'Your session has expired. Please log in again.' },
  SESSION_NOT_FOUND: { status: 404, text: 'Your session was not found. Please log in again.' },
  REQUIRED_ATTRIBUTE_MISSING: { status: 403, text: 'Some information your account needs for this service is missing.' },
  access_denied: { status: 401, text: 'We are experiencing technical difficulties. Please try again later.' },
  secure_session_expired: { status: 401, text: 'Session has expired.' },
  // Login
  IDENTIFIERS_INVALID: {
    status: 401,
    text: 'Invalid username and password. Please reset your password through Forgot Password link and try again.',
  },
  // Not raised by the reference server (apps/server): an unknown account answers IDENTIFIERS_INVALID,
  // exactly like a wrong password, so a login cannot tell which accounts exist (account-enumeration
  // defence, tested in apps/server/test/session.test.ts). Another identity server may send it; the
  // frame translates it (apps/frame/src/widgets/login/login.test.tsx).
  IDENTIFIERS_NOT_FOUND: { status: 401, text: "We couldn't find the account, please register a new account." },
  user_profile_inactive: { status: 403, text: 'Your account is not yet activated' },
  USER_PROFILE_LOCKED: { status: 403, text: 'Your account is locked. Please contact the site to unlock it.' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    text: 'Too many attempts. Please wait {0} minutes before you try again.',
  },
  // Registration, reset, activation (identity issue)
  USER_PROFILE_IDENTIFIERS_NOT_FOUND: { status: 404, text: 'This identifier is available.' },
  ATTRIBUTE_VALIDATION_FAILED: {
    status: 400,
    text: 'The new password could not be accepted. Please check it and try again.',
  },
  reset_validation_failed: {
    status: 400,
    text: 'The new password could not be accepted. Please check it and try again.',
  },
  RESET_USER_PROFILE_NOT_FOUND: { status: 404, text: 'This reset link has already been used or has expired.' },
  reset_key_used: { status: 404, text: 'This reset link has already been used or has expired.' },
  ACTIVATION_KEY_NOT_FOUND: { status: 404, text: 'This activation link has already been used or has expired.' },
  DUPLICATE_IDENTIFIERS_FOUND: { status: 409, text: 'Account is already associated! Please register a new account.' },
  duplicate_user_profile: { status: 409, text: 'Email already in use! Please log in or use another email address.' },
  general_attribute_mandatory: { status: 400, text: '{0} is mandatory.' },
  general_attributes_mandatory: { status: 400, text: '{0} are mandatory.' },
  // Generic
  technical_difficulties: { status: 500, text: 'We are experiencing technical difficulties. Please try again later.' },
  NETWORK_ERROR: { status: 0, text: "We couldn't reach the server. Check your connection and try again." },
  VALIDATION_FAILED: { status: 400, text: 'Some of the information sent is not valid: {0}' },
  NOT_FOUND: { status: 404, text: 'Not found.' },
  SERVICE_NOT_FOUND: { status: 404, text: 'The service {0} does not exist.' },
  AUTHENTICATION_SCHEME_NOT_FOUND: { status: 404, text: 'The authentication scheme {0} does not exist.' },
  USER_PROFILE_NOT_FOUND: { status: 404, text: 'The account was not found.' },
  UNAUTHORIZED: { status: 401, text: 'You need to be logged in to use this widget' },
  FORBIDDEN: { status: 403, text: 'You are not allowed to do this.' },
  ORIGIN_NOT_ALLOWED: { status: 403, text: 'This site is not allowed to use these widgets.' },
  // A call without a valid frame token for its service (issue 11, finding 7): missing, forged,
  // expired (a frame open for hours) or naming another service than the call.
  FRAME_NOT_BOUND: { status: 403, text: 'This form has expired or belongs to another site. Please reload the page.' },
  // Client-side messages (identity spec §8)
  NOT_LOGGED_IN: { status: 401, text: 'Not logged-in!' },
  USER_NOT_LOGGED_IN: { status: 401, text: 'User is not loggedIn.' },
  INVALID_WIDGET_CONFIG: { status: 400, text: 'This widget is not configured correctly: {0}' },
  WIDGET_NOT_AVAILABLE: { status: 404, text: 'This widget is not available yet.' },
  SEAMLESS_DOMAINS_NOT_FOUND: { status: 400, text: "Couldn't find the participating seamless sign-in domains" },
  COOKIES_DISABLED: { status: 400, text: 'cookies are disabled' },
  ACTIVATION_KEY_MISSING: { status: 400, text: "Couldn't find the activation key!" },
  AUTH_SCHEME_EMPTY: { status: 400, text: 'Authentication scheme should not be empty!' },
  // Required inputs asserted non-empty before a call (identity spec §5; apps/frame store/requiredInputs.ts).
  REALM_EMPTY: { status: 400, text: 'Realm should not be empty!' },
  IDENTIFIERS_EMPTY: { status: 400, text: 'Identifiers should not be empty!' },
  VALIDATORS_EMPTY: { status: 400, text: 'Validators should not be empty!' },
  ATTRIBUTES_EMPTY: { status: 400, text: 'Attributes should not be empty!' },
  USER_ID_EMPTY: { status: 400, text: 'User id should not be empty!' },
  SERVICE_NAME_EMPTY: { status: 400, text: 'Service name should not be empty!' },
  /** Edit (social) profile without a session (identity spec §5). */
  USER_SESSION_EMPTY: { status: 401, text: 'User session should not be empty!' },
  MISSING_ATTRIBUTES_NOT_FOUND: { status: 400, text: "Couldn't find any missing attributes for the service" },
  RECAPTCHA_VERIFICATION_FAILED: { status: 400, text: 'Please verify that you are not a robot' },
  RECAPTCHA_SITE_KEY_REQUIRED: { status: 400, text: 'Google Re-captcha Site Key required.' },
  NOT_SUPPORTED_ACTION: { status: 400, text: 'Not Supported action' },
} as const satisfies Record<string, { status: number; text: string }>;

export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;

/**
 * The spec also names two codes in lower case (identity spec §8, "also named"). One code each in
 * the catalogue; an answer that spells one the other way is read as the catalogue's.
 */
const OTHER_SPELLINGS: Readonly<Record<string, IdentityErrorCode>> = {
  user_profile_identifiers_not_found: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
  duplicate_identifiers_found: 'DUPLICATE_IDENTIFIERS_FOUND',
};

/** The catalogue's spelling of a code an API answered. */
export function canonicalCode(code: string): string {
  return Object.prototype.hasOwnProperty.call(OTHER_SPELLINGS, code) ? OTHER_SPELLINGS[code]! : code;
}
