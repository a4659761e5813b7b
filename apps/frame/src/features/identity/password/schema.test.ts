import { describe, expect, it } from 'vitest';
import { newPasswordSchema, problemsOf, type Values } from '../../../ui/form/schema';
import './messages';

const LABELS = {
  current: 'Current password',
  password: 'New password',
  confirm: 'Confirm new password',
  name: 'Password',
};
const passwordErrors = (values: Values) => problemsOf(newPasswordSchema(LABELS, 'current' in values), values);

describe('new-password rules (identity spec §5, §9)', () => {
  it('needs at least 6 characters, with the spec message', () => {
    expect(passwordErrors({ password: 'abc12', confirm: 'abc12' })).toEqual({
      password: 'Password and Confirm password must be of minimum 6 characters.',
      confirm: 'Password and Confirm password must be of minimum 6 characters.',
    });
    expect(passwordErrors({ password: 'abc123', confirm: 'abc123' })).toEqual({});
  });

  it('needs the confirmation to match, with the spec message', () => {
    expect(passwordErrors({ password: 'abc123', confirm: 'abc124' })).toEqual({
      confirm: 'Password and Confirm Password do not match',
    });
  });

  it('requires both fields and caps them at 255 characters', () => {
    expect(passwordErrors({ password: '', confirm: '' })).toEqual({
      password: 'New password is required.',
      confirm: 'Confirm new password is required.',
    });
    const long = 'x'.repeat(256);
    expect(passwordErrors({ password: long, confirm: long }).password).toBe(
      'New password must be at most 255 characters.',
    );
  });

  it('keeps spaces: a secret is checked exactly as typed', () => {
    expect(passwordErrors({ password: '  ab  ', confirm: '  ab  ' })).toEqual({});
  });

  it('requires the current password when the form asks for it, and a different new one', () => {
    expect(passwordErrors({ current: '', password: 'abc123', confirm: 'abc123' })).toEqual({
      current: 'Current password is required.',
    });
    expect(passwordErrors({ current: 'abc123', password: 'abc123', confirm: 'abc123' })).toEqual({
      password: 'The new password must differ from the current one.',
    });
    expect(passwordErrors({ current: 'old', password: 'abc123', confirm: 'abc123' })).toEqual({});
  });
});
