/**
 * The one place that turns the server's template fields into validation (identity spec §5, §9):
 * a yup schema per field and per form, used by formik (`validationSchema`) in every identity form
 * and, synchronously, by code that needs "the problem of this value" (product profile).
 *
 * Every message is a translation code resolved when the check runs, so a locale loaded after the
 * schema was built still counts.
 */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, type Attribute } from '@foyer/api';
import { object, ref, string, ValidationError, type ObjectSchema, type StringSchema } from 'yup';
import { t } from '../../app/i18n';
import { isPasswordAttribute, type FieldSpec } from './fields';
// The rules' texts come with the rules, whichever widget (login included) uses them.

/**
 * The date checks (dayjs, in dates.ts). dates.ts registers them when it loads, and every form
 * that can show a date field loads it (AttributeField → DateSelector → dates.ts), so the login
 * route, whose templates have no dates, does not download dayjs. A schema with a date field built
 * without them is a bug in the caller, and says so.
 */
export interface DateChecks {
  isCompleteDate(value: string): boolean;
  isRealDate(value: string): boolean;
  isRealDateTime(value: string): boolean;
}

let dateChecks: DateChecks | null = null;

export function registerDateChecks(checks: DateChecks): void {
  dateChecks = checks;
}

function requireDateChecks(): DateChecks {
  if (!dateChecks) throw new Error('Foyer: a date field needs the date checks: import ui/form/dates');
  return dateChecks;
}

/** Identity spec §5, §9: text inputs hold 1 to 255 characters (an empty value is "not given"). */
export const MAX_INPUT_LENGTH = 255;
export const MIN_INPUT_LENGTH = 1;

export type Values = Readonly<Record<string, string>>;
export type Errors = Record<string, string>;

/** What a field's schema checks beyond presence and length. */
export interface SchemaOptions {
  /**
   * 'existing': credentials the visitor already has (login, forgot password) — only presence,
   * length and the input type are checked; the template's password and regex rules are for new
   * values (an old password may predate them). Default 'new'.
   */
  credentials?: 'new' | 'existing';
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * The template's regex validations: any parameter named regex, pattern or regexp (the same names
 * the server checks). Matched against the whole value. A pattern that does not compile is skipped:
 * a typo in the site's configuration must not lock every visitor out (the server skips it too).
 */
export function validationPatterns(attribute: Attribute): RegExp[] {
  const patterns: RegExp[] = [];
  for (const validation of attribute.validations ?? []) {
    for (const [name, pattern] of Object.entries(validation.parameters ?? {})) {
      if (!/^(regex|pattern|regexp)$/i.test(name)) continue;
      try {
        patterns.push(new RegExp(`^(?:${pattern})$`, 'u'));
      } catch {
        // skipped, see above
      }
    }
  }
  return patterns;
}

/** The value as it will be sent: identifiers and attributes trimmed, secrets exactly as typed. */
export function submittedValue(field: Pick<FieldSpec, 'control'>, value: string): string {
  return field.control === 'password' ? value : value.trim();
}

/**
 * A string schema whose empty value (after trimming, for non-secrets) is "absent", as formik
 * hands it over: `required` then speaks, and an optional empty field skips every other rule.
 */
function base(field: Pick<FieldSpec, 'control'>): StringSchema<string | undefined> {
  return string().transform((value: unknown) => {
    if (typeof value !== 'string') return value;
    const sent = submittedValue(field, value);
    return sent === '' ? undefined : sent;
  });
}

function choicesAllowed(field: FieldSpec, value: string): boolean {
  const allowed = new Set(field.options.map((option) => option.value));
  const chosen = field.control === 'checkboxes' ? value.split(',') : [value];
  return chosen.every((part) => allowed.has(part));
}

/** The schema of one field's own value (a confirmation's match is the form's business). */
export function fieldSchema(field: FieldSpec, options: SchemaOptions = {}): StringSchema<string | undefined> {
  const { label } = field;
  const newValue = options.credentials !== 'existing';
  if (field.control === 'checkbox') {
    const schema = string();
    return field.mandatory
      ? schema.test(
          'checked',
          () => t('forms.mustAccept', [label]),
          (value) => value === 'true',
        )
      : schema;
  }
  let schema = base(field);
  if (field.mandatory) schema = schema.required(() => t('field.required', [label]));
  schema = schema.max(MAX_INPUT_LENGTH, () => t('field.tooLong', [label, MAX_INPUT_LENGTH]));
  if (newValue && isPasswordAttribute(field.attribute)) {
    schema = schema.min(PASSWORD_MIN_LENGTH, () => t('forms.passwordMinLength'));
  }
  switch (field.control) {
    case 'email':
      schema = schema.matches(EMAIL_PATTERN, () => t('field.invalidEmail', [label]));
      break;
    case 'number':
      schema = schema.matches(NUMERIC, () => t('forms.invalidNumber', [label]));
      break;
    case 'date': {
      const { isCompleteDate, isRealDate } = requireDateChecks();
      schema = schema
        .test(
          'complete',
          () => t('forms.invalidDate', [label]),
          (value) => !value || isCompleteDate(value),
        )
        .test(
          'real',
          () => t('forms.impossibleDate', [label]),
          (value) => !value || isRealDate(value),
        );
      break;
    }
    case 'datetime': {
      const { isRealDateTime } = requireDateChecks();
      schema = schema.test(
        'datetime',
        () => t('forms.invalidDateTime', [label]),
        (value) => !value || isRealDateTime(value),
      );
      break;
    }
    case 'select':
    case 'radio':
    case 'checkboxes':
      schema = schema.test(
        'options',
        () => t('forms.invalidOption', [label]),
        (value) => !value || choicesAllowed(field, value),
      );
      break;
    default:
      if (field.attribute.type === 'NUMERIC') schema = schema.matches(NUMERIC, () => t('forms.invalidNumber', [label]));
  }
  if (newValue) {
    for (const pattern of validationPatterns(field.attribute)) {
      schema = schema.matches(pattern, () => t('forms.invalidFormat', [label]));
    }
  }
  return schema;
}

