/**
 * The product profile of the purchase flow (purchase spec §2, §3, §5): its groups for a service,
 * the checks of a profile save (INVALID_FORM with the offending field names as one argument), and
 * whether a saved profile suits the products being bought.
 */
import type { Attribute, NameValue, ProfileAttribute, ProfileGroup, ProfileGroups } from '@foyer/api';
import type { Db } from '../db';
import { ApiError, validationFailed } from '../http/errors';
import { validValue } from '../identity/attributes';
import { findRealmAttributes, type Account, type Service } from '../identity/store';
import { profileTemplate, registrationTemplate } from '../identity/templates';
import { ADDRESS_GROUP_NAMES, addressGroup, checkAddress, savedAddresses } from './addresses';
import type { StoredProduct } from './catalogue';

function toProfileAttribute(field: Attribute, mandatory = field.mandatory): ProfileAttribute {
  const shown: ProfileAttribute = { name: field.name, label: field.label, mandatory, type: field.type };
  if (field.placeholder !== undefined) shown.placeholder = field.placeholder;
  if (field.value !== undefined) shown.value = field.value;
  if (field.autocomplete !== undefined) shown.autocomplete = field.autocomplete;
  if (field.inputType !== undefined) shown.inputType = field.inputType;
  return shown;
}

export interface ProfileForm {
  /** Identifier then validator (purchase spec §3); empty when logged in. */
  auth: Attribute[];
  personal: Attribute[];
  other: Attribute[];
}

export async function profileForm(db: Db, service: Service, account: Account | null): Promise<ProfileForm> {
  const template = await profileTemplate(db, service, account);
  const registration = await registrationTemplate(db, service.authenticationSchemeName, service);
  const auth = account
    ? []
    : [template.identifiers[0], registration?.validators[0]].filter((field) => field !== undefined);
  const known = new Set([...template.identifiers, ...template.attributes].map((field) => field.name));
  const catalogue = (await findRealmAttributes(db, service.realmName)) ?? [];
  const other = catalogue
    .filter((field) => !known.has(field.name))
    .map((field) => {
      const value = account?.attributes[field.name];
      return value === undefined ? field : { ...field, value };
    });
  return { auth, personal: template.attributes, other };
}

export async function profileGroups(db: Db, service: Service, account: Account | null): Promise<ProfileGroups> {
  const form = await profileForm(db, service, account);
  const group = (name: string, displayName: string, category: ProfileGroup['category'], fields: Attribute[]) => ({
    name,
    displayName,
    category,
    attributes: fields.map((field) => toProfileAttribute(field, category === 'authDetails' || field.mandatory)),
  });
  const groups: ProfileGroups = {
    personalDetails: group('personalDetails', 'Personal details', 'personalDetails', form.personal),
    otherDetails: form.other.length ? [group('otherDetails', 'Other details', 'otherDetails', form.other)] : [],
    addresses: [addressGroup('delivery'), addressGroup('billing')],
    savedAddresses: account ? await savedAddresses(db, account.guid) : [],
  };
  if (form.auth.length) groups.authDetails = group('authDetails', 'Account', 'authDetails', form.auth);
  return groups;
}

export interface ParsedProfile {
  /** Identifier and validator values (creation only). */
  auth: Map<string, string>;
  attributes: Map<string, string>;
  addresses: { delivery?: Record<string, string>; billing?: Record<string, string> };
}

export function confirmName(validator: string): string {
  return `confirm${validator.charAt(0).toUpperCase()}${validator.slice(1)}`;
}

/**
 * Sorts the name/value pairs into the form's groups and checks them against the spec's rules.
 * `current` holds the logged-in user's stored attributes, which count for mandatory fields.
 */
export function parseProfile(
  form: ProfileForm,
  pairs: readonly NameValue[],
  current: Readonly<Record<string, string>> | null,
): ParsedProfile {
  const authNames = new Set(form.auth.map((field) => field.name));
  const validator = form.auth[1];
  const confirm = validator ? confirmName(validator.name) : null;
  const fields = new Map([...form.personal, ...form.other].map((field) => [field.name, field]));
  const parsed: ParsedProfile = { auth: new Map(), attributes: new Map(), addresses: {} };
  const addressValues: Record<string, Record<string, string>> = {};
  const unknown: string[] = [];
  let confirmValue: string | undefined;
  for (const { name, value } of pairs) {
    const dot = name.indexOf('.');
    if (dot > 0) {
      const group = name.slice(0, dot);
      if (group !== ADDRESS_GROUP_NAMES.delivery && group !== ADDRESS_GROUP_NAMES.billing) unknown.push(name);
      else (addressValues[group] ??= {})[name.slice(dot + 1)] = value;
    } else if (authNames.has(name)) parsed.auth.set(name, value);
    else if (name === confirm) confirmValue = value;
    else if (fields.has(name)) parsed.attributes.set(name, value);
    else unknown.push(name);
  }
  if (unknown.length) throw validationFailed(unknown.map((name) => `profile.${name}`));

  const invalid: string[] = [];
  for (const field of form.auth) {
    const value = parsed.auth.get(field.name) ?? '';
    const checked = field.inputType === 'password' ? value : value.trim();
    if (!checked || !validValue(field, checked)) invalid.push(field.name);
  }
  if (validator && confirmValue !== undefined && confirmValue !== parsed.auth.get(validator.name)) {
    invalid.push(confirm!);
  }
  for (const field of fields.values()) {
    const given = parsed.attributes.get(field.name);
    const value = (given ?? current?.[field.name] ?? '').trim();
    if (field.mandatory && !value) invalid.push(field.name);
    else if (given !== undefined && given.trim() && !validValue(field, given.trim())) invalid.push(field.name);
  }
  for (const [kind, group] of Object.entries(ADDRESS_GROUP_NAMES) as ['delivery' | 'billing', string][]) {
    const values = addressValues[group];
    if (!values || Object.values(values).every((value) => !value.trim())) continue;
    const checked = checkAddress(values);
    if (checked.ok) parsed.addresses[kind] = checked.values;
    else invalid.push(...checked.invalid.map((name) => `${group}.${name}`));
  }
  if (invalid.length) throw new ApiError('INVALID_FORM', [invalid.join(', ')]);
  return parsed;
}

/** What a profile lacks for these products (purchase spec §4 skipProfile validation, §5). */
export async function profileGaps(
  db: Db,
  service: Service,
  account: Account,
  products: readonly StoredProduct[],
): Promise<string[]> {
  const form = await profileForm(db, service, account);
  const missing = [...form.personal, ...form.other]
    .filter((field) => field.mandatory && !account.attributes[field.name]?.trim())
    .map((field) => field.name);
  missing.push(...service.requiredAttributes.filter((name) => !account.attributes[name]?.trim()));
  const saved = await savedAddresses(db, account.guid);
  // Either address may stand in for the other (the reuse checkboxes of the profile).
  const anyAddress = saved.length > 0;
  if (products.some((product) => product.requiresDeliveryAddress) && !anyAddress) missing.push('deliveryAddress');
  if (products.some((product) => product.requiresBillingAddress) && !anyAddress) missing.push('billingAddress');
  return [...new Set(missing)];
}
