import type { ReactNode, Ref } from 'react';
import { severityOfStatus, type FoyerError } from '@foyer/api';
import { hasTranslation, t } from '../app/i18n';

export interface ErrorMessageBoxProps {
  error: FoyerError;
  /** Shows the error code next to the message (support staff ask for it). */
  showCode?: boolean;
  /** When given, the box has a Close button. */
  onClose?: () => void;
  ref?: Ref<HTMLDivElement>;
  /** The ways out the message offers (links or buttons), below its text, inside the box. */
  children?: ReactNode;
}

/**
 * The key under which a widget family words a shared code its own way: the purchase spec words
 * INVALID_WIDGET_CONFIG and technical_difficulties differently from the identity spec, and each
 * frame is one widget, so the purchase texts register these keys only in purchase frames.
 */
export function ownErrorTextKey(code: string): string {
  return `widgetError.${code}`;
}

/** The visitor text of an error: its code's translation, else the generic one (never developer text). */
export function errorText(error: FoyerError): string {
  const own = ownErrorTextKey(error.code);
  if (hasTranslation(own)) return t(own, error.args);
  if (hasTranslation(error.code)) return t(error.code, error.args);
  return hasTranslation(ownErrorTextKey('technical_difficulties'))
    ? t(ownErrorTextKey('technical_difficulties'))
    : t('technical_difficulties');
}

/**
 * The error message box of identity spec §2: colour by status (2xx success, 3xx warning, ≥400
 * danger, otherwise info), an optional code, closable. Focusable (tabIndex -1) so a form can move
 * focus to it after a failed submit.
 */
export function ErrorMessageBox({ error, showCode = false, onClose, ref, children }: ErrorMessageBoxProps) {
  const severity = severityOfStatus(error.statusCode);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={`message message-${severity}`} data-severity={severity}>
      <p className="message-text">
        {errorText(error)}
        {showCode && (
          <span className="message-code">
            {' '}
            ({t('frame.errorCode')}: <code>{error.code}</code>)
          </span>
        )}
      </p>
      {children && <div className="message-actions">{children}</div>}
      {onClose && (
        <button type="button" className="message-close" aria-label={t('frame.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
