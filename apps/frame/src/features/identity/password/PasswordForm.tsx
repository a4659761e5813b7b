import { useMemo, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { TextField } from '../../../ui/Field';
import { SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { allTouched, enterShowsProblems } from '../../../ui/form/enterShowsProblems';
import { MAX_INPUT_LENGTH, newPasswordSchema, type Values } from '../../../ui/form/schema';
import './messages';

export interface PasswordValues {
  current?: string;
  password: string;
  confirm: string;
}

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
 * §5: formik's isValid and dirty); what the visitor typed stays after a failed submit. A problem
 * shows once its field was left, or Enter was pressed.
 */
export function PasswordForm(props: PasswordFormProps) {
  const { withCurrent } = props;
  const keys = withCurrent ? ['current', 'password', 'confirm'] : ['password', 'confirm'];
  const schema = useMemo(
    () =>
      newPasswordSchema(
        {
          current: t('password.current'),
          password: t('password.new'),
          confirm: t('password.confirm'),
          name: t('password.label'),
        },
        withCurrent,
      ),
    [withCurrent],
  );
  const formik = useFormik<Values>({
    initialValues: withCurrent ? { current: '', password: '', confirm: '' } : { password: '', confirm: '' },
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: (values) => {
      if (props.busy) return;
      props.onSubmit({
        ...(withCurrent ? { current: values.current ?? '' } : {}),
        password: values.password ?? '',
        confirm: values.confirm ?? '',
      });
    },
  });
  const canSubmit = formik.isValid && formik.dirty && !props.busy;

  const field = (key: keyof PasswordValues, label: string, autoComplete: string) => (
    <TextField
      id={`${props.id}-${key}`}
      label={label}
      showLabel={props.showLabels}
      type="password"
      autoComplete={autoComplete}
      required
      maxLength={MAX_INPUT_LENGTH}
      value={formik.values[key] ?? ''}
      error={formik.touched[key] ? formik.errors[key] : null}
      onChange={(value) => void formik.setFieldValue(key, value)}
      onBlur={() => void formik.setFieldTouched(key, true)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      onKeyDown={enterShowsProblems(canSubmit, () => void formik.setTouched(allTouched(keys)))}
      aria-busy={props.busy}
    >
      {props.children}
      {withCurrent && field('current', t('password.current'), 'current-password')}
      {field('password', t('password.new'), 'new-password')}
      {field('confirm', t('password.confirm'), 'new-password')}
      <div className="actions">
        <SubmitButton busy={props.busy} disabled={!canSubmit} label={props.submitLabel} busyLabel={props.busyLabel} />
      </div>
    </form>
  );
}
