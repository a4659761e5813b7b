import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { FoyerError, SocialNetwork, Template } from '@foyer/api';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { TextField } from '../../ui/Field';
import { Loading, SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { LinkButton } from '../../ui/LinkButton';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { login } from '../../app/store/loginThunks';
import { useRequest } from '../../app/store/useRequest';
import { formSchema, MAX_INPUT_LENGTH, submittedValue, type Values } from '../../ui/form/schema';
import { useTemplateForm } from '../../ui/form/useTemplateForm';
import { loadForgotPasswordPanel, loginFields } from '../identity';
import { socialLinkFormRequest } from './requests';
import { socialLink } from './socialThunks';

/** Only services with a reCAPTCHA site key download the captcha. */
const Captcha = lazy(() => import('../../ui/form/Captcha').then((module) => ({ default: module.Captcha })));

const ForgotPasswordPanel = lazy(() =>
  loadForgotPasswordPanel().then((module) => ({ default: module.ForgotPasswordPanel })),
);

export interface LinkExistingPanelProps {
  network: SocialNetwork;
  ticket: string;
  schemeAttribute?: string | undefined;
  showHeader: boolean;
  showLabels: boolean;
  showErrorMsgs: boolean;
  title?: string | undefined;
  description?: string | undefined;
  submitLabel?: string | undefined;
  showForgotPassword: boolean;
  alignment: 'left' | 'center' | 'right';
  /** The embedded panel's anchor back to social registration ('Create New account'). */
  onRegisterInstead?: (() => void) | undefined;
  /** That anchor's words (social registration's `linkCancelLabel`); default 'Create New account'. */
  registerInsteadLabel?: string | undefined;
  onCancel?: (() => void) | undefined;
  /** Told once the identity is linked (the host then shows the logged-in state). */
  onLinked?: (() => void) | undefined;
}

/**
 * Link to an existing account (identity spec §2): the visitor logs in with the scheme's form
 * (GET /ui/template/social/link/:scheme), then the social identity is linked to that account.
 * 'Forgot Password' flips to the forgot-password panel.
 */
export function LinkExistingPanel(props: LinkExistingPanelProps) {
  const form = useRequest(socialLinkFormRequest, props.schemeAttribute);
  const [flipped, setFlipped] = useState(false);
  // One e-mail across the flip: the forgot panel starts with what the link form had, and the link
  // form shows what the forgot panel ended with (a corrected address too). Never the password.
  const [identifiers, setIdentifiers] = useState<Values>({});
  if (form.status === 'failed') return <ErrorMessageBox error={form.error} />;
  if (form.status !== 'succeeded') return <Loading />;
  const { scheme: schemeName, template, recaptchaSiteKey } = form.data;
  if (flipped) {
    return (
      <Suspense fallback={<Loading />}>
        <ForgotPasswordPanel
          scheme={schemeName}
          template={template}
          showHeader
          showLabels={props.showLabels}
          showErrorMsgs={props.showErrorMsgs}
          showCancel
          alignment={props.alignment}
          autoFocus
          initialValues={identifiers}
          onDone={(typed) => {
            setIdentifiers(typed);
            setFlipped(false);
          }}
        />
      </Suspense>
    );
  }
  return (
    <LinkForm
      {...props}
      scheme={schemeName}
      template={template}
      recaptchaSiteKey={recaptchaSiteKey}
      initialIdentifiers={identifiers}
      onForgotPassword={(typed) => {
        setIdentifiers(typed);
        setFlipped(true);
      }}
    />
  );
}

function LinkForm(
  props: LinkExistingPanelProps & {
    scheme: string;
    template: Template;
    recaptchaSiteKey: string | null;
    initialIdentifiers: Values;
    /** Flips to the forgot panel, handing over the identifiers typed so far. */
    onForgotPassword(identifiers: Values): void;
  },
) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => loginFields(props.template), [props.template]);
  const schema = useMemo(() => formSchema(fields, { credentials: 'existing' }), [fields]);
  const [error, setError] = useState<FoyerError | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  // A token is single-use: the captcha is reset after every attempt.
  const [captchaReset, setCaptchaReset] = useState(0);
  const onCaptcha = useCallback((response: string | null) => {
    setCaptcha(response);
    if (response) setCaptchaMissing(false);
  }, []);
  const pick = (values: Values, role: 'identifier' | 'validator') =>
    fields
      .filter((field) => field.role === role)
      .map((field) => ({ name: field.name, value: submittedValue(field, values[field.key] ?? '') }));
  const form = useTemplateForm({
    initialValues: Object.fromEntries(
      fields.map((field) => [field.key, (field.role === 'identifier' && props.initialIdentifiers[field.key]) || '']),
    ),
    validationSchema: schema,
    onSubmit: async (values) => {
      setError(null);
      // The login before linking is a login: a service with a site key needs the captcha (identity spec §5).
      if (props.recaptchaSiteKey && !captcha) {
        setCaptchaMissing(true);
        return;
      }
      const loggedIn = await dispatch(
        login({
          authenticationSchemeName: props.scheme,
          identifiers: pick(values, 'identifier'),
          validators: pick(values, 'validator'),
          rememberMe: false,
          ...(captcha ? { recaptchaResponse: captcha } : {}),
        }),
      );
      if (props.recaptchaSiteKey) setCaptchaReset((count) => count + 1);
      if (!loggedIn.ok) return setError(loggedIn.error);
      // Logged in now, but the hosts keep this panel until the link is done: a refused link
      // (USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK, user_linked_with_different_account) shows here.
      const linked = await dispatch(socialLink({ network: props.network, ticket: props.ticket }));
      if (!linked.ok) setError(linked.error);
      else props.onLinked?.();
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting}>
      <WidgetHeading show={props.showHeader}>{props.title ?? t('social.linkExisting.title')}</WidgetHeading>
      <p>{props.description ?? t('social.linkExisting.description')}</p>
      {error && props.showErrorMsgs && <ErrorMessageBox error={error} onClose={() => setError(null)} />}
      {fields.map((field) => (
        <TextField
          key={field.key}
          id={`social-link-${field.role}-${field.name}`}
          label={field.label}
          showLabel={props.showLabels}
          type={field.type}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          required
          maxLength={MAX_INPUT_LENGTH}
          value={form.values[field.key] ?? ''}
          error={form.visibleError(field.key)}
          onChange={(value) => form.setValue(field.key, value)}
          onBlur={() => form.touch(field.key)}
        />
      ))}
      {props.recaptchaSiteKey && (
        <Suspense fallback={<p className="field-note">{t('frame.loading')}</p>}>
          <Captcha
            id="social-link-captcha"
            siteKey={props.recaptchaSiteKey}
            onChange={onCaptcha}
            resetKey={captchaReset}
            error={captchaMissing ? t('RECAPTCHA_VERIFICATION_FAILED') : null}
          />
        </Suspense>
      )}
      <div className={`actions align-${props.alignment}`}>
        <SubmitButton
          busy={form.submitting}
          disabled={form.submitting}
          label={props.submitLabel ?? t('social.linkExisting.submit')}
          busyLabel={t('social.linkExisting.submitting')}
        />
        {props.onCancel && (
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            {t('social.cancel')}
          </button>
        )}
        {props.showForgotPassword && (
          <LinkButton
            onClick={() =>
              props.onForgotPassword(
                Object.fromEntries(
                  fields
                    .filter((field) => field.role === 'identifier')
                    .map((field) => [field.key, form.values[field.key] ?? '']),
                ),
              )
            }
          >
            {t('social.forgotPassword')}
          </LinkButton>
        )}
        {props.onRegisterInstead && (
          <LinkButton onClick={props.onRegisterInstead}>
            {props.registerInsteadLabel ?? t('social.registration.anchor')}
          </LinkButton>
        )}
      </div>
    </form>
  );
}
