import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import type { V1CheckoutView } from './useV1Checkout';

/**
 * The version 1 checkout button (purchase spec §2, §5: disabled with an empty basket or while it
 * runs), the step in a polite live region and the error (role=alert) when errors are shown.
 */
export function V1CheckoutControl({
  checkout,
  empty,
  label,
  showErrorMsgs,
}: {
  checkout: V1CheckoutView;
  empty: boolean;
  label: string | undefined;
  showErrorMsgs: boolean;
}) {
  const busy = checkout.phase === 'running' || checkout.phase === 'posted';
  return (
    <>
      <div className="actions">
        <SubmitButton
          type="button"
          busy={busy}
          disabled={empty}
          label={label ?? t('v1.checkout')}
          busyLabel={t(checkout.phase === 'posted' ? 'v1.checkout.posted' : 'v1.checkout.running')}
          onClick={() => void checkout.start()}
        />
      </div>
      <p className="visually-hidden" role="status">
        {busy ? t(checkout.phase === 'posted' ? 'v1.checkout.posted' : 'v1.checkout.running') : ''}
      </p>
      {showErrorMsgs && checkout.phase === 'failed' && checkout.error && (
        <ErrorMessageBox error={checkout.error} onClose={checkout.dismissError} />
      )}
    </>
  );
}
