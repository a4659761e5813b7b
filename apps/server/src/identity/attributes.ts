/**
 * Checks submitted attribute values against a template (identity spec §5): unknown names are
 * refused, mandatory fields must be non-empty, values must fit their type, options and regex
 * validations, and passwords must be at least 6 characters. The first kind of problem found
 * becomes the error: VALIDATION_FAILED (unknown fields), general_attribute(s)_mandatory (args: the
 * missing labels joined by ', ') or ATTRIBUTE_VALIDATION_FAILED (args: the invalid labels).
 */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, type Attribute, type NameValue } from '@foyer/api';
import { ApiError, validationFailed } from '../http/errors';

export interface Field extends Attribute {
  /** Identifiers and validators are always mandatory. */
  role: 'identifier' | 'validator' | 'attribute';
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

export function isPasswordField(field: Attribute): boolean {
  return field.inputType === 'password';
}

function validDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function matchesValidations(field: Attribute, value: string): boolean {
  for (const validation of field.validations ?? []) {
    for (const [name, pattern] of Object.entries(validation.parameters ?? {})) {
      if (!/^(regex|pattern|regexp)$/i.test(name)) continue;
      let regex: RegExp;
      try {
        regex = new RegExp(`^(?:${pattern})$`, 'u');
      } catch {
        continue; // A broken pattern in the site's configuration must not lock every visitor out.
      }
      if (!regex.test(value)) return false;
    }
  }
  return true;
}

/** True when a non-empty value is acceptable for the field. */
export function validValue(field: Attribute, value: string): boolean {
  if (isPasswordField(field)) return value.length >= PASSWORD_MIN_LENGTH;
  if (field.inputType === 'email' && !EMAIL_PATTERN.test(value.trim())) return false;
  if (field.options?.length) {
    const allowed = new Set(field.options.map((option) => option.value));
    // A multi-choice value is the comma-joined option values.
    if (!value.split(',').every((part) => allowed.has(part))) return false;
  }
  const typeOk =
    field.type === 'NUMERIC'
      ? NUMERIC.test(value)
      : field.type === 'BOOLEAN'
        ? value === 'true' || value === 'false'
        : field.type === 'DATE'
          ? validDate(value)
          : field.type === 'DATE_TIME'
            ? DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
            : true;
  return typeOk && matchesValidations(field, value);
}

export interface CheckOptions {
  /** Registration: every mandatory field must be given. Update: only the given ones are checked. */
  requireAll: boolean;
}

/** Throws the matching ApiError; returns the given values by name (empty ones as ''). */
export function checkAttributes(
  fields: readonly Field[],
  given: readonly NameValue[],
  options: CheckOptions,
): Map<string, string> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const values = new Map<string, string>();
  const unknown: string[] = [];
  for (const { name, value } of given) {
    if (!byName.has(name) || values.has(name)) unknown.push(`attributes.${name}`);
    else values.set(name, value);
  }
  if (unknown.length) throw validationFailed(unknown);

  const mandatory = (field: Field) => field.role !== 'attribute' || field.mandatory;
  const missing = fields.filter((field) => {
    if (!mandatory(field)) return false;
    const value = values.get(field.name);
    return options.requireAll ? !value?.trim() : value !== undefined && !value.trim();
  });
  if (missing.length) {
    const labels = missing.map((field) => field.label || field.name);
    throw new ApiError(labels.length === 1 ? 'general_attribute_mandatory' : 'general_attributes_mandatory', [
      labels.join(', '),
    ]);
  }

  const invalid = fields.filter((field) => {
    const value = values.get(field.name);
    return (
      value !== undefined && value.trim() !== '' && !validValue(field, isPasswordField(field) ? value : value.trim())
    );
  });
  if (invalid.length)
    throw new ApiError(
      'ATTRIBUTE_VALIDATION_FAILED',
      invalid.map((field) => field.label || field.name),
    );
  return values;
}

export function fieldsOf(template: {
  identifiers: Attribute[];
  validators: Attribute[];
  attributes: Attribute[];
}): Field[] {
  return [
    ...template.identifiers.map((field): Field => ({ ...field, role: 'identifier' })),
    ...template.validators.map((field): Field => ({ ...field, role: 'validator' })),
    ...template.attributes.map((field): Field => ({ ...field, role: 'attribute' })),
  ];
}
