import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { foyerError, type FoyerError, type Template } from '@foyer/api';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { allTouched, enterShowsProblems } from '../../ui/form/enterShowsProblems';
import { formSchema, MAX_INPUT_LENGTH, submittedValue, type Values } from '../../ui/form/schema';
import { identifierFields } from './fields';
import './forgotPasswordMessages';
import { cancelPasswordReset, sendPasswordReset } from './sendReset';

export interface ForgotPasswordPanelProps {
  scheme: string;
  /** The scheme's login template: its identifiers are the fields. */
  template: Template;
  showHeader: boolean;
  title?: string;
  showLabels: boolean;
  showErrorMsgs: boolean;
  showCancel: boolean;
  submitLabel?: string;
  alignment: 'left' | 'center' | 'right';
  /**
   * Flip back (to the login panel), with the identifiers as the visitor left them here (a host
   * that carried them in shows any correction). Without it, OK starts over.
   */
  onDone?: (identifiers: Values) => void;
  /** Focus the first field on mount (after the visitor flipped to the panel). */
  autoFocus?: boolean;
  /**
   * Identifiers the visitor already typed in the form that flipped here, by field key: the panel
   * starts with them, and they count as a change (the visitor need not retype to reset).
   */
  initialValues?: Values;
}

/**
 * The forgot-password panel (identity spec §2, §4): the scheme's identifiers, then the sent state
 * that hides submit and cancel and shows OK. The sent text is the same whether or not an account
 * exists. Used by the forgot-password route and as the login widget's flip panel.
 */
export function ForgotPasswordPanel(props: ForgotPasswordPanelProps) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => identifierFields(props.template), [props.template]);
  const schema = useMemo(() => formSchema(fields, { credentials: 'existing' }), [fields]);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const carried = fields.filter((field) => props.initialValues?.[field.key]);
  const formik = useFormik<Values>({
    initialValues: Object.fromEntries(fields.map((field) => [field.key, props.initialValues?.[field.key] ?? ''])),
    // A carried value that is not valid shows its problem at once, not only on blur.
    initialTouched: Object.fromEntries(carried.map((field) => [field.key, true])),
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: async (values) => {
      setError(null);
      const identifiers = fields.map((field) => ({
        name: field.name,
        value: submittedValue(field, values[field.key] ?? ''),
      }));
      const problem = await dispatch(sendPasswordReset(props.scheme, identifiers));
      if (problem) setError(problem);
      else setSent(true);
    },
  });
  const canSubmit = formik.isValid && (formik.dirty || carried.length > 0) && !formik.isSubmitting;

  useEffect(() => {
    if (props.autoFocus) firstRef.current?.focus();
  }, [props.autoFocus]);
  useEffect(() => {
    if (sent || error) messageRef.current?.focus();
  }, [sent, error]);

  const done = () => {
    const identifiers = formik.values;
    setSent(false);
    formik.resetForm();
    props.onDone?.(identifiers);
  };

  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      onKeyDown={enterShowsProblems(
        canSubmit,
        () => void formik.setTouched(allTouched(fields.map((field) => field.key))),
      )}
      aria-busy={formik.isSubmitting}
      className="forgot-password"
    >
      {props.showHeader && <h1>{props.title ?? t('forgot-password.title')}</h1>}
      {sent ? (
        <ErrorMessageBox ref={messageRef} error={foyerError('forgot-password.sent', [], 200)} />
      ) : (
        <>
          <p>{t('forgot-password.description')}</p>
          {error && props.showErrorMsgs && (
            <ErrorMessageBox ref={messageRef} error={error} onClose={() => setError(null)} />
          )}
          {fields.map((f, index) => (
            <TextField
              key={f.key}
              id={`forgot-password-${f.name}`}
              inputRef={index === 0 ? firstRef : undefined}
              label={f.label}
              showLabel={props.showLabels}
              type={f.type}
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              required
              maxLength={MAX_INPUT_LENGTH}
              value={formik.values[f.key] ?? ''}
              error={formik.touched[f.key] ? formik.errors[f.key] : null}
              onChange={(value) => void formik.setFieldValue(f.key, value)}
              onBlur={() => void formik.setFieldTouched(f.key, true)}
            />
          ))}
        </>
      )}
      <div className="actions" style={{ justifyContent: ALIGN[props.alignment] }}>
        {sent ? (
          <button type="button" className="button" onClick={done}>
            {t('forgot-password.ok')}
          </button>
        ) : (
          <>
            <SubmitButton
              busy={formik.isSubmitting}
              disabled={!canSubmit}
              label={props.submitLabel ?? t('forgot-password.submit')}
              busyLabel={t('forgot-password.submitting')}
            />
            {props.showCancel && (
              <button
                type="button"
                className="button account-secondary"
                onClick={() => {
                  dispatch(cancelPasswordReset());
                  done();
                }}
              >
                {t('forgot-password.cancel')}
              </button>
            )}
          </>
        )}
      </div>
    </form>
  );
}

const ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
