import { IDENTITY_ERRORS, type IdentityErrorCode } from '@foyer/api';

/** UI labels of the frame, English defaults. Error texts are not here: they come from the catalogue. */
export const EN_LABELS = {
  'frame.title': 'Foyer widget',
  'frame.loading': 'Loading…',
  'frame.close': 'Close',
  'frame.retry': 'Try again',
  'frame.errorCode': 'Error code',
  'frame.events.title': 'Events',
  'frame.events.description':
    'This widget was opened directly, not in a site page. The events it would send to the page are listed here.',
  'frame.events.empty': 'No events yet.',
  'field.required': '{0} is required.',
  'field.invalidEmail': 'Enter a valid email address.',
  'field.tooLong': '{0} must be at most {1} characters.',
  'login.title': 'Log in',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.rememberMe': 'Remember me',
  'login.loggedIn': 'You are logged in',
  'login.forgotPassword': 'Forgot your password?',
  'login.register': 'Create an account',
  'login.resendActivation': 'Re-send activation email',
  'login.activationResent': 'If your account still needs activation, we have sent you a new activation email.',
  'logout.submit': 'Log out',
  'logout.submitting': 'Logging out…',
  'profile.title': 'Your account',
  'profile.notLoggedIn': 'You are not logged in.',
  'profile.attribute.email': 'Email',
  'profile.attribute.firstName': 'First name',
  'profile.attribute.lastName': 'Last name',
  'profile.attribute.displayName': 'Name',
} as const;

export type LabelCode = keyof typeof EN_LABELS;

/**
 * The names (attributes and profile groups) of the server's templates whose labels the frame
 * translates. English is the template's own label (the site owner's words); the es and pt-BR
 * tables (`templateLabels` in es.ts, pt-BR.ts) give each of these names, checked against the
 * seeded templates by completeness.test.ts. A name missing here keeps the template's label.
 */
export type TemplateName =
  | 'email'
  | 'password'
  | 'firstName'
  | 'lastName'
  | 'displayName'
  | 'birthDate'
  | 'phone'
  | 'fullName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'authDetails'
  | 'personalDetails'
  | 'otherDetails'
  | 'deliveryAddress'
  | 'billingAddress';
export type TemplateLabels = Readonly<Record<TemplateName, string>>;

/** Every key of the core table: the other core tables (es.ts, pt-BR.ts) must have each one. */
export type CoreKey = LabelCode | IdentityErrorCode;
export type CoreTable = Readonly<Record<CoreKey, string>>;

/** The English table: UI labels plus the error catalogue's texts, keyed by code. */
export const EN: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(IDENTITY_ERRORS).map(([code, entry]) => [code, entry.text])),
  ...EN_LABELS,
};
