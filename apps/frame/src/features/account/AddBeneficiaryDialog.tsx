/**
 * Add-beneficiary dialog (purchase spec §2, §5): email (required, valid), optional message; Add is
 * disabled while the form is invalid. A duplicate shows duplicated_beneficiary; any other refusal
 * add_beneficiary_fail (session problems keep their own words). Success: 'Your friend has been invited'.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { EMAIL_PATTERN, foyerError, type FoyerError } from '@foyer/api';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { MessageBox } from '../../ui/form/MessageBox';
import { sendInvitation } from './accountRequests';
import { Dialog } from '../../ui/Dialog';

const schema = object({
  email: string()
    .trim()
    .required(() => t('addBeneficiary.emailRequired'))
    .matches(EMAIL_PATTERN, () => t('addBeneficiary.emailInvalid')),
  message: string().max(500),
});

/** The codes shown as the server words them; everything else is the spec's add_beneficiary_fail. */
const OWN_WORDS = new Set(['duplicated_beneficiary', 'too_many_invitations', 'SESSION_HAS_EXPIRED', 'NETWORK_ERROR']);

export function AddBeneficiaryDialog({
  subscriptionId,
  name,
  showErrors,
  onClose,
  onInvited,
}: {
  subscriptionId: string;
  name: string;
  showErrors: boolean;
  onClose(): void;
  onInvited(): void;
}) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [error, setError] = useState<FoyerError | null>(null);
  const [invited, setInvited] = useState(false);
  // The form (and its Add button, which had the focus) gives way to the success text: its Close
  // takes the focus, so the keyboard stays in the dialog (Escape, Enter) instead of the page's body.
  const closeAfterInvite = useRef<HTMLButtonElement>(null);
  // A refusal keeps the form, but the Add button that had the focus was disabled while sending, and
  // a browser then drops the focus to the body, where Escape and Tab no longer reach the dialog:
  // the email field takes it, the field the visitor corrects next.
  const emailField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (invited) closeAfterInvite.current?.focus();
  }, [invited]);
  const form = useFormik({
    initialValues: { email: '', message: '' },
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: async ({ email, message }) => {
      setError(null);
      const result = await dispatch(
        sendInvitation({ subscriptionId, email: email.trim(), ...(message.trim() ? { message: message.trim() } : {}) }),
      );
      if (sendInvitation.fulfilled.match(result)) {
        setInvited(true);
        onInvited();
        return;
      }
      const failed = result.payload ?? foyerError('technical_difficulties');
      setError(OWN_WORDS.has(failed.code) ? failed : foyerError('add_beneficiary_fail'));
      emailField.current?.focus();
    },
  });
  const emailError = form.touched.email || form.submitCount > 0 ? form.errors.email : undefined;

  return (
    <Dialog title={t('addBeneficiary.title', [name])} onClose={onClose}>
      {invited ? (
        <>
          <MessageBox text={t('addBeneficiary.success')} severity="success" />
          <div className="actions">
            <button ref={closeAfterInvite} type="button" className="button" onClick={onClose}>
              {t('account.close')}
            </button>
          </div>
        </>
      ) : (
        <form noValidate onSubmit={form.handleSubmit}>
          {error && showErrors && <ErrorMessageBox error={error} />}
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              {t('addBeneficiary.email')}
            </label>
            <input
              ref={emailField}
              id={`${id}-email`}
              name="email"
              type="email"
              className="field-input"
              autoComplete="off"
              required
              aria-required="true"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              value={form.values.email}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
            />
            {emailError && (
              <p id={`${id}-email-error`} className="field-error" role="alert">
                {emailError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`} className="field-label">
              {t('addBeneficiary.message')}
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              className="field-input"
              rows={3}
              maxLength={500}
              value={form.values.message}
              onChange={form.handleChange}
            />
          </div>
          <div className="actions">
            <SubmitButton
              busy={form.isSubmitting}
              disabled={!form.isValid}
              label={t('addBeneficiary.add')}
              busyLabel={t('addBeneficiary.adding')}
            />
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
