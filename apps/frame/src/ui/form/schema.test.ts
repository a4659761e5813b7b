import { describe, expect, it } from 'vitest';
import type { Attribute, Template } from '@foyer/api';
// The date rules register with the schema module when dates.ts loads, as in a form with date fields.
import './dates';
import { controlOf, templateFields, templateProblems, type FieldSpec } from './fields';
import {
  fieldProblem,
  formSchema,
  MAX_INPUT_LENGTH,
  problemsOf,
  submittedAttributes,
  validationPatterns,
  type Values,
} from './schema';

const validate = (fields: readonly FieldSpec[], values: Values) => problemsOf(formSchema(fields), values);

const attr = (overrides: Partial<Attribute> = {}): Attribute => ({
  name: 'nickname',
  label: 'Nickname',
  type: 'STRING',
  mandatory: false,
  ...overrides,
});

function field(overrides: Partial<Attribute> = {}, role: 'attribute' | 'identifier' | 'validator' = 'attribute') {
  const template: Template = { identifiers: [], validators: [], attributes: [] };
  template[role === 'attribute' ? 'attributes' : role === 'identifier' ? 'identifiers' : 'validators'].push(
    attr(overrides),
  );
  const [spec] = templateFields(template);
  return spec as FieldSpec;
}

const REGISTRATION: Template = {
  identifiers: [attr({ name: 'email', label: 'Email', inputType: 'email', autocomplete: 'email' })],
  validators: [attr({ name: 'password', label: 'Password', inputType: 'password', autocomplete: 'new-password' })],
  attributes: [attr({ name: 'firstName', label: 'First name', mandatory: true })],
};

describe('text inputs (identity spec §5)', () => {
  it('mandatory fields are required; optional empty ones are fine', () => {
    expect(fieldProblem(field({ mandatory: true }), '')).toBe('Nickname is required.');
    expect(fieldProblem(field({ mandatory: true }), '   ')).toBe('Nickname is required.');
    expect(fieldProblem(field({ mandatory: false }), '')).toBeNull();
  });

  it('identifiers and validators are always mandatory', () => {
    expect(fieldProblem(field({ mandatory: false }, 'identifier'), '')).toBe('Nickname is required.');
    expect(fieldProblem(field({ mandatory: false, inputType: 'password' }, 'validator'), '')).toBe(
      'Nickname is required.',
    );
  });

  it('max length 255', () => {
    expect(fieldProblem(field(), 'a'.repeat(MAX_INPUT_LENGTH))).toBeNull();
    expect(fieldProblem(field(), 'a'.repeat(MAX_INPUT_LENGTH + 1))).toBe('Nickname must be at most 255 characters.');
  });

  it('email identifiers must look like an address', () => {
    const email = field({ inputType: 'email', label: 'Email' }, 'identifier');
    expect(fieldProblem(email, 'not-an-email')).toBe('Enter a valid email address.');
    expect(fieldProblem(email, ' someone@example.com ')).toBeNull();
  });

  it('NUMERIC values are numbers', () => {
    const age = field({ type: 'NUMERIC', label: 'Age' });
    expect(controlOf(age.attribute)).toBe('number');
    expect(fieldProblem(age, '12a')).toBe('Age must be a number.');
    expect(fieldProblem(age, '-4.5')).toBeNull();
  });

  it('regex validations from the template parameters (whole value, broken patterns skipped)', () => {
    const zip = field({
      label: 'Postcode',
      validations: [
        { name: 'format', parameters: { regex: '\\d{5}' } },
        { name: 'broken', parameters: { pattern: '(' } },
      ],
    });
    expect(validationPatterns(zip.attribute)).toHaveLength(1);
    expect(fieldProblem(zip, '1234')).toBe('Postcode is not in the expected format.');
    expect(fieldProblem(zip, '123456')).toBe('Postcode is not in the expected format.');
    expect(fieldProblem(zip, '12345')).toBeNull();
  });
});

describe('passwords and their confirmation', () => {
  const fields = templateFields(REGISTRATION, { confirmPasswords: true });
  const values = (password: string, confirm: string) => ({
    'identifier:email': 'a@b.co',
    'validator:password': password,
    'confirm:password': confirm,
    'attribute:firstName': 'Ann',
  });

  it("adds 'Confirm Password' after the password, with new-password autofill", () => {
    const confirm = fields.find((f) => f.role === 'confirm');
    expect(fields.map((f) => f.key)).toEqual([
      'identifier:email',
      'validator:password',
      'confirm:password',
      'attribute:firstName',
    ]);
    expect(confirm?.label).toBe('Confirm Password');
    expect(confirm?.autoComplete).toBe('new-password');
  });

  it('minimum 6 characters, with the spec message', () => {
    const errors = validate(fields, values('12345', '12345'));
    expect(errors['validator:password']).toBe('Password and Confirm password must be of minimum 6 characters.');
    expect(errors['confirm:password']).toBe('Password and Confirm password must be of minimum 6 characters.');
    expect(validate(fields, values('123456', '123456'))).toEqual({});
  });

  it("'{0} and Confirm {0} do not match'", () => {
    expect(validate(fields, values('secret-1', 'secret-2'))['confirm:password']).toBe(
      'Password and Confirm Password do not match',
    );
    expect(validate(fields, values('secret-1', ''))['confirm:password']).toBe('Confirm Password is required.');
  });

  it('passwords are sent exactly as typed; confirmations and empty values are not sent', () => {
    const sent = submittedAttributes(fields, { ...values(' pass word ', ' pass word '), 'attribute:firstName': '  ' });
    expect(sent).toEqual([
      { name: 'email', value: 'a@b.co' },
      { name: 'password', value: ' pass word ' },
    ]);
  });
});

