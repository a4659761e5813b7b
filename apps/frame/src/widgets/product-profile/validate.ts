/**
 * The profile submit rules (purchase spec §5): every mandatory attribute of the auth, personal and
 * other groups has a value (and each value suits its field, as the server will check); the confirm
 * field equals the second auth attribute; a required address is given — a chosen saved one or the
 * mandatory fields of a new one — unless the other address is reused, and a mandatory address
 * choice with nothing chosen is flagged. An optional address is checked only once something is typed.
 */
import { fieldProblem, type Errors, type Values } from '../_forms/schema';
import { t } from '../../i18n';
import {
  addressMandatory,
  entersNewAddress,
  newAddressValues,
  reused,
  sectionShown,
  selectedOf,
  type AddressConfig,
  type AddressOptions,
} from './addressConfig';
import { allFields, choiceKey, type AddressSection, type ProfileFields } from './profileFields';

/** The address sections whose own choice or fields are in use (shown and not a copy of the other). */
export function activeAddressSections(
  fields: ProfileFields,
  config: AddressConfig,
  options: AddressOptions,
): AddressSection[] {
  return Object.values(fields.addresses).filter(
    (section) => sectionShown(config, options, section.kind) && !reused(config, section.kind),
  );
}

export function validateProfile(
  fields: ProfileFields,
  values: Values,
  config: AddressConfig,
  options: AddressOptions,
): Errors {
  const errors: Errors = {};
  for (const field of fields.details.flatMap((section) => section.fields)) {
    const value = values[field.key] ?? '';
    if (field.confirms) {
      const original = allFields(fields).find((candidate) => candidate.key === field.confirms);
      if (!value) errors[field.key] = t('field.required', [field.label]);
      else if (value !== (values[field.confirms] ?? ''))
        errors[field.key] = t('forms.passwordMismatch', [original?.label ?? field.name]);
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem) errors[field.key] = problem;
  }
  for (const section of activeAddressSections(fields, config, options)) {
    const mandatory = addressMandatory(config, section.kind);
    if (!entersNewAddress(config, section)) {
      if (mandatory && !selectedOf(config, section.kind))
        errors[choiceKey(section.kind)] = t('productProfile.noAddressChosen');
      continue;
    }
    if (!mandatory && !Object.keys(newAddressValues(section, values)).length) continue;
    for (const field of section.fields) {
      const problem = fieldProblem(field, values[field.key] ?? '');
      if (problem) errors[field.key] = problem;
    }
  }
  return errors;
}

/**
 * The server's names of the fields (`firstName`, `confirmPassword`, `deliveryAddress.city`), also
 * as the page's attributeMapping renamed them, to highlight what an INVALID_FORM answer names.
 */
export function serverNames(
  fields: ProfileFields,
  mapping: Readonly<Record<string, string>> = {},
): Map<string, string> {
  const names = new Map<string, string>();
  for (const field of fields.details.flatMap((section) => section.fields)) names.set(field.name, field.key);
  for (const section of Object.values(fields.addresses)) {
    for (const field of section.fields) names.set(`${section.group}.${field.name}`, field.key);
  }
  for (const [name, key] of [...names]) {
    const mapped = mapping[name];
    if (mapped) names.set(mapped, key);
  }
  return names;
}

/** INVALID_FORM's argument: the offending names, comma-separated. */
export function invalidKeys(args: readonly string[] | undefined, names: Map<string, string>): string[] {
  const listed = (args ?? []).flatMap((arg) => arg.split(',')).map((name) => name.trim());
  return listed.flatMap((name) => {
    const key = names.get(name);
    return key ? [key] : [];
  });
}
