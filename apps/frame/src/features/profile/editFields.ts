/**
 * Edit profile's fields and values from the profile template and the user's profile, shaped by
 * the widget's options: hiddenAttributes (not shown, not sent), nonEditableAttributes (shown
 * read-only, not sent), showExistingAttributes (false: the form starts empty, so only what is
 * typed changes — mandatory fields are then not required, an empty field changes nothing).
 */
import type { Template, UserProfile } from '@foyer/api';
import { templateFields, type FieldSpec } from '../../ui/form/fields';
import { submittedValue, type Values } from '../../ui/form/schema';

export interface EditOptions {
  showExistingAttributes: boolean;
  hiddenAttributes: readonly string[];
  nonEditableAttributes: readonly string[];
}

const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));

export function editFields(template: Template, options: EditOptions): FieldSpec[] {
  const hidden = lower(options.hiddenAttributes);
  const fixed = lower(options.nonEditableAttributes);
  return templateFields(template)
    .filter((field) => field.role !== 'validator' && !hidden.has(field.name.toLowerCase()))
    .map((field) => ({
      ...field,
      readOnly: fixed.has(field.name.toLowerCase()),
      mandatory: options.showExistingAttributes ? field.mandatory : false,
    }));
}

export function existingValues(
  fields: readonly FieldSpec[],
  template: Template,
  profile: UserProfile,
  showExisting: boolean,
): Values {
  const known = new Map(
    [...template.identifiers, ...template.attributes].map((attribute) => [attribute.name, attribute.value]),
  );
  for (const attribute of profile.attributes) known.set(attribute.name, attribute.value);
  return Object.fromEntries(
    fields.map((field) => [field.key, showExisting || field.readOnly ? (known.get(field.name) ?? '') : '']),
  );
}

/**
 * What to send: the editable fields whose value changed. A field the visitor emptied is sent
 * empty — that is how an optional attribute is removed; every other empty value is dropped.
 */
export function changedAttributes(
  fields: readonly FieldSpec[],
  initial: Values,
  values: Values,
): { name: string; value: string }[] {
  return fields
    .filter((field) => !field.readOnly)
    .map((field) => ({
      name: field.name,
      before: submittedValue(field, initial[field.key] ?? ''),
      value: submittedValue(field, values[field.key] ?? ''),
    }))
    .filter(({ before, value }) => value !== before && (value !== '' || before !== ''))
    .map(({ name, value }) => ({ name, value }));
}
