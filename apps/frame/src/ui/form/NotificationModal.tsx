/**
 * The notification modal (identity spec §2) with its three layouts, as a dialog inside the frame:
 * - addEmailNotification: asks for an email address (e.g. a social network gave none; or, with
 *   `emailForm`, the address and note of a beneficiary to invite: purchase spec §2, §5);
 * - questionNotification: a question answered Yes or No;
 * - confirmationNotification: a message closed with OK.
 * role="dialog" + aria-modal, labelled by its title and described by its message; focus moves
 * into the dialog when it opens, Tab stays inside, Escape cancels, and focus returns to where it
 * was when it closes.
 */
import './forms.css';
import { useId, useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { EMAIL_PATTERN } from '@foyer/api';
import { SubmitButton } from '../Loading';
import { t } from '../../app/i18n';
import { useDialogFocus } from '../useDialogFocus';

export type NotificationLayout = 'addEmailNotification' | 'questionNotification' | 'confirmationNotification';

/**
 * addEmailNotification asking for someone else's address (a beneficiary): its own words, an
 * optional note, problems shown as soon as the field was left, and the submit disabled while the
 * form is invalid and busy while `onConfirm`'s promise runs.
 */
export interface EmailFormOptions {
  confirmLabel: string;
  busyLabel: string;
  requiredText: string;
  invalidText: string;
  /** Label of the optional note (up to 500 characters). */
  noteLabel: string;
}

export interface NotificationModalProps {
  layout: NotificationLayout;
  title: string;
  message: string;
  /**
   * confirmationNotification: OK; questionNotification: Yes; addEmailNotification: the address
   * (and, with `emailForm`, the note; empty when none).
   */
  onConfirm(email?: string, note?: string): void | Promise<void>;
  /** Escape, No, Cancel. */
  onCancel(): void;
  emailForm?: EmailFormOptions;
  /** A refusal to show inside the dialog (an ErrorMessageBox: announced). */
  error?: ReactNode;
}

/** addEmailNotification's field: an address (the server's pattern), surrounding spaces aside. */
const emailSchema = (required: () => string, invalid: () => string) =>
  object({
    email: string().trim().required(required).matches(EMAIL_PATTERN, invalid),
    note: string().max(500),
  });
const ownEmailSchema = emailSchema(
  () => t('forms.invalidEmail'),
  () => t('forms.invalidEmail'),
);

export function NotificationModal({
  layout,
  title,
  message,
  onConfirm,
  onCancel,
  emailForm,
  error,
}: NotificationModalProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const form = useFormik({
    initialValues: { email: '', note: '' },
    validationSchema: emailForm
      ? emailSchema(
          () => emailForm.requiredText,
          () => emailForm.invalidText,
        )
      : ownEmailSchema,
    validateOnMount: !!emailForm,
    onSubmit: async ({ email, note }) => {
      if (emailForm) await onConfirm(email.trim(), note.trim());
      else await onConfirm(email.trim());
      // Still open (the server refused it): the submit button, disabled while busy, took the focus
      // out of the dialog (to the body), where Escape and the Tab trap no longer work. Back to the
      // address to correct it.
      if (emailInput.current?.isConnected) emailInput.current.focus();
    },
  });
  // The problem shows once Continue was tried (with emailForm: once the field was left), and then
  // follows the typing.
  const emailError = form.submitCount > 0 || (emailForm && form.touched.email) ? form.errors.email : undefined;

  const onKeyDown = useDialogFocus(dialog, onCancel);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className={`modal modal-${layout}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>{message}</p>
        {error}
        {layout === 'addEmailNotification' ? (
          <form noValidate onSubmit={form.handleSubmit}>
            <div className="field">
              <label htmlFor={`${id}-email`} className="field-label">
                {t('forms.emailLabel')}
              </label>
              <input
                ref={emailInput}
                id={`${id}-email`}
                name="email"
                className="field-input"
                type="email"
                // Someone else's address is not the visitor's to autofill.
                autoComplete={emailForm ? 'off' : 'email'}
                required
                value={form.values.email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
              />
              {emailError && (
                <p id={`${id}-email-error`} className="field-error" role="alert">
                  {emailError}
                </p>
              )}
            </div>
            {emailForm && (
              <div className="field">
                <label htmlFor={`${id}-note`} className="field-label">
                  {emailForm.noteLabel}
                </label>
                <textarea
                  id={`${id}-note`}
                  name="note"
                  className="field-input"
                  rows={3}
                  maxLength={500}
                  value={form.values.note}
                  onChange={form.handleChange}
                />
              </div>
            )}
            <div className="actions">
              {emailForm ? (
                <SubmitButton
                  busy={form.isSubmitting}
                  disabled={!form.isValid}
                  label={emailForm.confirmLabel}
                  busyLabel={emailForm.busyLabel}
                />
              ) : (
                <button type="submit" className="button">
                  {t('forms.submitEmail')}
                </button>
              )}
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {t('forms.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="actions">
            <button type="button" className="button" onClick={() => onConfirm()}>
              {layout === 'questionNotification' ? t('forms.yes') : t('forms.ok')}
            </button>
            {layout === 'questionNotification' && (
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {t('forms.no')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
