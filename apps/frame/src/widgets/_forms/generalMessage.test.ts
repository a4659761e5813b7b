import { afterEach, describe, expect, it } from 'vitest';
import { registerTranslations, setLocale } from '../../i18n';
import { attributeMessageKey, invalidAttributesMessage, serverAttributesMessage } from './generalMessage';

afterEach(() => setLocale('en'));

describe('the general attribute message (identity spec §5)', () => {
  it('keys per-attribute messages by the lower-cased label with spaces as underscores', () => {
    expect(attributeMessageKey('Birth Date')).toBe('birth_date');
    expect(attributeMessageKey('First name')).toBe('first_name');
  });

  it('one attribute: general_attribute_mandatory; several: general_attributes_mandatory, labels comma-joined', () => {
    expect(invalidAttributesMessage(['First name'])).toBe('First name is mandatory.');
    expect(invalidAttributesMessage(['First name', 'Last name'])).toBe('First name, Last name are mandatory.');
    expect(invalidAttributesMessage([])).toBeNull();
  });

  it('puts translated per-attribute messages first', () => {
    registerTranslations('en', { birth_date: 'You must be 16 or older.' });
    expect(invalidAttributesMessage(['Birth Date', 'Email'])).toBe(
      'You must be 16 or older. Birth Date, Email are mandatory.',
    );
  });

  it("turns the server's attribute errors into the same message", () => {
    expect(serverAttributesMessage({ code: 'ATTRIBUTE_VALIDATION_FAILED', args: ['Phone'] })).toBe(
      'Please check: Phone.',
    );
    expect(serverAttributesMessage({ code: 'general_attributes_mandatory', args: ['First name, Last name'] })).toBe(
      'First name, Last name are mandatory.',
    );
    expect(serverAttributesMessage({ code: 'DUPLICATE_IDENTIFIERS_FOUND', args: [] })).toBeNull();
  });
});
