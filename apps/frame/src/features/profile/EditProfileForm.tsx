import { useEffect, useMemo, useRef, useState } from 'react';
import type { FoyerError, Template, UserProfile } from '@foyer/api';
import type { EditProfileAttributes } from '@foyer/protocol';
import { FormAttributeField } from '../../ui/form/AttributeField';
import { formProblemsMessage, serverAttributesMessage } from '../../ui/form/generalMessage';
import { MessageBox } from '../../ui/form/MessageBox';
import { formSchema, type Values } from '../../ui/form/schema';
import { useTemplateForm } from '../../ui/form/useTemplateForm';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { changedAttributes, editFields, existingValues } from './editFields';
import { ReauthenticateForm } from './ReauthenticateForm';
import { updateProfile } from './update';

export interface EditProfileFormProps {
  attributes: EditProfileAttributes;
  serviceName: string;
  template: Template;
  profile: UserProfile;
  onCancel(): void;
}

type Notice =
  | { kind: 'success' }
  | { kind: 'info'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'error'; error: FoyerError }
  /** The secure session ended while editing: the password again, then Save again (what was typed stays). */
  | { kind: 'reauthenticate'; error: FoyerError };

export function EditProfileForm({ attributes, serviceName, template, profile, onCancel }: EditProfileFormProps) {
  const dispatch = useAppDispatch();
  const fields = useMemo(() => editFields(template, attributes), [template, attributes]);
  const initial = useMemo(
    () => existingValues(fields, template, profile, attributes.showExistingAttributes),
    [fields, template, profile, attributes.showExistingAttributes],
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shown, setShown] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const baseline = useRef<Values>(initial);

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
      const roles = attributes.rolesToAssign.length + attributes.rolesToUnAssign.length;
      if (!changed.length && !roles) {
        show({ kind: 'info', text: t('editProfile.nothingChanged') });
        return;
      }
      show(null);
      const result = await dispatch(
        updateProfile({
          serviceName,
          attributes: changed,
          rolesToAssign: attributes.rolesToAssign,
          rolesToUnAssign: attributes.rolesToUnAssign,
        }),
      );
      if (!result.ok && result.error.code === 'secure_session_expired') {
        show({ kind: 'reauthenticate', error: result.error });
        return;
      }
      if (!result.ok) {
        const text = serverAttributesMessage(result.error);
        show(text ? { kind: 'text', text } : { kind: 'error', error: result.error });
        return;
      }
      // What was saved is the new starting point (the reloaded profile arrives through props too).
      // A pending identifier change is not made yet: its field shows the address still in use.
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

  // A reloaded profile (after this update, or a refresh) becomes the form's content unless the visitor is editing.
  const { reset, dirty } = form;
  useEffect(() => {
    if (dirty) return;
    baseline.current = initial;
    reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting}>
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('edit-profile.title')}</WidgetHeading>
        {notice?.kind === 'success' && (
          <MessageBox
            ref={noticeRef}
            severity="success"
            text={t('editProfile.success')}
            onClose={() => setNotice(null)}
          />
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
            idPrefix="edit-profile"
            showLabel={attributes.showLabels}
          />
        ))}
        <div className="actions">
          <SubmitButton
            busy={form.submitting}
            label={attributes.submitLabel ?? t('editProfile.submit')}
            busyLabel={t('editProfile.submitting')}
          />
          {attributes.showCancel && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                form.reset(baseline.current);
                show(null);
                onCancel();
              }}
            >
              {t('editProfile.cancel')}
            </button>
          )}
        </div>
      </form>
      {notice?.kind === 'reauthenticate' && <ReauthenticateForm error={notice.error} onDone={() => show(null)} />}
    </>
  );
}
