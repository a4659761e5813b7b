/**
 * The address configuration of the profile (purchase spec §2): which sections a basket needs,
 * the two reuse checkboxes and the chosen saved addresses, plus what follows from them — which
 * sections show, which are mandatory (§5), and what the basket's address groups become.
 */
import type { AddressGroupInput, AddressKind, Basket } from '@foyer/api/widget';
import { choiceKey, reuseKey, type AddressSection, type ProfileFields } from './profileFields';

/** `''`: nothing chosen yet; NEW_ADDRESS: the fields; anything else: a saved address id. */
export const NEW_ADDRESS = 'new';

export interface AddressConfig {
  /** A basket product requires a delivery address (its section is then mandatory). */
  requiresDelivery: boolean;
  requiresBilling: boolean;
  /** 'Use the delivery address for billing': the billing address is a copy of the delivery one. */
  useDeliveryAddress: boolean;
  /** 'Use the billing address for delivery'. */
  useBillingAddress: boolean;
  selectedDeliveryAddress: string;
  selectedBillingAddress: string;
}

export interface AddressOptions {
  showDelivery: boolean;
  showBilling: boolean;
  useBillingOption: boolean;
}

const other = (kind: AddressKind): AddressKind => (kind === 'delivery' ? 'billing' : 'delivery');
export const selectedOf = (config: AddressConfig, kind: AddressKind) =>
  kind === 'delivery' ? config.selectedDeliveryAddress : config.selectedBillingAddress;
const requires = (config: AddressConfig, kind: AddressKind) =>
  kind === 'delivery' ? config.requiresDelivery : config.requiresBilling;
/** This kind's address is a copy of the other one. */
export const reused = (config: AddressConfig, kind: AddressKind) =>
  kind === 'delivery' ? config.useBillingAddress : config.useDeliveryAddress;

/** The section shows when a basket product requires it or the site owner asked for it. */
export function sectionShown(config: AddressConfig, options: AddressOptions, kind: AddressKind): boolean {
  return requires(config, kind) || (kind === 'delivery' ? options.showDelivery : options.showBilling);
}

/** The reuse checkboxes make sense only when both sections show. */
export function reuseOffered(config: AddressConfig, options: AddressOptions): boolean {
  return (
    options.useBillingOption && sectionShown(config, options, 'delivery') && sectionShown(config, options, 'billing')
  );
}

/**
 * The section's own address must be given: its products require it, or the other section
 * requires one and reuses this one.
 */
export function addressMandatory(config: AddressConfig, kind: AddressKind): boolean {
  return requires(config, kind) || (requires(config, other(kind)) && reused(config, other(kind)));
}

/** The starting configuration: what the basket requires, and the addresses it already names. */
export function initialConfig(basket: Basket, fields: ProfileFields): AddressConfig {
  const selected = (kind: AddressKind, section: AddressSection | undefined) => {
    const group = kind === 'delivery' ? basket.deliveryAddressGroup : basket.billingAddressGroup;
    if (!section?.saved.length) return '';
    if (group?.id && section.saved.some((address) => address.id === group.id)) return group.id;
    return group?.values ? NEW_ADDRESS : '';
  };
  return {
    requiresDelivery: basket.products.some((product) => product.requiresDeliveryAddress),
    requiresBilling: basket.products.some((product) => product.requiresBillingAddress),
    useDeliveryAddress: false,
    useBillingAddress: false,
    selectedDeliveryAddress: selected('delivery', fields.addresses.delivery),
    selectedBillingAddress: selected('billing', fields.addresses.billing),
  };
}

/** A new address already in the basket (the visitor comes back to the profile): its field values. */
export function basketAddressValues(basket: Basket, fields: ProfileFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const section of Object.values(fields.addresses)) {
    const group = section.kind === 'delivery' ? basket.deliveryAddressGroup : basket.billingAddressGroup;
    for (const field of section.fields) {
      const value = group?.values?.[field.name];
      if (value !== undefined) values[field.key] = value;
    }
  }
  return values;
}

