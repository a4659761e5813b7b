import { t } from '../app/i18n';

/** The state every widget shows until its data or an error arrives (identity spec §4). */
export function Loading() {
  return (
    <div className="loading" role="status" aria-busy="true" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('frame.loading')}</span>
    </div>
  );
}

/** A button that shows a spinner and a busy label while its action runs. */
export function SubmitButton({
  busy,
  disabled,
  label,
  busyLabel,
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button type={type} className="button" disabled={disabled || busy} aria-busy={busy} onClick={onClick}>
      {busy && <span className="spinner spinner-small" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
