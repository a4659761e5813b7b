import { t } from '../../app/i18n';
import type { IdentifierStatus as Status } from './identifierCheck';

/**
 * The identifier check's tick or cross, with its meaning in words (not colour or symbol alone).
 * The live region is always there so screen readers announce the change.
 */
export function IdentifierStatus({ id, status }: { id: string; status: Status | undefined }) {
  return (
    <span id={id} className={`identifier-status identifier-${status ?? 'idle'}`} aria-live="polite">
      {status === 'available' && (
        <>
          <span aria-hidden="true">✓ </span>
          {t('forms.identifierAvailable')}
        </>
      )}
      {status === 'taken' && (
        <>
          <span aria-hidden="true">✗ </span>
          {t('forms.identifierTaken')}
        </>
      )}
      {status === 'checking' && t('forms.identifierChecking')}
    </span>
  );
}
