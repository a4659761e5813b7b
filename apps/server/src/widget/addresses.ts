/**
 * Delivery and billing addresses: the fields of the profile's address groups, their checks, and
 * the user's saved addresses. Autocomplete tokens carry the `shipping` / `billing` section so
 * browsers fill the right address into each group.
 */
import { randomUUID } from 'node:crypto';
import type { AddressKind, ProfileAttribute, ProfileGroup, SavedAddress } from '@foyer/api';
import type { Db } from '../db';

const FIELDS: { name: string; label: string; mandatory: boolean; autocomplete: string }[] = [
  { name: 'fullName', label: 'Full name', mandatory: true, autocomplete: 'name' },
  { name: 'line1', label: 'Address line 1', mandatory: true, autocomplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2', mandatory: false, autocomplete: 'address-line2' },
  { name: 'city', label: 'City', mandatory: true, autocomplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', mandatory: true, autocomplete: 'postal-code' },
  { name: 'country', label: 'Country', mandatory: true, autocomplete: 'country' },
];
export const ADDRESS_FIELD_NAMES = FIELDS.map((field) => field.name);
const MAX_SAVED = 20;

export const ADDRESS_GROUP_NAMES: Record<AddressKind, string> = {
  delivery: 'deliveryAddress',
  billing: 'billingAddress',
};

export function addressGroup(kind: AddressKind): ProfileGroup {
  const section = kind === 'delivery' ? 'shipping' : 'billing';
  return {
    name: ADDRESS_GROUP_NAMES[kind],
    displayName: kind === 'delivery' ? 'Delivery address' : 'Billing address',
    category: 'address',
    attributes: FIELDS.map((field): ProfileAttribute => ({
      name: field.name,
      label: field.label,
      mandatory: field.mandatory,
      type: 'STRING',
      autocomplete: `${section} ${field.autocomplete}`,
      inputType: 'text',
    })),
  };
}

/** Trimmed values, or the names of the fields that are missing or invalid. */
export function checkAddress(
  values: Readonly<Record<string, string>>,
): { ok: true; values: Record<string, string> } | { ok: false; invalid: string[] } {
  const unknown = Object.keys(values).filter((name) => !ADDRESS_FIELD_NAMES.includes(name));
  const clean: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = values[field.name]?.trim();
    if (value) clean[field.name] = field.name === 'country' ? value.toUpperCase() : value;
  }
  const invalid = [
    ...unknown,
    ...FIELDS.filter((field) => field.mandatory && !clean[field.name]).map((field) => field.name),
  ];
  if (clean.country && !/^[A-Z]{2}$/.test(clean.country)) invalid.push('country');
  return invalid.length ? { ok: false, invalid: [...new Set(invalid)] } : { ok: true, values: clean };
}

function label(values: Record<string, string>): string {
  return [values.line1, values.line2, [values.postalCode, values.city].filter(Boolean).join(' '), values.country]
    .filter(Boolean)
    .join(', ');
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export async function savedAddresses(db: Db, guid: string): Promise<SavedAddress[]> {
  const rows = await db.query<{ id: string; kind: AddressKind; address_values: unknown }>(
    'SELECT id, kind, address_values FROM user_addresses WHERE guid = $1 ORDER BY created_at, id',
    [guid],
  );
  return rows.map((row) => {
    const values = json<Record<string, string>>(row.address_values);
    return { id: row.id, kind: row.kind, label: label(values), values };
  });
}

/** Saves a checked address unless the user already has the same one; returns its id. */
export async function saveAddress(
  db: Db,
  guid: string,
  kind: AddressKind,
  values: Record<string, string>,
  now: number,
): Promise<string> {
  const existing = (await savedAddresses(db, guid)).filter((address) => address.kind === kind);
  const same = existing.find((address) => JSON.stringify(address.values) === JSON.stringify(values));
  if (same) return same.id;
  if (existing.length >= MAX_SAVED) {
    // The oldest goes: a profile is not an address book without end.
    await db.query('DELETE FROM user_addresses WHERE id = $1', [existing[0]!.id]);
  }
  const id = randomUUID();
  await db.query(
    'INSERT INTO user_addresses (id, guid, kind, address_values, created_at) VALUES ($1, $2, $3, $4, $5)',
    [id, guid, kind, JSON.stringify(values), now],
  );
  return id;
}
