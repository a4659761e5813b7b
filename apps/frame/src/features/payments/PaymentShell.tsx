import { useEffect, useRef, type ReactNode } from 'react';
import type { FoyerError } from '@foyer/api';
import type { PaymentAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { CardIcons } from './CardIcons';
import '../../app/i18n/purchaseMessages';
import './messages';
import './payment.css';

export interface PaymentShellProps {
  attributes: Pick<PaymentAttributes, 'title' | 'showHeader' | 'showErrorMsgs'>;
  /** Card widgets show the accepted cards and the SSL note; the manual one does not need them. */
  card?: boolean;
  busy?: boolean;
  busyLabel?: string;
  error?: FoyerError | null;
  success?: boolean;
  /** What the success message says (default 'Payment Successful'). */
  successLabel?: string;
  /** Shown under the success message (a transfer's instructions). */
  afterSuccess?: ReactNode;
  /** Inside a dialog that names it: no heading of its own. */
  embedded?: boolean;
  children?: ReactNode;
}

/**
 * What every payment widget shares (purchase spec §2): the title (default PAYMENT DETAILS), the
 * accepted-card icons and SSL note, the inline error (role=alert, only with showErrorMsgs), the
 * spinner while submitting and 'Payment Successful', which replaces the form.
 */
export function PaymentShell({
  attributes,
  card = true,
  busy,
  busyLabel,
  error,
  success,
  successLabel,
  afterSuccess,
  embedded,
  children,
}: PaymentShellProps) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (success) messageRef.current?.focus();
  }, [success]);
  return (
    <section className="payment">
      {!embedded && (
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('payment.title')}</WidgetHeading>
      )}
      {success ? (
        <>
          <p ref={messageRef} tabIndex={-1} role="status" className="message message-success payment-success">
            {successLabel ?? t('payment.success')}
          </p>
          {afterSuccess}
        </>
      ) : (
        <>
          {card && <CardIcons />}
          {error && attributes.showErrorMsgs && <ErrorMessageBox error={error} />}
          {children}
          {busy && (
            <p className="payment-busy" role="status" aria-live="polite">
              <span className="spinner spinner-small" aria-hidden="true" /> {busyLabel ?? t('payment.paying')}
            </p>
          )}
          {card && <p className="payment-ssl">{t('payment.ssl')}</p>}
        </>
      )}
    </section>
  );
}

/** A provider script that failed to load: a visible error and a Retry button, never a blank box. */
export function ScriptFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="payment-script-failed">
      <p role="alert" className="message message-danger">
        {t('payment.scriptFailed')}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('payment.retry')}
      </button>
    </div>
  );
}
