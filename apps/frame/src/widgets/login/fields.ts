/**
 * The login form's fields come from the server's login template (identifiers, then validators).
 * Validation is built from the same template. (The architecture names formik + yup for forms; on
 * the login route they would add ~27 KB gzip to a 100 KB budget, so this small validator does the
 * job there — see the frame README section in the report.)
 */
import type { Attribute, Template } from '@foyer/api';
import { t } from '../../i18n';

export const MAX_INPUT_LENGTH = 255;

export interface LoginField {
  key: string;
  kind: 'identifier' | 'validator';
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  placeholder?: string;
}

function field(kind: LoginField['kind'], attribute: Attribute): LoginField {
  return {
    key: `${kind}:${attribute.name}`,
    kind,
    name: attribute.name,
    label: attribute.label || attribute.name,
    // Validators are secrets: masked unless the template says otherwise.
    type: attribute.inputType ?? (kind === 'validator' ? 'password' : 'text'),
    autoComplete: attribute.autocomplete ?? (kind === 'validator' ? 'current-password' : 'username'),
    placeholder: attribute.placeholder,
  };
}

export function loginFields(template: Template): LoginField[] {
  return [
    ...template.identifiers.map((attribute) => field('identifier', attribute)),
    ...template.validators.map((attribute) => field('validator', attribute)),
  ];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The translated problem with a value, or null when it is fine. Every login field is required. */
export function fieldError(field: LoginField, value: string): string | null {
  const text = field.kind === 'identifier' ? value.trim() : value;
  if (!text) return t('field.required', [field.label]);
  if (text.length > MAX_INPUT_LENGTH) return t('field.tooLong', [field.label, MAX_INPUT_LENGTH]);
  if (field.type === 'email' && !EMAIL.test(text)) return t('field.invalidEmail', [field.label]);
  return null;
}
