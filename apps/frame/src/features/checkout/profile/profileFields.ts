/**
 * The form's fields from the server's profile groups (purchase spec §2, §3): authDetails (visitors
 * only: identifier, validator and the frame's confirm field), personalDetails, every otherDetails
 * group, and the delivery and billing address groups. One FieldSpec list drives rendering
 * (AttributeField) and the checks (validate.ts), so the two cannot disagree.
 */
import { ATTRIBUTE_TYPES, type Attribute } from '@foyer/api';
import type { AddressKind, ProfileAttribute, ProfileGroup, ProfileGroups, SavedAddress } from '@foyer/api/widget';
import { fieldOf, isPasswordAttribute, type FieldSpec } from '../../../ui/form/fields';
import { currentLocale, t, templateLabel } from '../../../app/i18n';
import { countryOptions, isCountryField } from './countries';

const INPUT_TYPES = ['text', 'email', 'password', 'tel', 'number'] as const;

/** The profile attribute as the shared form blocks know it (unknown types and input types fall back to text). */
export function toAttribute(shown: ProfileAttribute): Attribute {
  const type = (ATTRIBUTE_TYPES as readonly string[]).includes(shown.type)
    ? (shown.type as Attribute['type'])
    : 'STRING';
  const inputType = INPUT_TYPES.find((candidate) => candidate === shown.inputType);
  const attribute: Attribute = { name: shown.name, label: shown.label, type, mandatory: shown.mandatory };
  if (shown.placeholder !== undefined) attribute.placeholder = shown.placeholder;
  if (shown.value !== undefined) attribute.value = shown.value;
  if (shown.autocomplete !== undefined) attribute.autocomplete = shown.autocomplete;
  if (inputType) attribute.inputType = inputType;
  // A country is picked from a list (a select), never typed as a code.
  if (isCountryField(shown.autocomplete)) attribute.options = countryOptions(currentLocale());
  return attribute;
}

/** The server's name of the confirm field (apps/server profile.ts confirmName): `confirmPassword`. */
export function confirmName(validator: string): string {
  return `confirm${validator.charAt(0).toUpperCase()}${validator.slice(1)}`;
}

export interface DetailSection {
  name: string;
  title: string;
  fields: FieldSpec[];
}

export interface AddressSection {
  kind: AddressKind;
  /** `deliveryAddress` / `billingAddress`: the prefix of its values in a profile save. */
  group: string;
  title: string;
  fields: FieldSpec[];
  /** The logged-in user's saved addresses of this kind (empty: only the fields are offered). */
  saved: SavedAddress[];
}

export interface ProfileFields {
  /** authDetails, personalDetails, then each otherDetails group; only non-empty ones. */
  details: DetailSection[];
  addresses: Partial<Record<AddressKind, AddressSection>>;
}

const GROUP_NAMES: Record<AddressKind, string> = { delivery: 'deliveryAddress', billing: 'billingAddress' };

/** The form value of an address group's saved-address choice (its radio group, its error). */
export const choiceKey = (kind: AddressKind) => `${GROUP_NAMES[kind]}:choice`;
/** The form value of an address group's "use the other address" checkbox ('true' / 'false'). */
export const reuseKey = (kind: AddressKind) => `${GROUP_NAMES[kind]}:reuse`;

function authFields(group: ProfileGroup): FieldSpec[] {
  const [identifier, validator] = group.attributes.map(toAttribute);
  if (!identifier || !validator) return [];
  const validatorField = fieldOf('validator', validator);
  const password = isPasswordAttribute(validator);
  const confirm: FieldSpec = {
    ...validatorField,
    key: `confirm:${validator.name}`,
    name: confirmName(validator.name),
    role: 'confirm',
    label: t('forms.confirmLabel', [validatorField.label]),
    // A password manager must not offer the saved password for a new account's confirmation.
    autoComplete: password ? 'new-password' : validatorField.autoComplete,
    placeholder: undefined,
    confirms: validatorField.key,
  };
  return [fieldOf('identifier', identifier), validatorField, confirm];
}

function addressSection(kind: AddressKind, group: ProfileGroup, saved: SavedAddress[]): AddressSection {
  return {
    kind,
    group: group.name,
    title: templateLabel(group.name, group.displayName),
    fields: group.attributes.map((shown) => ({
      ...fieldOf('attribute', toAttribute(shown)),
      key: `${group.name}:${shown.name}`,
    })),
    saved: saved.filter((address) => address.kind === kind),
  };
}

export function profileFields(groups: ProfileGroups, loggedIn: boolean): ProfileFields {
  const details: DetailSection[] = [];
  const section = (group: ProfileGroup, fields: FieldSpec[]) => {
    if (fields.length) details.push({ name: group.name, title: templateLabel(group.name, group.displayName), fields });
  };
  // The server leaves authDetails out for a session; a stale answer must not ask for a password.
  if (groups.authDetails && !loggedIn) section(groups.authDetails, authFields(groups.authDetails));
  const attributes = (group: ProfileGroup) => group.attributes.map((shown) => fieldOf('attribute', toAttribute(shown)));
  section(groups.personalDetails, attributes(groups.personalDetails));
  for (const group of groups.otherDetails) section(group, attributes(group));
  const addresses: ProfileFields['addresses'] = {};
  for (const kind of ['delivery', 'billing'] as const) {
    const group = groups.addresses.find((candidate) => candidate.name === GROUP_NAMES[kind]);
    if (group) addresses[kind] = addressSection(kind, group, loggedIn ? groups.savedAddresses : []);
  }
  return { details, addresses };
}

export function allFields(fields: ProfileFields): FieldSpec[] {
  return [
    ...fields.details.flatMap((section) => section.fields),
    ...Object.values(fields.addresses).flatMap((section) => section.fields),
  ];
}

/** Starting values: what the server filled in (logged in), else empty. */
export function initialValues(fields: ProfileFields): Record<string, string> {
  return Object.fromEntries(allFields(fields).map((field) => [field.key, field.attribute.value ?? '']));
}
