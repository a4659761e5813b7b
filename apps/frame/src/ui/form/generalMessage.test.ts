import { afterEach, describe, expect, it } from 'vitest';
import { registerTranslations, setLocale } from '../../app/i18n';
import {
  attributeMessageKey,
  formProblemsMessage,
  invalidAttributesMessage,
  serverAttributesMessage,
} from './generalMessage';

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

describe("the form's own summary of a submit with problems", () => {
  const fields = [
    { key: 'email', label: 'Email' },
    { key: 'firstName', label: 'First name' },
    { key: 'phone', label: 'Phone' },
  ];

  it('calls the empty fields mandatory and asks to check the filled ones', () => {
    const errors = { email: 'Enter a valid email address.', firstName: 'Required', phone: 'Invalid' };
    expect(formProblemsMessage(fields, errors, { email: 'bad@@x', firstName: ' ', phone: '12' })).toBe(
      'First name is mandatory. Please check: Email, Phone.',
    );
    expect(formProblemsMessage(fields, { email: 'Invalid' }, { email: 'bad@@x' })).toBe('Please check: Email.');
    expect(formProblemsMessage(fields, { firstName: 'Required' }, {})).toBe('First name is mandatory.');
  });

  it('has nothing to say without problems', () => {
    expect(formProblemsMessage(fields, {}, { email: 'a@b.c' })).toBeNull();
  });
});
