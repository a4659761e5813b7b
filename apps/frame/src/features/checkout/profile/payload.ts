/**
 * What a profile save sends (purchase spec §3: name/value pairs; address values prefixed with
 * their group, `deliveryAddress.city`) and the login that follows a creation.
 */
import type { NameValue } from '@foyer/api';
import { submittedValue, type Values } from '../../../ui/form/schema';
import { entersNewAddress, newAddressValues, type AddressConfig, type AddressOptions } from './addressConfig';
import type { ProfileFields } from './profileFields';
import { activeAddressSections } from './validate';

/**
 * The page's attributeMapping (purchase spec §1): the service's attribute name → the name the
 * site's backend expects. Names without an entry pass unchanged.
 */
export function applyAttributeMapping(
  pairs: readonly NameValue[],
  mapping: Readonly<Record<string, string>> | undefined,
): NameValue[] {
  if (!mapping) return [...pairs];
  return pairs.map((pair) => {
    const mapped = Object.prototype.hasOwnProperty.call(mapping, pair.name) ? mapping[pair.name] : undefined;
    return mapped ? { name: mapped, value: pair.value } : pair;
  });
}

/**
 * The save payload. A creation (no session) sends the auth details, the confirm field and every
 * filled attribute; an update sends every attribute, empty ones too, so a cleared optional value
 * is removed rather than kept. New addresses are sent (the server saves them on the account);
 * a chosen saved address or a reused one is not.
 */
export function profilePayload(
  fields: ProfileFields,
  values: Values,
  config: AddressConfig,
  options: AddressOptions,
  loggedIn: boolean,
): NameValue[] {
  const pairs: NameValue[] = [];
  for (const field of fields.details.flatMap((section) => section.fields)) {
    if (loggedIn && field.role !== 'attribute') continue;
    const value = submittedValue(field, values[field.key] ?? '');
    if (value || loggedIn) pairs.push({ name: field.name, value });
  }
  for (const section of activeAddressSections(fields, config, options)) {
    if (!entersNewAddress(config, section)) continue;
    for (const [name, value] of Object.entries(newAddressValues(section, values))) {
      pairs.push({ name: `${section.group}.${name}`, value });
    }
  }
  return pairs;
}

/** The login after a creation: identifier and validator exactly as the visitor typed them. */
export function credentials(
  fields: ProfileFields,
  values: Values,
): { identifiers: NameValue[]; validators: NameValue[] } {
  const all = fields.details.flatMap((section) => section.fields);
  const pick = (role: 'identifier' | 'validator') =>
    all
      .filter((field) => field.role === role)
      .map((field) => ({ name: field.name, value: submittedValue(field, values[field.key] ?? '') }));
  return { identifiers: pick('identifier'), validators: pick('validator') };
}
