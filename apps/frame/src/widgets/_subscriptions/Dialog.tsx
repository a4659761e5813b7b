/**
 * A dialog of the account area, shown in the frame's flow (not fixed over it: the frame grows to
 * hold it, and a short frame never clips it). Named by its title; focus moves to its first control
 * when it opens and back to where it was when it closes; Escape closes it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../i18n';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

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
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      // The opener may have gone (a row removed): then focus stays where the page put it.
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  }

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
