import type { Ref } from 'react';
import { t } from '../../app/i18n';

/**
 * A message built here rather than looked up by one error code (the general attribute message):
 * the same look and roles as ErrorMessageBox. Focusable so a form can move focus to it.
 */
export function MessageBox({
  text,
  severity = 'danger',
  onClose,
  ref,
}: {
  text: string;
  severity?: 'success' | 'warning' | 'danger' | 'info';
  onClose?: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role={severity === 'danger' || severity === 'warning' ? 'alert' : 'status'}
      tabIndex={-1}
      className={`message message-${severity}`}
      data-severity={severity}
    >
      <p className="message-text">{text}</p>
      {onClose && (
        <button type="button" className="message-close" aria-label={t('frame.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
