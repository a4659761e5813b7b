/**
 * A dialog of the account area, shown in the frame's flow (not fixed over it: the frame grows to
 * hold it, and a short frame never clips it). Named by its title; focus is handled by
 * useDialogFocus (first control on open, Tab kept inside, Escape closes, back to the opener).
 */
import { useId, useRef, type ReactNode } from 'react';
import { t } from '../app/i18n';
import { useDialogFocus } from './useDialogFocus';

export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** `alertdialog` for a confirmation. */
  role?: 'dialog' | 'alertdialog';
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(box, onClose);

  return (
    <div ref={box} className="account-dialog" role={role} aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="account-dialog-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="message-close" aria-label={t('account.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </div>
  );
}
