import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/Field';
import { SubmitButton } from '../../components/Loading';
import { t } from '../../i18n';
import { MAX_PASSWORD_LENGTH, passwordErrors, type PasswordValues } from './rules';

export interface PasswordFormProps {
  id: string;
  showLabels: boolean;
  /** Ask for the current password (change password's showOldPassword). */
  withCurrent: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Above the fields: the heading and the result or error message. */
  children?: ReactNode;
  onSubmit(values: PasswordValues): void;
}

/**
 * New password + confirmation (autocomplete new-password), optionally the current password
 * (current-password). Submit stays disabled until the form is valid and changed (identity spec
 * §5); what the visitor typed stays after a failed submit. A problem shows once its field was left
 * (or a submit was tried).
 */
export function PasswordForm(props: PasswordFormProps) {
  const empty: PasswordValues = { current: props.withCurrent ? '' : undefined, password: '', confirm: '' };
  const [values, setValues] = useState<PasswordValues>(empty);
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordValues, boolean>>>({});
  const errors = passwordErrors(values);
  const valid = Object.keys(errors).length === 0;
  const changed = !!(values.password || values.confirm || values.current);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ current: true, password: true, confirm: true });
    if (valid && changed && !props.busy) props.onSubmit(values);
  }

  const field = (key: keyof PasswordValues, label: string, autoComplete: string) => (
    <TextField
      id={`${props.id}-${key}`}
      label={label}
      showLabel={props.showLabels}
      type="password"
      autoComplete={autoComplete}
      required
      maxLength={MAX_PASSWORD_LENGTH}
      value={values[key] ?? ''}
      error={touched[key] ? errors[key] : null}
      onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
      onBlur={() => setTouched((current) => ({ ...current, [key]: true }))}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={props.busy}>
      {props.children}
      {props.withCurrent && field('current', t('password.current'), 'current-password')}
      {field('password', t('password.new'), 'new-password')}
      {field('confirm', t('password.confirm'), 'new-password')}
      <div className="actions">
        <SubmitButton
          busy={props.busy}
          disabled={!valid || !changed}
          label={props.submitLabel}
          busyLabel={props.busyLabel}
        />
      </div>
    </form>
  );
}