/** A confirmation: given, as long as a new password must be, and equal to the field it confirms. */
function confirmationSchema(field: FieldSpec, original: FieldSpec | undefined): StringSchema<string | undefined> {
  const confirms = field.confirms ?? '';
  let schema = base(field).required(() => t('field.required', [field.label]));
  if (isPasswordAttribute(field.attribute)) {
    schema = schema.min(PASSWORD_MIN_LENGTH, () => t('forms.passwordMinLength'));
  }
  return schema.oneOf([ref(confirms)], () => t('forms.passwordMismatch', [original?.label ?? field.name]));
}

/** The labels a new-password form shows; `name` is what the mismatch message calls the secret. */
export interface PasswordLabels {
  current: string;
  password: string;
  confirm: string;
  name: string;
}

/**
 * Reset and change password (identity spec §5, §9): the new password and its confirmation follow
 * the same rules as registration's; the current one (when asked for) only has to be given — its
 * length is the server's business, old rules may differ — and the new one must differ from it.
 */
export function newPasswordSchema(labels: PasswordLabels, withCurrent: boolean): ObjectSchema<Values> {
  const secret = (label: string) =>
    base({ control: 'password' })
      .required(() => t('field.required', [label]))
      .max(MAX_INPUT_LENGTH, () => t('field.tooLong', [label, MAX_INPUT_LENGTH]));
  const password = secret(labels.password)
    .min(PASSWORD_MIN_LENGTH, () => t('forms.passwordMinLength'))
    .test(
      'changed',
      () => t('forms.passwordUnchanged'),
      function (value) {
        const current = (this.parent as Partial<Values>).current;
        return !current || value !== current;
      },
    );
  const confirm = secret(labels.confirm)
    .min(PASSWORD_MIN_LENGTH, () => t('forms.passwordMinLength'))
    .oneOf([ref('password')], () => t('forms.passwordMismatch', [labels.name]));
  const shape: Record<string, StringSchema<string | undefined>> = { password, confirm };
  if (withCurrent) shape.current = secret(labels.current);
  return object(shape) as unknown as ObjectSchema<Values>;
}

/** The form's schema: one entry per editable field, keyed like the form's values. */
export function formSchema(fields: readonly FieldSpec[], options: SchemaOptions = {}): ObjectSchema<Values> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const shape: Record<string, StringSchema<string | undefined>> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    shape[field.key] = field.confirms
      ? confirmationSchema(field, byKey.get(field.confirms))
      : fieldSchema(field, options);
  }
  return object(shape) as unknown as ObjectSchema<Values>;
}

/** The first message of each failing path (formik shows one problem per field, so does this). */
export function errorsOf(error: unknown): Errors {
  if (!ValidationError.isError(error)) throw error;
  const errors: Errors = {};
  for (const problem of error.inner.length ? error.inner : [error]) {
    if (problem.path && !(problem.path in errors)) errors[problem.path] = problem.message;
  }
  return errors;
}

/** Every problem of the values, by field key (synchronous: no rule here waits for anything). */
export function problemsOf(schema: ObjectSchema<Values>, values: Values): Errors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return errorsOf(error);
  }
}

/** A value's problem with its own field (not with other fields), or null. */
export function fieldProblem(field: FieldSpec, value: string, options: SchemaOptions = {}): string | null {
  try {
    fieldSchema(field, options).validateSync(value);
    return null;
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    return error.message;
  }
}

/**
 * The attributes to send: every editable field except confirmations, empty values dropped
 * (identity spec §5). A multi-choice value is already the comma-joined option values.
 */
export function submittedAttributes(
  fields: readonly FieldSpec[],
  values: Values,
  roles: readonly FieldSpec['role'][] = ['identifier', 'validator', 'attribute'],
): { name: string; value: string }[] {
  return fields
    .filter((field) => !field.readOnly && roles.includes(field.role))
    .map((field) => ({ name: field.name, value: submittedValue(field, values[field.key] ?? '') }))
    .filter((attribute) => attribute.value !== '');
}