/** The section's own fields are in use (no saved address list, or 'A new address' chosen). */
export function entersNewAddress(config: AddressConfig, section: AddressSection): boolean {
  return !section.saved.length || selectedOf(config, section.kind) === NEW_ADDRESS;
}

/** A new address's values without the group prefix, trimmed, empty ones left out. */
export function newAddressValues(section: AddressSection, values: Readonly<Record<string, string>>) {
  const entered: Record<string, string> = {};
  for (const field of section.fields) {
    const value = (values[field.key] ?? '').trim();
    if (value) entered[field.name] = value;
  }
  return entered;
}

/** What the section itself holds: a saved address `{id}`, a new one `{values}`, or nothing. */
function ownGroup(
  config: AddressConfig,
  section: AddressSection,
  values: Readonly<Record<string, string>>,
): AddressGroupInput | undefined {
  if (!entersNewAddress(config, section)) {
    const id = selectedOf(config, section.kind);
    return id ? { id } : undefined;
  }
  const entered = newAddressValues(section, values);
  return Object.keys(entered).length ? { values: entered } : undefined;
}

/**
 * The basket's deliveryAddressGroup / billingAddressGroup: a saved address by id, a new one by
 * its values; a reused address is copied to the other group. Sections not shown give nothing.
 */
export function basketAddressGroups(
  config: AddressConfig,
  options: AddressOptions,
  fields: ProfileFields,
  values: Readonly<Record<string, string>>,
): Partial<Record<AddressKind, AddressGroupInput>> {
  const own: Partial<Record<AddressKind, AddressGroupInput>> = {};
  for (const kind of ['delivery', 'billing'] as const) {
    const section = fields.addresses[kind];
    if (section && sectionShown(config, options, kind) && !reused(config, kind)) {
      own[kind] = ownGroup(config, section, values);
    }
  }
  const groups: Partial<Record<AddressKind, AddressGroupInput>> = {};
  for (const kind of ['delivery', 'billing'] as const) {
    if (!sectionShown(config, options, kind)) continue;
    const group = reused(config, kind) ? own[other(kind)] : own[kind];
    if (group) groups[kind] = group;
  }
  return groups;
}

/** What the visitor chooses: the reuse checkboxes and the saved-address choices. */
export type AddressChoices = Omit<AddressConfig, 'requiresDelivery' | 'requiresBilling'>;

/**
 * The configuration as it applies now: requirements follow the live basket (another frame may
 * change it), and the reuse flags count only while their checkboxes are offered.
 */
export function currentConfig(state: AddressChoices, basket: Basket, options: AddressOptions): AddressConfig {
  const config = {
    ...state,
    requiresDelivery: basket.products.some((product) => product.requiresDeliveryAddress),
    requiresBilling: basket.products.some((product) => product.requiresBillingAddress),
  };
  return reuseOffered(config, options) ? config : { ...config, useDeliveryAddress: false, useBillingAddress: false };
}

/**
 * The visitor's choices as form values, kept by formik beside the fields: each section's
 * saved-address choice, and its "use the other address" checkbox ('true' / 'false').
 */
export function addressChoiceValues(choices: AddressChoices): Record<string, string> {
  return {
    [choiceKey('delivery')]: choices.selectedDeliveryAddress,
    [choiceKey('billing')]: choices.selectedBillingAddress,
    [reuseKey('delivery')]: String(choices.useBillingAddress),
    [reuseKey('billing')]: String(choices.useDeliveryAddress),
  };
}

/** The configuration that applies to the form's values and the live basket. */
export function configOf(
  values: Readonly<Record<string, string>>,
  basket: Basket,
  options: AddressOptions,
): AddressConfig {
  const choices: AddressChoices = {
    useBillingAddress: values[reuseKey('delivery')] === 'true',
    useDeliveryAddress: values[reuseKey('billing')] === 'true',
    selectedDeliveryAddress: values[choiceKey('delivery')] ?? '',
    selectedBillingAddress: values[choiceKey('billing')] ?? '',
  };
  return currentConfig(choices, basket, options);
}
