/**
 * The validation rules of identity spec §5, built from the template's fields. (formik + yup would
 * add ~26 KB gzip to the registration route, whose budget leaves ~23 KB over the shared chunk; these
 * rules and useForm.ts do the same job in a few KB.) Each rule returns the visitor's message or null.
 */
import { PASSWORD_MIN_LENGTH, type Attribute } from '@foyer/api';
import { t } from '../../i18n';
import { isCompleteDate, isRealDate } from './dates';
import { isPasswordAttribute, type FieldSpec } from './fields';

/** Identity spec §5, §9: text inputs hold 1 to 255 characters. */
export const MAX_INPUT_LENGTH = 255;
export const MIN_INPUT_LENGTH = 1;

export type Values = Readonly<Record<string, string>>;
export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

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
export function submittedValue(field: FieldSpec, value: string): string {
  return field.control === 'password' ? value : value.trim();
}

function isEmpty(field: FieldSpec, value: string): boolean {
  if (field.control === 'checkbox') return value !== 'true';
  return submittedValue(field, value) === '';
}

/** A value's problem with its own field (not with other fields), or null. */
export function fieldProblem(field: FieldSpec, raw: string): string | null {
  const value = submittedValue(field, raw);
  const { label } = field;
  if (isEmpty(field, raw)) {
    if (!field.mandatory) return null;
    return t(field.control === 'checkbox' ? 'forms.mustAccept' : 'forms.required', [label]);
  }
  if (value.length > MAX_INPUT_LENGTH) return t('forms.tooLong', [label, MAX_INPUT_LENGTH]);
  if (value.length < MIN_INPUT_LENGTH) return t('forms.required', [label]);
  if (isPasswordAttribute(field.attribute) && value.length < PASSWORD_MIN_LENGTH) return t('forms.passwordMinLength');
  switch (field.control) {
    case 'email':
      if (!EMAIL.test(value)) return t('forms.invalidEmail');
      break;
    case 'number':
      if (!NUMERIC.test(value)) return t('forms.invalidNumber', [label]);
      break;
    case 'date':
      if (!isCompleteDate(value)) return t('forms.invalidDate', [label]);
      if (!isRealDate(value)) return t('forms.impossibleDate', [label]);
      break;
    case 'datetime':
      if (!DATE_TIME.test(value) || !Number.isFinite(Date.parse(value))) return t('forms.invalidDateTime', [label]);
      break;
    case 'select':
    case 'radio':
    case 'checkboxes': {
      const allowed = new Set(field.options.map((option) => option.value));
      const chosen = field.control === 'checkboxes' ? value.split(',') : [value];
      if (!chosen.every((part) => allowed.has(part))) return t('forms.invalidOption', [label]);
      break;
    }
    default:
      if (field.attribute.type === 'NUMERIC' && !NUMERIC.test(value)) return t('forms.invalidNumber', [label]);
  }
  if (!validationPatterns(field.attribute).every((pattern) => pattern.test(value))) {
    return t('forms.invalidFormat', [label]);
  }
  return null;
}

/** Every problem of the form, by field key. A confirmation must equal its field. */
export function validate(fields: readonly FieldSpec[], values: Values): Errors {
  const errors: Errors = {};
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const field of fields) {
    if (field.readOnly) continue;
    const value = values[field.key] ?? '';
    if (field.confirms) {
      const original = byKey.get(field.confirms);
      const other = values[field.confirms] ?? '';
      if (!value) errors[field.key] = t('forms.required', [field.label]);
      else if (value.length < PASSWORD_MIN_LENGTH) errors[field.key] = t('forms.passwordMinLength');
      else if (value !== other) errors[field.key] = t('forms.passwordMismatch', [original?.label ?? field.name]);
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem) errors[field.key] = problem;
  }
  return errors;
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
