/**
 * Profile groups in the widget service's real shapes (GET /widget/profile/attributeGroups/demo of
 * the reference server, apps/server/src/widget/profile.ts + addresses.ts), checked against the
 * shared schemas so a contract change breaks the tests. Tests only.
 */
import { basketSchema, profileGroupsSchema, type Basket, type ProfileGroup } from '@foyer/api/widget';

const ADDRESS_FIELDS = [
  { name: 'fullName', label: 'Full name', mandatory: true, autocomplete: 'name' },
  { name: 'line1', label: 'Address line 1', mandatory: true, autocomplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2', mandatory: false, autocomplete: 'address-line2' },
  { name: 'city', label: 'City', mandatory: true, autocomplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', mandatory: true, autocomplete: 'postal-code' },
  { name: 'country', label: 'Country', mandatory: true, autocomplete: 'country' },
];

const addressGroup = (kind: 'delivery' | 'billing'): ProfileGroup => ({
  name: `${kind}Address`,
  displayName: kind === 'delivery' ? 'Delivery address' : 'Billing address',
  category: 'address',
  attributes: ADDRESS_FIELDS.map((field) => ({
    ...field,
    type: 'STRING',
    autocomplete: `${kind === 'delivery' ? 'shipping' : 'billing'} ${field.autocomplete}`,
    inputType: 'text',
  })),
});

const personal = (values: Record<string, string> = {}): ProfileGroup => ({
  name: 'personalDetails',
  displayName: 'Personal details',
  category: 'personalDetails',
  attributes: [
    { name: 'firstName', label: 'First name', mandatory: true, type: 'STRING', autocomplete: 'given-name' },
    { name: 'lastName', label: 'Last name', mandatory: true, type: 'STRING', autocomplete: 'family-name' },
    { name: 'birthDate', label: 'Birth date', mandatory: false, type: 'DATE', autocomplete: 'bday' },
  ].map((field) => (values[field.name] ? { ...field, value: values[field.name] } : field)),
});

const other = (phone?: string): ProfileGroup => ({
  name: 'otherDetails',
  displayName: 'Other details',
  category: 'otherDetails',
  attributes: [
    {
      name: 'phone',
      label: 'Phone',
      mandatory: false,
      type: 'STRING',
      autocomplete: 'tel',
      inputType: 'tel',
      ...(phone ? { value: phone } : {}),
    },
  ],
});

/** A visitor (no session): authDetails first. */
export const VISITOR_GROUPS = profileGroupsSchema.parse({
  authDetails: {
    name: 'authDetails',
    displayName: 'Account',
    category: 'authDetails',
    attributes: [
      { name: 'email', label: 'Email', mandatory: true, type: 'STRING', autocomplete: 'email', inputType: 'email' },
      {
        name: 'password',
        label: 'Password',
        mandatory: true,
        type: 'STRING',
        autocomplete: 'new-password',
        inputType: 'password',
      },
    ],
  },
  personalDetails: personal(),
  otherDetails: [other()],
  addresses: [addressGroup('delivery'), addressGroup('billing')],
  savedAddresses: [],
});

export const BRUSSELS = {
  fullName: 'Demo User',
  line1: '1 Rue de la Loi',
  city: 'Brussels',
  postalCode: '1000',
  country: 'BE',
};

/** The demo user (session): values filled in, a saved delivery and a saved billing address. */
export const USER_GROUPS = profileGroupsSchema.parse({
  personalDetails: personal({ firstName: 'Demo', lastName: 'User' }),
  otherDetails: [other('+32 2 000 00 00')],
  addresses: [addressGroup('delivery'), addressGroup('billing')],
  savedAddresses: [
    { id: 'addr-home', kind: 'delivery', label: '1 Rue de la Loi, 1000 Brussels, BE', values: BRUSSELS },
    {
      id: 'addr-office',
      kind: 'billing',
      label: '5 Avenue Louise, 1050 Ixelles, BE',
      values: { ...BRUSSELS, line1: '5 Avenue Louise', postalCode: '1050', city: 'Ixelles' },
    },
  ],
});

const product = (name: string, requires: { delivery?: boolean; billing?: boolean } = {}) => ({
  name,
  displayName: name,
  type: 'PLAIN' as const,
  requiresDeliveryAddress: !!requires.delivery,
  requiresBillingAddress: !!requires.billing,
  paymentPlan: {
    _id: `${name}-monthly`,
    name: `${name}-monthly`,
    displayName: 'Monthly',
    description: '',
    frequency: { id: 'MONTH1' as const },
    currency: { code: 'EUR', symbol: '€', decimalDigits: 2 },
    price: { amount: 999, currency: 'EUR', display: '9.99' },
  },
});

export const basketOf = (...products: ReturnType<typeof product>[]): Basket => basketSchema.parse({ products });
export const DIGITAL = product('demo-digital');
export const PRINT = product('demo-print', { delivery: true });
export const INVOICED = product('demo-invoiced', { billing: true });
