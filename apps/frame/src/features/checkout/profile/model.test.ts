import { describe, expect, it } from 'vitest';
import { profileGroupsSchema } from '@foyer/api/widget';
import './messages';
import {
  addressChoiceValues,
  basketAddressGroups,
  currentConfig,
  initialConfig,
  NEW_ADDRESS,
  type AddressConfig,
  type AddressOptions,
} from './addressConfig';
import { applyAttributeMapping, profilePayload } from './payload';
import { choiceKey, profileFields, type ProfileFields } from './profileFields';
import { basketOf, BRUSSELS, DIGITAL, INVOICED, PRINT, USER_GROUPS, VISITOR_GROUPS } from '../test/profileTestData';
import { invalidKeys, profileProblems, profileSchema, serverNames } from './validate';

const OPTIONS: AddressOptions = { showDelivery: false, showBilling: false, useBillingOption: true };
const config = (overrides: Partial<AddressConfig> = {}): AddressConfig => ({
  requiresDelivery: false,
  requiresBilling: false,
  useDeliveryAddress: false,
  useBillingAddress: false,
  selectedDeliveryAddress: '',
  selectedBillingAddress: '',
  ...overrides,
});
/** The profile schema's problems for the values, with this address configuration chosen in the form. */
const validateProfile = (
  fields: ProfileFields,
  values: Record<string, string>,
  chosen: AddressConfig,
  options: AddressOptions,
) =>
  profileProblems(
    profileSchema(fields, () => chosen, options),
    { ...values, ...addressChoiceValues(chosen) },
  );
const delivery = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [`deliveryAddress:${name}`, value]));

describe('attributeMapping', () => {
  it('renames mapped names only, keeping order and values', () => {
    const pairs = [
      { name: 'firstName', value: 'Ada' },
      { name: 'phone', value: '1' },
      { name: 'deliveryAddress.city', value: 'Brussels' },
    ];
    expect(applyAttributeMapping(pairs, { firstName: 'given_name', 'deliveryAddress.city': 'town' })).toEqual([
      { name: 'given_name', value: 'Ada' },
      { name: 'phone', value: '1' },
      { name: 'town', value: 'Brussels' },
    ]);
  });
  it('leaves the payload alone without a mapping, and ignores inherited keys and empty targets', () => {
    const pairs = [
      { name: 'toString', value: 'x' },
      { name: 'phone', value: '1' },
    ];
    expect(applyAttributeMapping(pairs, undefined)).toEqual(pairs);
    expect(applyAttributeMapping(pairs, { phone: '' })).toEqual(pairs);
  });
  it('lets an INVALID_FORM answer naming a mapped attribute mark the field', () => {
    const fields = profileFields(VISITOR_GROUPS, false);
    const names = serverNames(fields, { firstName: 'given_name' });
    expect(invalidKeys(['given_name, deliveryAddress.city, unknown'], names)).toEqual([
      'attribute:firstName',
      'deliveryAddress:city',
    ]);
  });
});

describe('address configuration (purchase spec §2)', () => {
  const fields = profileFields(USER_GROUPS, true);

  it('requirements follow the basket; the reuse flags count only while both sections show', () => {
    const start = initialConfig(basketOf(PRINT), fields);
    expect(start).toMatchObject({ requiresDelivery: true, requiresBilling: false, selectedDeliveryAddress: '' });
    const reusing = { ...start, useBillingAddress: true };
    expect(currentConfig(reusing, basketOf(PRINT), OPTIONS).useBillingAddress).toBe(false);
    expect(currentConfig(reusing, basketOf(PRINT, INVOICED), OPTIONS).useBillingAddress).toBe(true);
    expect(
      currentConfig(reusing, basketOf(PRINT, INVOICED), { ...OPTIONS, useBillingOption: false }).useBillingAddress,
    ).toBe(false);
  });

  it('a saved address goes to the basket by id, and a reused one is copied to the other group', () => {
    const chosen = config({ requiresDelivery: true, requiresBilling: true, selectedDeliveryAddress: 'addr-home' });
    expect(basketAddressGroups(chosen, OPTIONS, fields, {})).toEqual({ delivery: { id: 'addr-home' } });
    expect(basketAddressGroups({ ...chosen, useDeliveryAddress: true }, OPTIONS, fields, {})).toEqual({
      delivery: { id: 'addr-home' },
      billing: { id: 'addr-home' },
    });
  });

  it('a new address goes by its values, trimmed, without the group prefix; a section not shown gives nothing', () => {
    const typed = config({
      requiresDelivery: true,
      selectedDeliveryAddress: NEW_ADDRESS,
      selectedBillingAddress: 'addr-office',
    });
    const values = delivery({ ...BRUSSELS, city: '  Brussels ', line2: '' });
    expect(basketAddressGroups(typed, OPTIONS, fields, values)).toEqual({ delivery: { values: BRUSSELS } });
    expect(basketAddressGroups(typed, { ...OPTIONS, showBilling: true }, fields, values)).toEqual({
      delivery: { values: BRUSSELS },
      billing: { id: 'addr-office' },
    });
  });

  it('starts from the basket: its saved address id, or "a new address" for its values', () => {
    expect(
      initialConfig({ ...basketOf(PRINT), deliveryAddressGroup: { id: 'addr-home' } }, fields).selectedDeliveryAddress,
    ).toBe('addr-home');
    expect(
      initialConfig({ ...basketOf(PRINT), deliveryAddressGroup: { id: 'gone' } }, fields).selectedDeliveryAddress,
    ).toBe('');
    expect(
      initialConfig({ ...basketOf(PRINT), deliveryAddressGroup: { values: BRUSSELS } }, fields).selectedDeliveryAddress,
    ).toBe(NEW_ADDRESS);
  });
});

