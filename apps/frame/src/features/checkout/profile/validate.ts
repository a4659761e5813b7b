/**
 * The profile submit rules (purchase spec §5) as one yup schema for formik: every mandatory
 * attribute of the auth, personal and other groups has a value suited to its field, and the
 * confirm field equals the second auth attribute — the shared template schema (ui/form/schema.ts);
 * a required address is given — a chosen saved one or the mandatory fields of a new one — unless
 * the other address is reused, and a mandatory address choice with nothing chosen is flagged. An
 * optional address is checked only once something is typed. The address rules depend on the
 * values (the reuse checkboxes, the choice, what is typed), so that part of the schema is `lazy`.
 */
import { lazy, string, type ObjectSchema, type StringSchema } from 'yup';
import { errorsOf, fieldSchema, formSchema, type Errors, type Values } from '../../../ui/form/schema';
import { t } from '../../../app/i18n';
import {
  addressMandatory,
  entersNewAddress,
  newAddressValues,
  reused,
  sectionShown,
  type AddressConfig,
  type AddressOptions,
} from './addressConfig';
import { choiceKey, type AddressSection, type ProfileFields } from './profileFields';
// Templates may hold date fields: their checks must be registered (see registerDateChecks).
import '../../../ui/form/dates';

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

/** The rules of the address sections for one configuration and what is typed. */
function addressRules(
  fields: ProfileFields,
  values: Values,
  config: AddressConfig,
  options: AddressOptions,
): Record<string, StringSchema<string | undefined>> {
  const rules: Record<string, StringSchema<string | undefined>> = {};
  for (const section of activeAddressSections(fields, config, options)) {
    const mandatory = addressMandatory(config, section.kind);
    if (!entersNewAddress(config, section)) {
      if (mandatory) rules[choiceKey(section.kind)] = string().required(() => t('productProfile.noAddressChosen'));
      continue;
    }
    if (!mandatory && !Object.keys(newAddressValues(section, values)).length) continue;
    // Each field as its template says, mandatory ones included, once the section is in use.
    for (const field of section.fields) rules[field.key] = fieldSchema(field);
  }
  return rules;
}

/**
 * The form's schema. `configOf` reads the address configuration from the values (the reuse
 * checkboxes and choices are form values) and the live basket (what its products require).
 */
export function profileSchema(
  fields: ProfileFields,
  configOf: (values: Values) => AddressConfig,
  options: AddressOptions,
  /** Rules of values beside the templates' (the delivery start, deliveryStart.ts). */
  more: Record<string, StringSchema<string | undefined>> = {},
) {
  const details: ObjectSchema<Values> = formSchema(fields.details.flatMap((section) => section.fields));
  // formik hands over '' as undefined; the address rules read the values as typed.
  return lazy((given: Readonly<Record<string, string | undefined>>) => {
    const values: Values = Object.fromEntries(Object.entries(given).map(([key, value]) => [key, value ?? '']));
    return details.shape({ ...addressRules(fields, values, configOf(values), options), ...more });
  });
}

/** Every problem of the values, by field key (synchronous: no rule waits for anything). */
export function profileProblems(schema: ReturnType<typeof profileSchema>, values: Values): Errors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return errorsOf(error);
  }
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
