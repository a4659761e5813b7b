import { useEffect, useMemo, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { EditSocialProfileAttributes } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { FormAttributeField } from '../../ui/form/AttributeField';
import { formProblemsMessage, serverAttributesMessage } from '../../ui/form/generalMessage';
import { MessageBox } from '../../ui/form/MessageBox';
import { formSchema, type Values } from '../../ui/form/schema';
import { useTemplateForm } from '../../ui/form/useTemplateForm';
import { changedAttributes, existingValues } from './editFields';
import './messages';
import { ReauthenticateForm } from './ReauthenticateForm';
import { socialProfileFields, type SocialProfileForm } from './formData';
import { cancelSocialProfile, updateSocialProfile } from './socialUpdate';

type Notice =
  | { kind: 'success' }
  | { kind: 'info'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'error'; error: FoyerError }
  /** A new identifier needs a fresh proof of the password (issue 11): the password, then Submit again. */
  | { kind: 'reauthenticate'; error: FoyerError };

export interface EditSocialProfileFormProps {
  attributes: EditSocialProfileAttributes;
  data: SocialProfileForm;
  /** The form was loaded for an auth-scheme-failed notice: say why it asks. */
  notice: boolean;
}

export function EditSocialProfileForm({ attributes, data, notice: schemeNotice }: EditSocialProfileFormProps) {
  const dispatch = useAppDispatch();
  const fields = useMemo(
    () =>
      socialProfileFields(data.template).map((field) => ({
        ...field,
        // An empty form (showExistingAttributes off) changes only what is typed: nothing is required.
        mandatory: attributes.showExistingAttributes ? field.mandatory : false,
      })),
    [data.template, attributes.showExistingAttributes],
  );
  const initial = useMemo(
    () => existingValues(fields, data.template, data.profile, attributes.showExistingAttributes),
    [fields, data.template, data.profile, attributes.showExistingAttributes],
  );
  const baseline = useRef<Values>(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shown, setShown] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) noticeRef.current?.focus();
  }, [shown]);
  const show = (next: Notice | null) => {
    setNotice(next);
    if (next) setShown((count) => count + 1);
  };

  const schema = useMemo(() => formSchema(fields), [fields]);
  const form = useTemplateForm({
    initialValues: initial,
    validationSchema: schema,
    onInvalid: (errors, values) => {
      const text = formProblemsMessage(fields, errors, values);
      if (text) show({ kind: 'text', text });
    },
    onSubmit: async (values) => {
      const changed = changedAttributes(fields, baseline.current, values);
      if (!changed.length) return show({ kind: 'info', text: t('social.editProfile.nothingChanged') });
      show(null);
      const result = await dispatch(
        updateSocialProfile({
          serviceName: data.serviceName,
          attributes: changed,
          message: t('social.editProfile.success'),
        }),
      );
      if (!result.ok && result.error.code === 'secure_session_expired') {
        return show({ kind: 'reauthenticate', error: result.error });
      }
      if (!result.ok) {
        const text = serverAttributesMessage(result.error);
        return show(text ? { kind: 'text', text } : { kind: 'error', error: result.error });
      }
      // A pending identifier change is not made yet (202): its field shows the address still in use.
      const saved = result.pendingConfirmation
        ? {
            ...values,
            ...Object.fromEntries(
              fields
                .filter((field) => field.role === 'identifier')
                .map((field) => [field.key, baseline.current[field.key] ?? '']),
            ),
          }
        : values;
      baseline.current = saved;
      form.reset(saved);
      show(
        result.pendingConfirmation ? { kind: 'info', text: t('editProfile.confirmNewAddress') } : { kind: 'success' },
      );
    },
  });

  // Cancel (identity spec §4): reset the form, clear the message, publish cancelled.
  const cancel = () => {
    form.reset(baseline.current);
    setNotice(null);
    dispatch(cancelSocialProfile());
  };

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting} className={attributes.containerClass}>
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('social.editProfile.title')}</WidgetHeading>
        {schemeNotice && <MessageBox severity="info" text={t('social.editProfile.schemeNotice')} />}
        {notice?.kind === 'success' && (
          <MessageBox ref={noticeRef} severity="success" text={t('social.editProfile.success')} />
        )}
        {notice?.kind === 'info' && (
          <MessageBox ref={noticeRef} severity="info" text={notice.text} onClose={() => setNotice(null)} />
        )}
        {notice?.kind === 'text' && attributes.showErrorMsgs && (
          <MessageBox ref={noticeRef} text={notice.text} onClose={() => setNotice(null)} />
        )}
        {notice?.kind === 'error' && attributes.showErrorMsgs && (
          <ErrorMessageBox ref={noticeRef} error={notice.error} onClose={() => setNotice(null)} />
        )}
        {fields.map((field) => (
          <FormAttributeField
            key={field.key}
            form={form}
            field={field}
            idPrefix="edit-social-profile"
            showLabel={attributes.showLabels}
          />
        ))}
        <div className="actions">
          {notice?.kind !== 'success' && (
            <SubmitButton
              busy={form.submitting}
              label={attributes.submitLabel ?? t('social.editProfile.submit')}
              busyLabel={t('social.editProfile.submitting')}
            />
          )}
          {(attributes.showCancel || notice?.kind === 'success') && (
            <button type="button" className="button button-secondary" onClick={cancel}>
              {attributes.cancelLabel ?? t('social.editProfile.cancel')}
            </button>
          )}
        </div>
      </form>
      {notice?.kind === 'reauthenticate' && <ReauthenticateForm error={notice.error} onDone={() => show(null)} />}
    </>
  );
}
