import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_RESEND_WAIT_SECONDS,
  EMAIL_PATTERN,
  type EmailCodePurpose,
  type FoyerError,
} from '@foyer/api';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { SubmitButton } from '../../../ui/Loading';
import { LinkButton } from '../../../ui/LinkButton';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { MessageBox } from '../../../ui/form/MessageBox';
import { requestEmailCode, signInWithEmailCode } from './emailCodeThunks';
import './messages';

export interface EmailCodeFlowProps {
  /** signIn: the login widget; register: the registration widget (the code may create the account). */
  purpose: EmailCodePurpose;
  /** The address already typed in the form the visitor came from. */
  initialEmail?: string;
  showHeader: boolean;
  showLabels: boolean;
  rememberMe?: boolean;
  /** Back to the form the visitor came from. */
  onBack(): void;
  /** Signed in; `created` when the code created the account (registration). */
  onSignedIn?(outcome: { guid: string; created: boolean }): void;
}

/**
 * "Email me a sign-in code" (issue 31): the address step, then the code step — a 6-digit input
 * (one-time-code autocomplete, numeric keyboard), another code after a wait, another address, back.
 * Errors are announced (role alert) and take the focus; the code sent is announced politely.
 */
export function EmailCodeFlow(props: EmailCodeFlowProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo === null) {
    return <AddressStep {...props} onSent={setSentTo} />;
  }
  return <CodeStep {...props} email={sentTo} onOtherAddress={() => setSentTo(null)} />;
}

const EMAIL_FIELD = 'email';
const CODE_FIELD = 'code';

function AddressStep({
  purpose,
  initialEmail = '',
  showHeader,
  showLabels,
  onBack,
  onSent,
}: EmailCodeFlowProps & { onSent(email: string): void }) {
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<FoyerError | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formik = useFormik({
    initialValues: { [EMAIL_FIELD]: initialEmail },
    validationSchema: object({
      [EMAIL_FIELD]: string()
        .trim()
        .required(() => t('emailCode.addressInvalid'))
        .matches(EMAIL_PATTERN, () => t('emailCode.addressInvalid')),
    }),
    onSubmit: async (values) => {
      const email = (values[EMAIL_FIELD] ?? '').trim();
      const error = await dispatch(requestEmailCode({ email, purpose }));
      if (error) setFailure(error);
      else onSent(email);
    },
  });
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    if (failure) errorRef.current?.focus();
  }, [failure]);
  const error = formik.touched[EMAIL_FIELD] ? formik.errors[EMAIL_FIELD] : undefined;
  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      <WidgetHeading show={showHeader}>
        {t(purpose === 'register' ? 'emailCode.addressTitleRegister' : 'emailCode.addressTitle')}
      </WidgetHeading>
      <p>{t('emailCode.addressIntro')}</p>
      {failure && <ErrorMessageBox ref={errorRef} error={failure} onClose={() => setFailure(null)} />}
      <div className="field">
        <label htmlFor="email-code-address" className={showLabels ? 'field-label' : 'visually-hidden'}>
          {t('emailCode.address')}
        </label>
        <input
          ref={inputRef}
          id="email-code-address"
          name="email"
          className="field-input"
          type="email"
          autoComplete="email"
          required
          aria-required
          maxLength={255}
          value={formik.values[EMAIL_FIELD]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-code-address-error' : undefined}
          onChange={(event) => void formik.setFieldValue(EMAIL_FIELD, event.target.value)}
          onBlur={() => void formik.setFieldTouched(EMAIL_FIELD, true)}
        />
        {error && (
          <p id="email-code-address-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="actions">
        <SubmitButton busy={formik.isSubmitting} label={t('emailCode.send')} busyLabel={t('emailCode.sending')} />
        <LinkButton onClick={onBack}>{t('emailCode.back')}</LinkButton>
      </div>
    </form>
  );
}

/** Seconds left before another code may be asked for; counts down once a second. */
function useCountdown(seconds: number): [number, () => void] {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(seconds)];
}

