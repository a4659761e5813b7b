/**
 * The password rules of identity spec §5 and §9, shared by reset and change password: minimum 6
 * characters ('Password and Confirm password must be of minimum 6 characters.'), at most 255, and
 * the match rule ('Password and Confirm Password do not match'). Each returns the message or null.
 */
import { PASSWORD_MIN_LENGTH } from '@foyer/api';
import { t } from '../../i18n';
import './messages';

export const MAX_PASSWORD_LENGTH = 255;

export interface PasswordValues {
  current?: string;
  password: string;
  confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

function lengthProblem(value: string, label: string): string | null {
  if (!value) return t('password.required', [label]);
  if (value.length > MAX_PASSWORD_LENGTH) return t('password.tooLong', [label, MAX_PASSWORD_LENGTH]);
  if (value.length < PASSWORD_MIN_LENGTH) return t('password.minLength', [PASSWORD_MIN_LENGTH]);
  return null;
}

/**
 * Every problem of a new-password form. `current` is checked only when the form has that field
 * (undefined: no old-password field); its length is the server's business (old rules may differ).
 */
export function passwordErrors(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  const label = t('password.label');
  if (values.current !== undefined) {
    if (!values.current) errors.current = t('password.required', [t('password.current')]);
    else if (values.current.length > MAX_PASSWORD_LENGTH) {
      errors.current = t('password.tooLong', [t('password.current'), MAX_PASSWORD_LENGTH]);
    }
  }
  const password = lengthProblem(values.password, t('password.new'));
  if (password) errors.password = password;
  const confirm = lengthProblem(values.confirm, t('password.confirm'));
  if (confirm) errors.confirm = confirm;
  else if (values.confirm !== values.password) errors.confirm = t('password.mismatch', [label]);
  if (!errors.password && values.current && values.current === values.password) {
    errors.password = t('password.unchanged');
  }
  return errors;
}
