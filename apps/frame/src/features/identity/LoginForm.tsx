import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { type FoyerError, type NameValue, type Template } from '@foyer/api';
import type { LoginAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { CheckboxField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { login } from '../../app/store/loginThunks';
import { MessageBox } from '../../ui/form/MessageBox';
import { allTouched, enterShowsProblems } from '../../ui/form/enterShowsProblems';
import { formSchema, MAX_INPUT_LENGTH, submittedValue, type Values } from '../../ui/form/schema';
import { loginFields, type LoginField } from './fields';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { LinkButton } from '../../ui/LinkButton';

export interface LoginFormProps {
  attributes: LoginAttributes;
  scheme: string;
  template: Template;
  /** The service's (or page's) reCAPTCHA site key: then a login must carry a solved captcha. */
  recaptchaSiteKey?: string | null;
  /** Focus the first field when the form appears (after a logout in this widget). */
  focusFirstField?: boolean;
  /** The forgot-password link: flips to the panel, or publishes login.forgotPassword. */
  onForgotPassword?: () => void;
}

/** Only services with a reCAPTCHA site key download the captcha (most logins have none). */
const Captcha = lazy(() => import('../../ui/form/Captcha').then((module) => ({ default: module.Captcha })));

/** The remember-me checkbox's value in the form ('true' / 'false'): ticking it alone is a change. */
const REMEMBER_ME = 'rememberMe';

type Failure = { error: FoyerError; attempt: number; identifiers: NameValue[] };

/**
 * A real <form>: Enter submits. Submit stays disabled until every field is valid and something
 * changed (identity spec §5) — formik's isValid and dirty against the template's yup schema. After
 * a failure the validators (password) are cleared, the identifiers kept, and focus moves to the
 * error so screen readers announce it.
 */
export function LoginForm({
  attributes,
  scheme,
  template,
  recaptchaSiteKey = null,
  focusFirstField = false,
  onForgotPassword,
}: LoginFormProps) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => loginFields(template), [template]);
  const schema = useMemo(() => formSchema(fields, { credentials: 'existing' }), [fields]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  // A token is single-use: the captcha is reset after every attempt.
  const [captchaReset, setCaptchaReset] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const firstValidatorRef = useRef<HTMLInputElement>(null);

  const pick = (values: Values, role: LoginField['role']): NameValue[] =>
    fields
      .filter((field) => field.role === role)
      .map((field) => ({ name: field.name, value: submittedValue(field, values[field.key] ?? '') }));

  const formik = useFormik<Values>({
    initialValues: { ...Object.fromEntries(fields.map((field) => [field.key, ''])), [REMEMBER_ME]: 'false' },
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: async (values) => {
      if (recaptchaSiteKey && !captcha) {
        setCaptchaMissing(true);
        return;
      }
      const result = await dispatch(
        login({
          authenticationSchemeName: scheme,
          identifiers: pick(values, 'identifier'),
          validators: pick(values, 'validator'),
          rememberMe: values[REMEMBER_ME] === 'true',
          ...(captcha ? { recaptchaResponse: captcha } : {}),
        }),
      );
      if (recaptchaSiteKey) setCaptchaReset((count) => count + 1);
      if (result.ok) return; // the widget switches to its logged-in pane
      setFailure((current) => ({
        error: result.error,
        attempt: (current?.attempt ?? 0) + 1,
        identifiers: pick(values, 'identifier'),
      }));
    },
  });
  const canSubmit = formik.isValid && formik.dirty && !formik.isSubmitting;
  const onCaptcha = useCallback((response: string | null) => {
    setCaptcha(response);
    if (response) setCaptchaMissing(false);
  }, []);

  useEffect(() => {
    if (focusFirstField) firstRef.current?.focus();
  }, [focusFirstField]);

  // Focus first, then clear the secrets: moving focus off the password field blurs it, and a blur
  // after the clearing would flag the emptied field 'Password is required.' under the error.
  const { setFieldValue, setFieldTouched } = formik;
  useEffect(() => {
    if (!failure) return;
    (errorRef.current ?? firstValidatorRef.current)?.focus();
    for (const field of fields.filter((candidate) => candidate.role === 'validator')) {
      void setFieldValue(field.key, '', true);
      void setFieldTouched(field.key, false, false);
    }
  }, [failure, fields, setFieldValue, setFieldTouched]);

  let firstValidatorSeen = false;
  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      onKeyDown={enterShowsProblems(
        canSubmit,
        () => void formik.setTouched(allTouched(fields.map((field) => field.key))),
      )}
      aria-busy={formik.isSubmitting}
    >
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
        const isFirstValidator = field.role === 'validator' && !firstValidatorSeen;
        if (isFirstValidator) firstValidatorSeen = true;
        return (
          <TextField
            key={field.key}
            id={`login-${field.role}-${field.name}`}
            inputRef={index === 0 ? firstRef : isFirstValidator ? firstValidatorRef : undefined}
            label={field.label}
            showLabel={attributes.showLabels}
            type={field.type}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            required
            maxLength={MAX_INPUT_LENGTH}
            value={formik.values[field.key] ?? ''}
            error={formik.touched[field.key] ? formik.errors[field.key] : null}
            onChange={(value) => void formik.setFieldValue(field.key, value)}
            onBlur={() => void formik.setFieldTouched(field.key, true)}
          />
        );
      })}
      {recaptchaSiteKey && (
        <Suspense fallback={<p className="field-note">{t('frame.loading')}</p>}>
          <Captcha
            id="login-captcha"
            siteKey={recaptchaSiteKey}
            onChange={onCaptcha}
            resetKey={captchaReset}
            error={captchaMissing ? t('RECAPTCHA_VERIFICATION_FAILED') : null}
          />
        </Suspense>
      )}
      {attributes.showRememberMe && (
        <CheckboxField
          id="login-remember-me"
          label={t('login.rememberMe')}
          checked={formik.values[REMEMBER_ME] === 'true'}
          onChange={(checked) => void formik.setFieldValue(REMEMBER_ME, String(checked))}
        />
      )}
      <div className="actions">
        <SubmitButton
          busy={formik.isSubmitting}
          disabled={!canSubmit}
          label={attributes.submitLabel ?? t('login.submit')}
          busyLabel={t('login.submitting')}
        />
        {attributes.showForgotPassword && onForgotPassword && (
          <LinkButton onClick={onForgotPassword}>{t('login.forgotPassword')}</LinkButton>
        )}
      </div>
    </form>
  );
}

/** The re-send link under 'Your account is not yet activated', then its (non-revealing) result. */
function ResendActivation({ identifiers }: { identifiers: NameValue[] }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | FoyerError>('idle');
  if (state === 'sent') return <MessageBox severity="success" text={t('login.activationResent')} />;
  if (typeof state === 'object') return <ErrorMessageBox error={state} />;
  return (
    <LinkButton
      disabled={state === 'busy'}
      onClick={async () => {
        setState('busy');
        // Loaded on click: most visitors never need it.
        const { resendActivation } = await import('./resendActivation');
        setState((await dispatch(resendActivation(identifiers))) ?? 'sent');
      }}
    >
      {t('login.resendActivation')}
    </LinkButton>
  );
}
