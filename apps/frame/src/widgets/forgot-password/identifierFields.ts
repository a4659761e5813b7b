/**
 * The reset form's fields: the scheme's identifiers, checked as the login form checks them. (A
 * copy of the identifier half of login/fields.ts: importing that module here would split it into
 * a chunk of its own on the login route, whose 100 KB budget has no room for the extra request.)
 */
import type { Template } from '@foyer/api';
import { t } from '../../i18n';

export const MAX_IDENTIFIER_LENGTH = 255;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface IdentifierField {
  key: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  placeholder?: string;
}

export function identifierFields(template: Template): IdentifierField[] {
  return template.identifiers.map((attribute) => ({
    key: attribute.name,
    name: attribute.name,
    label: attribute.label || attribute.name,
    type: attribute.inputType ?? 'text',
    autoComplete: attribute.autocomplete ?? 'username',
    placeholder: attribute.placeholder,
  }));
}

/** The translated problem with a value, or null. Every identifier is required. */
export function identifierError(field: IdentifierField, value: string): string | null {
  const text = value.trim();
  if (!text) return t('field.required', [field.label]);
  if (text.length > MAX_IDENTIFIER_LENGTH) return t('field.tooLong', [field.label, MAX_IDENTIFIER_LENGTH]);
  if (field.type === 'email' && !EMAIL.test(text)) return t('field.invalidEmail');
  return null;
}
