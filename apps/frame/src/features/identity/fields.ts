/**
 * The login form's fields come from the server's login template (identifiers, then validators),
 * as FieldSpecs so that their validation is the shared yup schema (ui/form/schema.ts) with
 * the rules for credentials the visitor already has. The forgot-password panel asks for the same
 * identifiers.
 */
import type { Attribute, Template } from '@foyer/api';
import { fieldOf, type FieldSpec } from '../../ui/form/fields';

export interface LoginField extends FieldSpec {
  role: 'identifier' | 'validator';
  /** The input's type: the template's inputType; validators are secrets, masked unless it says otherwise. */
  type: string;
  autoComplete: string;
}

function loginField(role: LoginField['role'], attribute: Attribute): LoginField {
  const secret = role === 'validator';
  const field = fieldOf(role, attribute);
  return {
    ...field,
    role,
    // A secret is sent exactly as typed (never trimmed), whatever its input type.
    control: secret ? 'password' : field.control,
    type: attribute.inputType ?? (secret ? 'password' : 'text'),
    autoComplete: attribute.autocomplete ?? (secret ? 'current-password' : 'username'),
  };
}

export function loginFields(template: Template): LoginField[] {
  return [
    ...template.identifiers.map((attribute) => loginField('identifier', attribute)),
    ...template.validators.map((attribute) => loginField('validator', attribute)),
  ];
}

export function identifierFields(template: Template): LoginField[] {
  return template.identifiers.map((attribute) => loginField('identifier', attribute));
}