describe('types and options', () => {
  it('BOOLEAN is a checkbox; a mandatory one must be checked', () => {
    const terms = field({ type: 'BOOLEAN', label: 'Terms', mandatory: true });
    expect(terms.control).toBe('checkbox');
    expect(fieldProblem(terms, 'false')).toBe('Terms must be checked.');
    expect(fieldProblem(terms, 'true')).toBeNull();
    expect(fieldProblem(field({ type: 'BOOLEAN' }), 'false')).toBeNull();
  });

  it('DATE is valid only with day, month and year, and a real day', () => {
    const birth = field({ type: 'DATE', label: 'Birth date', mandatory: true });
    expect(birth.control).toBe('date');
    expect(fieldProblem(birth, '')).toBe('Birth date is required.');
    expect(fieldProblem(birth, '1990--12')).toBe('Choose a day, a month and a year for Birth date.');
    expect(fieldProblem(birth, '-04-12')).toBe('Choose a day, a month and a year for Birth date.');
    expect(fieldProblem(birth, '1990-02-31')).toBe('Birth date is not a valid date.');
    expect(fieldProblem(birth, '1990-02-28')).toBeNull();
  });

  it('DATE_TIME', () => {
    const at = field({ type: 'DATE_TIME', label: 'Call me at' });
    expect(at.control).toBe('datetime');
    expect(fieldProblem(at, '2024-13-01T10:00')).toBe('Call me at is not a valid date and time.');
    expect(fieldProblem(at, 'tomorrow')).toBe('Call me at is not a valid date and time.');
    expect(fieldProblem(at, '2024-05-01T10:00')).toBeNull();
  });

  const options = [
    { value: 'news', caption: 'News' },
    { value: 'sport', caption: 'Sport' },
  ];

  it('options: a drop-down by default, radio or multi-choice checkboxes when the template says so', () => {
    expect(field({ options }).control).toBe('select');
    expect(field({ options, validations: [{ name: 'radio' }] }).control).toBe('radio');
    expect(field({ options, validations: [{ name: 'multiChoice' }] }).control).toBe('checkboxes');
  });

  it('only option values are accepted; a multi-choice value is the comma-joined option values', () => {
    const topics = field({ options, label: 'Topics', validations: [{ name: 'multiChoice' }] });
    expect(fieldProblem(topics, 'news,sport')).toBeNull();
    expect(fieldProblem(topics, 'news,cooking')).toBe('Choose one of the options for Topics.');
    expect(fieldProblem(field({ options, label: 'Topic' }), 'news,sport')).toBe('Choose one of the options for Topic.');
  });
});

describe('credentials the visitor already has (login, forgot password)', () => {
  it('are checked for presence, length and type only: an old password may predate the rules', () => {
    const password = field(
      { inputType: 'password', label: 'Password', validations: [{ name: 'f', parameters: { regex: 'x+' } }] },
      'validator',
    );
    expect(fieldProblem(password, 'abc', { credentials: 'existing' })).toBeNull();
    expect(fieldProblem(password, 'abc')).toBe('Password and Confirm password must be of minimum 6 characters.');
    expect(fieldProblem(password, '', { credentials: 'existing' })).toBe('Password is required.');
    const email = field({ inputType: 'email', label: 'Email' }, 'identifier');
    expect(fieldProblem(email, 'nope', { credentials: 'existing' })).toBe('Enter a valid email address.');
  });

  it('a form schema reports one message per field, in the order of the rules', () => {
    const fields = templateFields(REGISTRATION, { confirmPasswords: true });
    expect(validate(fields, {})).toEqual({
      'identifier:email': 'Email is required.',
      'validator:password': 'Password is required.',
      'confirm:password': 'Confirm Password is required.',
      'attribute:firstName': 'First name is required.',
    });
  });

  it('messages follow the current translation table', async () => {
    const { loadLocale } = await import('../../app/i18n');
    await loadLocale('es');
    try {
      expect(fieldProblem(field({ mandatory: true }), '')).toBe('Nickname es obligatorio.');
    } finally {
      await loadLocale('en');
    }
  });
});

describe('templates the widget refuses (identity spec §5)', () => {
  it('identifiers must be STRING or NUMERIC, validators STRING', () => {
    expect(templateProblems(REGISTRATION)).toEqual([]);
    expect(
      templateProblems({
        identifiers: [attr({ name: 'born', type: 'DATE' })],
        validators: [attr({ name: 'pin', type: 'NUMERIC' })],
        attributes: [],
      }),
    ).toEqual(['identifiers.born (DATE)', 'validators.pin (NUMERIC)']);
  });
});
