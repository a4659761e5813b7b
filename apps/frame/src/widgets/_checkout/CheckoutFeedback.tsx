import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { t } from '../../i18n';
import { stepCaptionKey } from './marker';
import type { CheckoutView } from './useCheckout';
import './messages';

/**
 * What a runner says about the checkout: 'Payment Successful', the error (role=alert) when errors
 * are shown, and the step in progress in a polite live region, so screen readers hear each step
 * (visually hidden: the runner's button shows the caption).
 */
export function CheckoutFeedback({ checkout, showErrorMsgs }: { checkout: CheckoutView; showErrorMsgs: boolean }) {
  const paid = checkout.phase === 'paid';
  return (
    <>
      <p className={paid ? 'checkout-paid' : 'visually-hidden'} role="status">
        {paid ? t('checkout.paid') : checkout.busy && checkout.step ? t(stepCaptionKey(checkout.step)) : ''}
      </p>
      {showErrorMsgs && checkout.phase === 'failed' && checkout.error && (
        <ErrorMessageBox error={checkout.error} onClose={checkout.dismissError} />
      )}
    </>
  );
}

/** The caption of a runner's button: the step while a checkout runs anywhere on the page. */
export function checkoutCaption(checkout: CheckoutView, idle: string): string {
  return checkout.busy && checkout.step ? t(stepCaptionKey(checkout.step)) : idle;
}