describe('submit rules (purchase spec §5)', () => {
  it('a mandatory choice with nothing chosen is invalid; a saved one or the other address reused is enough', () => {
    const fields = profileFields(USER_GROUPS, true);
    const values = { 'attribute:firstName': 'Demo', 'attribute:lastName': 'User' };
    expect(validateProfile(fields, values, config({ requiresDelivery: true }), OPTIONS)).toEqual({
      [choiceKey('delivery')]: 'Choose an address or enter a new one.',
    });
    expect(
      validateProfile(
        fields,
        values,
        config({ requiresDelivery: true, selectedDeliveryAddress: 'addr-home' }),
        OPTIONS,
      ),
    ).toEqual({});
    const reuse = config({ requiresDelivery: true, useBillingAddress: true, selectedBillingAddress: 'addr-office' });
    const both = { ...OPTIONS, showBilling: true };
    expect(validateProfile(fields, values, reuse, both)).toEqual({});
    // Reusing an empty billing choice does not satisfy the required delivery address.
    expect(Object.keys(validateProfile(fields, values, { ...reuse, selectedBillingAddress: '' }, both))).toEqual([
      choiceKey('billing'),
    ]);
    // Without the reuse, the optional billing section may stay empty.
    expect(
      validateProfile(
        fields,
        values,
        { ...reuse, useBillingAddress: false, selectedDeliveryAddress: 'addr-home', selectedBillingAddress: '' },
        both,
      ),
    ).toEqual({});
  });

  it('a confirm field for a validator that is not a password must still equal it', () => {
    const groups = profileGroupsSchema.parse({
      ...VISITOR_GROUPS,
      authDetails: {
        ...VISITOR_GROUPS.authDetails!,
        attributes: [
          VISITOR_GROUPS.authDetails!.attributes[0]!,
          { name: 'pin', label: 'PIN', mandatory: true, type: 'STRING', inputType: 'tel' },
        ],
      },
    });
    const fields = profileFields(groups, false);
    const confirm = fields.details[0]!.fields[2]!;
    expect(confirm).toMatchObject({ name: 'confirmPin', label: 'Confirm PIN', control: 'tel' });
    const base = {
      'identifier:email': 'a@b.test',
      'validator:pin': '1234',
      'attribute:firstName': 'A',
      'attribute:lastName': 'B',
    };
    expect(validateProfile(fields, { ...base, 'confirm:pin': '12' }, config(), OPTIONS)).toEqual({
      'confirm:pin': 'PIN and Confirm PIN do not match',
    });
    expect(validateProfile(fields, { ...base, 'confirm:pin': '1234' }, config(), OPTIONS)).toEqual({});
    expect(profilePayload(fields, { ...base, 'confirm:pin': '1234' }, config(), OPTIONS, false)).toContainEqual({
      name: 'confirmPin',
      value: '1234',
    });
  });

  it('a logged-in user never gets the auth details, even from a stale answer', () => {
    const fields = profileFields(VISITOR_GROUPS, true);
    expect(fields.details.map((section) => section.name)).toEqual(['personalDetails', 'otherDetails']);
    expect(profileFields(VISITOR_GROUPS, false).details[0]!.fields.map((field) => field.key)).toEqual([
      'identifier:email',
      'validator:password',
      'confirm:password',
    ]);
    expect(initialConfig(basketOf(DIGITAL), fields)).toMatchObject({ requiresDelivery: false, requiresBilling: false });
  });
});
