import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FoyerError, Template } from '@foyer/api';
import type { RegistrationAttributes } from '@foyer/protocol';
import { FormAttributeField } from '../../ui/form/AttributeField';
import { templateFields, type FieldSpec } from '../../ui/form/fields';
import { formProblemsMessage, serverAttributesMessage } from '../../ui/form/generalMessage';
import { useIdentifierChecks } from '../../ui/form/identifierCheck';
import { IdentifierStatus } from '../../ui/form/IdentifierStatus';
import { MessageBox } from '../../ui/form/MessageBox';
import { fieldProblem, formSchema, type Values } from '../../ui/form/schema';
import { useTemplateForm } from '../../ui/form/useTemplateForm';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { LinkButton } from '../../ui/LinkButton';
import { SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { cancelRegistration, registerAccount } from './register';

/**
 * Only services with a reCAPTCHA site key download the captcha (most registrations have none: the
 * registration route's budget), as on the login form.
 */
const Captcha = lazy(() => import('../../ui/form/Captcha').then((module) => ({ default: module.Captcha })));

export interface RegistrationFormProps {
  attributes: RegistrationAttributes;
  scheme: string;
  serviceName: string;
  template: Template;
  recaptchaSiteKey: string | null;
  onRegistered(result: { guid: string; loggedIn: boolean }): void;
  /**
   * The ways out of 'Email already in use!…' (duplicate_user_profile): log in instead, or reset
   * the password, with the identifiers the visitor typed (never the password).
   */
  onWayOut?: (to: WayOut, identifiers: Values) => void;
}

export type WayOut = 'login' | 'forgotPassword';

/**
 * An address already registered (identity spec §8): our server answers duplicate_user_profile;
 * another identity server may answer DUPLICATE_IDENTIFIERS_FOUND. Someone registering hears the
 * same either way: 'Email already in use!…', with the login and forgot-password ways out.
 */
const DUPLICATE_CODES: ReadonlySet<string> = new Set(['duplicate_user_profile', 'DUPLICATE_IDENTIFIERS_FOUND']);

type Problem = { kind: 'text'; text: string } | { kind: 'error'; error: FoyerError; duplicate?: boolean };

function emptyValues(fields: readonly FieldSpec[]): Values {
  return Object.fromEntries(fields.map((field) => [field.key, '']));
}

/**
 * The registration form (identity spec §2, §5). Everything typed is kept after a refused submit,
 * passwords included: they never leave this frame's memory and retyping them gains nothing. The
 * captcha is reset after every attempt (its token is single-use).
 */
export function RegistrationForm(props: RegistrationFormProps) {
  const { attributes, template } = props;
  const dispatch = useAppDispatch();
  const checkIdentifiers = useAppSelector((state) => state.frame.settings.uniqueIdentifierValidation);
  const fields = useMemo(() => templateFields(template, { confirmPasswords: true }), [template]);
  const identifierFields = useMemo(() => fields.filter((field) => field.role === 'identifier'), [fields]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const [problemShown, setProblemShown] = useState(0);

  useEffect(() => {
    if (problemShown) problemRef.current?.focus();
  }, [problemShown]);

  const show = (next: Problem | null) => {
    setProblem(next);
    if (next) setProblemShown((count) => count + 1);
  };

  const schema = useMemo(() => formSchema(fields), [fields]);

  const form = useTemplateForm({
    initialValues: emptyValues(fields),
    validationSchema: schema,
    onInvalid: (errors, values) => {
      const text = formProblemsMessage(fields, errors, values);
      if (text) show({ kind: 'text', text });
    },
    onSubmit: async (values) => {
      if (props.recaptchaSiteKey && !captcha) {
        setCaptchaMissing(true);
        show({ kind: 'text', text: t('RECAPTCHA_VERIFICATION_FAILED') });
        return;
      }
      show(null);
      const result = await dispatch(
        registerAccount({
          scheme: props.scheme,
          serviceName: props.serviceName,
          fields,
          values,
          recaptchaResponse: captcha,
          autoLogin: attributes.autoLogin,
        }),
      );
      if (result.ok) {
        props.onRegistered({ guid: result.profile.guid, loggedIn: result.loggedIn });
        return;
      }
      if (props.recaptchaSiteKey) setCaptchaReset((count) => count + 1);
      const text = serverAttributesMessage(result.error);
      if (text) show({ kind: 'text', text });
      else if (DUPLICATE_CODES.has(result.error.code)) {
        show({ kind: 'error', error: { ...result.error, code: 'duplicate_user_profile' }, duplicate: true });
      } else show({ kind: 'error', error: result.error });
    },
  });

  const statuses = useIdentifierChecks(
    identifierFields,
    form.values,
    (key, value) => {
      const field = identifierFields.find((candidate) => candidate.key === key);
      return !!field && fieldProblem(field, value) === null;
    },
    checkIdentifiers,
  );

  const typedIdentifiers = (): Values =>
    Object.fromEntries(identifierFields.map((field) => [field.key, form.values[field.key] ?? '']));

  const onCaptcha = useCallback((response: string | null) => {
    setCaptcha(response);
    if (response) setCaptchaMissing(false);
  }, []);

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting}>
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('registration.title')}</WidgetHeading>
      {problem &&
        attributes.showErrorMsgs &&
        (problem.kind === 'text' ? (
          <MessageBox ref={problemRef} text={problem.text} onClose={() => setProblem(null)} />
        ) : (
          <ErrorMessageBox ref={problemRef} error={problem.error} onClose={() => setProblem(null)}>
            {problem.duplicate && props.onWayOut && (
              <>
                <LinkButton onClick={() => props.onWayOut?.('login', typedIdentifiers())}>
                  {t('login.submit')}
                </LinkButton>
                <LinkButton onClick={() => props.onWayOut?.('forgotPassword', typedIdentifiers())}>
                  {t('login.forgotPassword')}
                </LinkButton>
              </>
            )}
          </ErrorMessageBox>
        ))}
      {fields.map((field) => (
        <FormAttributeField
          key={field.key}
          form={form}
          field={field}
          idPrefix="registration"
          showLabel={attributes.showLabels}
          status={
            field.role === 'identifier' && checkIdentifiers ? (
              <IdentifierStatus id={`registration-${field.name}-status`} status={statuses[field.key]} />
            ) : undefined
          }
        />
      ))}
      {props.recaptchaSiteKey && (
        <Suspense fallback={<p className="field-note">{t('frame.loading')}</p>}>
          <Captcha
            siteKey={props.recaptchaSiteKey}
            onChange={onCaptcha}
            resetKey={captchaReset}
            error={captchaMissing ? t('RECAPTCHA_VERIFICATION_FAILED') : null}
          />
        </Suspense>
      )}
      <div className="actions">
        <SubmitButton
          busy={form.submitting}
          label={attributes.submitLabel ?? t('registration.submit')}
          busyLabel={t('registration.submitting')}
        />
        {attributes.showCancel && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              form.reset();
              show(null);
              dispatch(cancelRegistration());
            }}
          >
            {t('registration.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
