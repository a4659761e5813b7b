/**
 * Form fields from a server template (identity spec §3): identifiers, validators (each password
 * validator followed by its confirmation field) and attributes. The field list drives both the
 * rendering (AttributeField) and the validation (the yup schemas of schema.ts), so the two cannot disagree.
 */
import type { Attribute, Template } from '@foyer/api';
import { t, templateLabel } from '../../app/i18n';

export type FieldRole = 'identifier' | 'validator' | 'confirm' | 'attribute';

export type Control =
  | 'text'
  | 'email'
  | 'password'
  | 'tel'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'radio'
  | 'checkboxes'
  | 'date'
  | 'datetime';

export interface Option {
  value: string;
  caption: string;
}

export interface FieldSpec {
  /** Unique in the form: `<role>:<name>`. */
  key: string;
  name: string;
  role: FieldRole;
  label: string;
  attribute: Attribute;
  control: Control;
  mandatory: boolean;
  autoComplete?: string;
  placeholder?: string;
  options: Option[];
  /** A confirmation field: the key of the field it must equal. */
  confirms?: string;
  /** Shown but not editable (edit profile's nonEditableAttributes); never sent. */
  readOnly?: boolean;
}

export function isPasswordAttribute(attribute: Attribute): boolean {
  return attribute.inputType === 'password';
}

/**
 * How options are offered. The template has no display hint of its own, so a validation entry
 * names it: `{ name: 'multiChoice' }` → checkboxes (the value is the comma-joined option values),
 * `{ name: 'radio' }` → radio buttons; otherwise a drop-down.
 */
function optionControl(attribute: Attribute): Control {
  const names = new Set((attribute.validations ?? []).map((validation) => validation.name.toLowerCase()));
  if (names.has('multichoice') || names.has('multiple')) return 'checkboxes';
  if (names.has('radio')) return 'radio';
  return 'select';
}

export function controlOf(attribute: Attribute): Control {
  if (attribute.options?.length) return optionControl(attribute);
  switch (attribute.type) {
    case 'BOOLEAN':
      return 'checkbox';
    case 'DATE':
      return 'date';
    case 'DATE_TIME':
      return 'datetime';
    case 'NUMERIC':
      return attribute.inputType === 'tel' ? 'tel' : 'number';
    case 'STRING':
      return attribute.inputType === 'number' ? 'number' : (attribute.inputType ?? 'text');
  }
}

export function fieldOf(role: Exclude<FieldRole, 'confirm'>, attribute: Attribute): FieldSpec {
  const password = isPasswordAttribute(attribute);
  return {
    key: `${role}:${attribute.name}`,
    name: attribute.name,
    role,
    label: templateLabel(attribute.name, attribute.label || attribute.name),
    attribute,
    control: controlOf(attribute),
    // Identifiers and validators are always mandatory (the server refuses them empty).
    mandatory: role === 'attribute' ? attribute.mandatory : true,
    autoComplete: attribute.autocomplete ?? (password ? 'new-password' : undefined),
    placeholder: attribute.placeholder,
    options: attribute.options ?? [],
  };
}

function confirmationOf(field: FieldSpec): FieldSpec {
  return {
    ...field,
    key: `confirm:${field.name}`,
    role: 'confirm',
    label: t('forms.confirmLabel', [field.label]),
    autoComplete: 'new-password',
    placeholder: undefined,
    confirms: field.key,
  };
}

/** A template field the widget cannot render sensibly (identity spec §5). */
export function templateProblems(template: Template): string[] {
  return [
    ...template.identifiers
      .filter((attribute) => attribute.type !== 'STRING' && attribute.type !== 'NUMERIC')
      .map((attribute) => `identifiers.${attribute.name} (${attribute.type})`),
    ...template.validators
      .filter((attribute) => attribute.type !== 'STRING')
      .map((attribute) => `validators.${attribute.name} (${attribute.type})`),
  ];
}

export interface FieldOptions {
  /** Add a confirmation field after each password validator (registration). */
  confirmPasswords?: boolean;
}

export function templateFields(template: Template, options: FieldOptions = {}): FieldSpec[] {
  const fields: FieldSpec[] = template.identifiers.map((attribute) => fieldOf('identifier', attribute));
  for (const attribute of template.validators) {
    const field = fieldOf('validator', attribute);
    fields.push(field);
    if (options.confirmPasswords && isPasswordAttribute(attribute)) fields.push(confirmationOf(field));
  }
  fields.push(...template.attributes.map((attribute) => fieldOf('attribute', attribute)));
  return fields;
}
