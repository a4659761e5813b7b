import { useEffect, useMemo, useRef, useState } from 'react';
import { EMAIL_PATTERN, type FoyerError, NETWORK_NAMES, type SocialNetwork, type SocialProfile } from '@foyer/api';
import { FormAttributeField } from '../../ui/form/AttributeField';
import { templateFields, type FieldSpec } from '../../ui/form/fields';
import { formSchema, submittedAttributes, type Values } from '../../ui/form/schema';
import { useTemplateForm } from '../../ui/form/useTemplateForm';
import { MessageBox } from '../../ui/form/MessageBox';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading, SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { LinkButton } from '../../ui/LinkButton';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import { socialRegistrationFormRequest } from './requests';
import './messages';
import { socialRegister } from './socialThunks';

export interface SocialRegistrationPanelProps {
  network: SocialNetwork;
  ticket: string;
  showHeader: boolean;
  showLabels: boolean;
  showErrorMsgs: boolean;
  title?: string | undefined;
  description?: string | undefined;
  submitLabel?: string | undefined;
  hiddenAttributes?: readonly string[];
  /** The roles the new account asks for (identity spec §3: roles, rolesToAssign). */
  roles?: readonly string[] | undefined;
  rolesToAssign?: readonly string[] | undefined;
  /** The embedded link panel's anchor ('I already have a account'); absent: no link panel. */
  onLinkInstead?: (() => void) | undefined;
  /** Told once the new account is signed in (the host then shows the logged-in state). */
  onSignedIn?: (() => void) | undefined;
  /** Offered once the activation mail is sent (an OK back to the sign-in buttons); absent: none. */
  onDone?: (() => void) | undefined;
  /** The form's Cancel (identity spec §4 registration cancel): leaves the form; absent: no Cancel. */
  onCancel?: (() => void) | undefined;
}

/** What the provider told, by the attribute names registration forms use. */
function prefill(fields: readonly FieldSpec[], profile: SocialProfile): Values {
  const known: Record<string, string | undefined> = {
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: profile.displayName,
  };
  return Object.fromEntries(fields.map((field) => [field.key, known[field.name] ?? '']));
}

/** The e-mail address the form sent (its `email` field, else the first value that looks like one). */
function emailOf(fields: readonly FieldSpec[], values: Values): string {
  const given = fields.map((field) => ({ name: field.name, value: String(values[field.key] ?? '').trim() }));
  return (
    (given.find((field) => field.name === 'email') ?? given.find((field) => EMAIL_PATTERN.test(field.value)))?.value ??
    ''
  );
}

/**
 * Social registration (identity spec §2): the service's registration form without passwords,
 * filled with what the provider told; submit creates the account linked to the network.
 */
export function SocialRegistrationPanel(props: SocialRegistrationPanelProps) {
  const form = useRequest(socialRegistrationFormRequest, { network: props.network, ticket: props.ticket });
  if (form.status === 'failed') return <ErrorMessageBox error={form.error} />;
  if (form.status !== 'succeeded') return <Loading />;
  return <RegistrationForm {...props} template={form.data.template} profile={form.data.profile} />;
}

function RegistrationForm(
  props: SocialRegistrationPanelProps & {
    template: Parameters<typeof templateFields>[0];
    profile: SocialProfile;
  },
) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => templateFields(props.template), [props.template]);
  const schema = useMemo(() => formSchema(fields), [fields]);
  const hidden = new Set(props.hiddenAttributes ?? []);
  const [error, setError] = useState<FoyerError | null>(null);
  // The address the activation link went to (the network did not vouch for it): the form is done.
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const form = useTemplateForm({
    initialValues: prefill(fields, props.profile),
    validationSchema: schema,
    onSubmit: async (values) => {
      setError(null);
      const result = await dispatch(
        socialRegister({
          network: props.network,
          ticket: props.ticket,
          attributes: submittedAttributes(fields, values),
          ...(props.roles ? { roles: props.roles } : {}),
          ...(props.rolesToAssign ? { rolesToAssign: props.rolesToAssign } : {}),
        }),
      );
      if (!result.ok) setError(result.error);
      else if ('activationMailed' in result) setMailedTo(emailOf(fields, values));
      else props.onSignedIn?.();
    },
  });
  if (mailedTo !== null) return <ActivationMailed {...props} mailedTo={mailedTo} />;
  return (
    <form noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting}>
      <WidgetHeading show={props.showHeader}>{props.title ?? t('social.registration.title')}</WidgetHeading>
      <p>{props.description ?? t('social.registration.description')}</p>
      {error && props.showErrorMsgs && <ErrorMessageBox error={error} onClose={() => setError(null)} />}
      {fields
        .filter((field) => !hidden.has(field.name))
        .map((field) => (
          <FormAttributeField
            key={field.key}
            form={form}
            field={field}
            idPrefix="social-registration"
            showLabel={props.showLabels}
          />
        ))}
      <div className="actions">
        <SubmitButton
          busy={form.submitting}
          disabled={form.submitting}
          label={props.submitLabel ?? t('social.registration.submit')}
          busyLabel={t('social.registration.submitting')}
        />
        {props.onCancel && (
          <button
            type="button"
            className="button button-secondary"
            disabled={form.submitting}
            onClick={() => {
              form.reset();
              setError(null);
              props.onCancel?.();
            }}
          >
            {t('social.cancel')}
          </button>
        )}
        {props.onLinkInstead && (
          <LinkButton onClick={props.onLinkInstead}>{t('social.linkExisting.anchor')}</LinkButton>
        )}
      </div>
    </form>
  );
}

/** The account waits for its activation mail; focused so it is read out where the form was. */
function ActivationMailed(props: SocialRegistrationPanelProps & { mailedTo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <WidgetHeading show={props.showHeader}>{props.title ?? t('social.registration.title')}</WidgetHeading>
      <MessageBox
        ref={ref}
        severity="success"
        text={t('social.registration.checkMailbox', [NETWORK_NAMES[props.network], props.mailedTo])}
      />
      {props.onDone && (
        <div className="actions">
          <button type="button" className="button" onClick={props.onDone}>
            {t('forms.ok')}
          </button>
        </div>
      )}
    </>
  );
}