function CodeStep({
  purpose,
  email,
  showHeader,
  showLabels,
  rememberMe = false,
  onBack,
  onSignedIn,
  onOtherAddress,
}: EmailCodeFlowProps & { email: string; onOtherAddress(): void }) {
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<{ error: FoyerError; attempt: number } | null>(null);
  const [resent, setResent] = useState(false);
  const [waitLeft, restartWait] = useCountdown(EMAIL_CODE_RESEND_WAIT_SECONDS);
  const errorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formik = useFormik({
    initialValues: { [CODE_FIELD]: '' },
    validateOnMount: true,
    validationSchema: object({
      [CODE_FIELD]: string()
        .trim()
        .required(() => t('emailCode.codeInvalid'))
        .matches(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), () => t('emailCode.codeInvalid')),
    }),
    onSubmit: async (values) => {
      setResent(false);
      const result = await dispatch(
        signInWithEmailCode({ email, code: (values[CODE_FIELD] ?? '').trim(), rememberMe }),
      );
      if (result.ok) {
        onSignedIn?.({ guid: result.guid, created: result.created });
        return;
      }
      setFailure((current) => ({ error: result.error, attempt: (current?.attempt ?? 0) + 1 }));
    },
  });
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const { setFieldValue, setFieldTouched } = formik;
  // The error takes the focus (it is announced); the wrong code is cleared for the next one.
  useEffect(() => {
    if (!failure) return;
    errorRef.current?.focus();
    void setFieldValue(CODE_FIELD, '', true);
    void setFieldTouched(CODE_FIELD, false, false);
  }, [failure, setFieldValue, setFieldTouched]);

  const resend = async () => {
    restartWait();
    const error = await dispatch(requestEmailCode({ email, purpose }));
    if (error) {
      setFailure((current) => ({ error, attempt: (current?.attempt ?? 0) + 1 }));
      return;
    }
    setFailure(null);
    setResent(true);
    inputRef.current?.focus();
  };

  const error = formik.touched[CODE_FIELD] ? formik.errors[CODE_FIELD] : undefined;
  const describedBy = ['email-code-hint', ...(error ? ['email-code-error'] : [])].join(' ');
  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      <WidgetHeading show={showHeader}>{t('emailCode.codeTitle')}</WidgetHeading>
      <p role="status">
        {t(purpose === 'register' ? 'emailCode.sentRegister' : 'emailCode.sent', [email, EMAIL_CODE_LIFETIME_MINUTES])}
      </p>
      {failure && (
        <ErrorMessageBox
          key={failure.attempt}
          ref={errorRef}
          error={failure.error}
          onClose={() => {
            setFailure(null);
            inputRef.current?.focus();
          }}
        />
      )}
      {resent && <MessageBox severity="info" text={t('emailCode.resent')} />}
      <div className="field">
        <label htmlFor="email-code" className={showLabels ? 'field-label' : 'visually-hidden'}>
          {t('emailCode.code')}
        </label>
        <input
          ref={inputRef}
          id="email-code"
          name="one-time-code"
          className="field-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          required
          aria-required
          maxLength={EMAIL_CODE_LENGTH}
          value={formik.values[CODE_FIELD]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => void formik.setFieldValue(CODE_FIELD, event.target.value.replace(/\s/g, ''))}
          onBlur={() => void formik.setFieldTouched(CODE_FIELD, true)}
        />
        <p id="email-code-hint" className="field-note">
          {t('emailCode.codeHint')}
        </p>
        {error && (
          <p id="email-code-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="actions">
        <SubmitButton
          busy={formik.isSubmitting}
          disabled={!formik.isValid}
          label={t('emailCode.submit')}
          busyLabel={t('emailCode.submitting')}
        />
        <LinkButton onClick={onBack}>{t('emailCode.back')}</LinkButton>
      </div>
      <p>
        <LinkButton disabled={waitLeft > 0} onClick={() => void resend()}>
          {waitLeft > 0 ? t('emailCode.resendIn', [waitLeft]) : t('emailCode.resend')}
        </LinkButton>
      </p>
      <p>
        <LinkButton onClick={onOtherAddress}>{t('emailCode.otherAddress')}</LinkButton>
      </p>
    </form>
  );
}
