import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { foyerError, type FoyerError, type NameValue, type Template } from '@foyer/api';
import type { LoginAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { CheckboxField, TextField } from '../../components/Field';
import { SubmitButton } from '../../components/Loading';
import { t } from '../../i18n';
import { useAppDispatch } from '../../store/hooks';
import { login } from '../../store/loginThunks';
import { fieldError, loginFields, MAX_INPUT_LENGTH } from './fields';
import '../_account/account.css';
import { WidgetHeading } from '../../components/WidgetHeading';

export interface LoginFormProps {
  attributes: LoginAttributes;
  scheme: string;
  template: Template;
  /** Focus the first field when the form appears (after a logout in this widget). */
  focusFirstField?: boolean;
  /** The forgot-password link: flips to the panel, or publishes login.forgotPassword. */
  onForgotPassword?: () => void;
}

/**
 * A real <form>: Enter submits. Submit stays disabled until every field is valid and something
 * changed (identity spec §5). After a failure the validators (password) are cleared, the
 * identifiers kept, and focus moves to the error so screen readers announce it.
 */
export function LoginForm({ attributes, scheme, template, focusFirstField = false, onForgotPassword }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => loginFields(template), [template]);
  const initial = useMemo(() => Object.fromEntries(fields.map((field) => [field.key, ''])), [fields]);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [rememberMe, setRememberMe] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ error: FoyerError; attempt: number; identifiers: NameValue[] } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const firstValidatorRef = useRef<HTMLInputElement>(null);

  const problems = Object.fromEntries(fields.map((field) => [field.key, fieldError(field, values[field.key] ?? '')]));
  const valid = Object.values(problems).every((problem) => problem === null);
  const changed = rememberMe || fields.some((field) => values[field.key] !== initial[field.key]);
  const canSubmit = valid && changed && !submitting;

  useEffect(() => {
    if (focusFirstField) firstRef.current?.focus();
  }, [focusFirstField]);

  useEffect(() => {
    if (failure) (errorRef.current ?? firstValidatorRef.current)?.focus();
  }, [failure]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    const pick = (kind: 'identifier' | 'validator') =>
      fields
        .filter((field) => field.kind === kind)
        .map((field) => {
          const value = values[field.key] ?? '';
          return { name: field.name, value: kind === 'identifier' ? value.trim() : value };
        });
    const result = await dispatch(
      login({
        authenticationSchemeName: scheme,
        identifiers: pick('identifier'),
        validators: pick('validator'),
        rememberMe,
      }),
    );
    setSubmitting(false);
    if (result.ok) return; // the widget switches to its logged-in pane
    const validatorKeys = fields.filter((field) => field.kind === 'validator').map((field) => field.key);
    setValues((current) => ({ ...current, ...Object.fromEntries(validatorKeys.map((key) => [key, ''])) }));
    setTouched((current) => ({ ...current, ...Object.fromEntries(validatorKeys.map((key) => [key, false])) }));
    setFailure((current) => ({
      error: result.error,
      attempt: (current?.attempt ?? 0) + 1,
      identifiers: pick('identifier'),
    }));
  }

  let firstValidatorSeen = false;
  return (
    <form noValidate onSubmit={submit} aria-busy={submitting}>
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('login.title')}</WidgetHeading>
      {failure && attributes.showErrorMsgs && (
        <ErrorMessageBox
          ref={errorRef}
          error={failure.error}
          onClose={() => {
            setFailure(null);
            firstRef.current?.focus();
          }}
        />
      )}
      {failure?.error.code === 'user_profile_inactive' && (
        <ResendActivation key={failure.attempt} identifiers={failure.identifiers} />
      )}
      {fields.map((field, index) => {
        const isFirstValidator = field.kind === 'validator' && !firstValidatorSeen;
        if (isFirstValidator) firstValidatorSeen = true;
        return (
          <TextField
            key={field.key}
            id={`login-${field.kind}-${field.name}`}
            inputRef={index === 0 ? firstRef : isFirstValidator ? firstValidatorRef : undefined}
            label={field.label}
            showLabel={attributes.showLabels}
            type={field.type}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            required
            maxLength={MAX_INPUT_LENGTH}
            value={values[field.key] ?? ''}
            error={touched[field.key] ? problems[field.key] : null}
            onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            onBlur={() => setTouched((current) => ({ ...current, [field.key]: true }))}
          />
        );
      })}
      {attributes.showRememberMe && (
        <CheckboxField
          id="login-remember-me"
          label={t('login.rememberMe')}
          checked={rememberMe}
          onChange={setRememberMe}
        />
      )}
      <div className="actions">
        <SubmitButton
          busy={submitting}
          disabled={!canSubmit}
          label={attributes.submitLabel ?? t('login.submit')}
          busyLabel={t('login.submitting')}
        />
        {attributes.showForgotPassword && onForgotPassword && (
          <button type="button" className="link-button" onClick={onForgotPassword}>
            {t('login.forgotPassword')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The re-send link under 'Your account is not yet activated', then its (non-revealing) result. */
function ResendActivation({ identifiers }: { identifiers: NameValue[] }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<'idle' | 'busy' | FoyerError>('idle');
  if (typeof state === 'object') return <ErrorMessageBox error={state} />;
  return (
    <button
      type="button"
      className="link-button"
      disabled={state === 'busy'}
      onClick={async () => {
        setState('busy');
        // Loaded on click: most visitors never need it, and the login route has a tight budget.
        const { resendActivation } = await import('./resendActivation');
        setState((await dispatch(resendActivation(identifiers))) ?? foyerError('login.activationResent', [], 200));
      }}
    >
      {t('login.resendActivation')}
    </button>
  );
}
