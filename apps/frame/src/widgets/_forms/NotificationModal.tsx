/**
 * The notification modal (identity spec §2) with its three layouts, as a dialog inside the frame:
 * - addEmailNotification: asks for an email address (e.g. a social network gave none);
 * - questionNotification: a question answered Yes or No;
 * - confirmationNotification: a message closed with OK.
 * role="dialog" + aria-modal, labelled by its title and described by its message; focus moves
 * into the dialog when it opens, Tab stays inside, Escape cancels, and focus returns to where it
 * was when it closes.
 */
import './forms.css';
import { useId, useRef } from 'react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { EMAIL_PATTERN } from '@foyer/api';
import { t } from '../../i18n';
import { useDialogFocus } from '../../components/useDialogFocus';

export type NotificationLayout = 'addEmailNotification' | 'questionNotification' | 'confirmationNotification';

export interface NotificationModalProps {
  layout: NotificationLayout;
  title: string;
  message: string;
  /** confirmationNotification: OK; questionNotification: Yes; addEmailNotification: the address. */
  onConfirm(email?: string): void;
  /** Escape, No, Cancel. */
  onCancel(): void;
}

/** addEmailNotification's one field: an address (the server's pattern), surrounding spaces aside. */
const emailSchema = object({
  email: string()
    .trim()
    .required(() => t('forms.invalidEmail'))
    .matches(EMAIL_PATTERN, () => t('forms.invalidEmail')),
});

export function NotificationModal({ layout, title, message, onConfirm, onCancel }: NotificationModalProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: emailSchema,
    onSubmit: ({ email }) => onConfirm(email.trim()),
  });
  // The problem shows once Continue was tried, and then follows the typing.
  const emailError = form.submitCount > 0 ? form.errors.email : undefined;

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
        {layout === 'addEmailNotification' ? (
          <form noValidate onSubmit={form.handleSubmit}>
            <div className="field">
              <label htmlFor={`${id}-email`} className="field-label">
                {t('forms.emailLabel')}
              </label>
              <input
                id={`${id}-email`}
                name="email"
                className="field-input"
                type="email"
                autoComplete="email"
                required
                value={form.values.email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                onChange={form.handleChange}
              />
              {emailError && (
                <p id={`${id}-email-error`} className="field-error">
                  {emailError}
                </p>
              )}
            </div>
            <div className="actions">
              <button type="submit" className="button">
                {t('forms.submitEmail')}
              </button>
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
