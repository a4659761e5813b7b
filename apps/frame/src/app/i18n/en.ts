import { catalogueTexts, IDENTITY_ERRORS, type IdentityErrorCode } from '@foyer/api';

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
  // The form building blocks (ui/form) of every form, the login's included: here, so their
  // other languages download only with that language's core table.
  'forms.invalidEmail': 'Enter a valid email address.',
  'forms.invalidNumber': '{0} must be a number.',
  'forms.invalidDate': 'Choose a day, a month and a year for {0}.',
  'forms.impossibleDate': '{0} is not a valid date.',
  'forms.invalidDateTime': '{0} is not a valid date and time.',
  'forms.invalidOption': 'Choose one of the options for {0}.',
  'forms.invalidFormat': '{0} is not in the expected format.',
  'forms.mustAccept': '{0} must be checked.',
  'forms.passwordMinLength': 'Password and Confirm password must be of minimum 6 characters.',
  'forms.passwordMismatch': '{0} and Confirm {0} do not match',
  'forms.passwordUnchanged': 'The new password must differ from the current one.',
  'forms.confirmLabel': 'Confirm {0}',
  'forms.invalidAttributes': 'Please check: {0}.',
  'forms.day': 'Day',
  'forms.month': 'Month',
  'forms.year': 'Year',
  'forms.choose': 'Choose…',
  'forms.identifierAvailable': 'Available',
  'forms.identifierTaken': 'Already registered',
  'forms.identifierChecking': 'Checking…',
  'forms.captchaLabel': 'Verification',
  'forms.captchaLoading': 'Loading the verification…',
  'forms.captchaExpired': 'The verification expired. Please verify again.',
  'forms.readOnly': '(cannot be changed)',
  'forms.cancel': 'Cancel',
  'forms.ok': 'OK',
  'forms.yes': 'Yes',
  'forms.no': 'No',
  'forms.submitEmail': 'Continue',
  'forms.emailLabel': 'Email',
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
  ...catalogueTexts(IDENTITY_ERRORS),
  ...EN_LABELS,
};
