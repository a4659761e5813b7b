import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { t } from '../../app/i18n';
import { stepCaptionKey } from './marker';
import type { CheckoutView } from './useCheckout';
import './messages';

/**
 * What a runner says about the checkout: 'Payment Successful', the error (role=alert) when errors
 * are shown, and the step in progress (or that the checkout window waits for the visitor) in a
 * polite live region, so screen readers hear each change once (visually hidden: the runner's
 * button shows the caption).
 */
export function CheckoutFeedback({ checkout, showErrorMsgs }: { checkout: CheckoutView; showErrorMsgs: boolean }) {
  const paid = checkout.phase === 'paid';
  return (
    <>
      <p className={paid ? 'checkout-paid' : 'visually-hidden'} role="status">
        {paid ? t('checkout.paid') : checkoutCaption(checkout, '')}
      </p>
      {showErrorMsgs && checkout.phase === 'failed' && checkout.error && (
        <ErrorMessageBox error={checkout.error} onClose={checkout.dismissError} />
      )}
    </>
  );
}

/**
 * The caption of a runner's button while a checkout runs anywhere on the page: the step's
 * 'Processing …' only while a request of that step runs; while the checkout modal waits for the
 * visitor, a calm 'Checkout open — continue in the window'.
 */
export function checkoutCaption(checkout: CheckoutView, idle: string): string {
  if (!checkout.busy) return idle;
  if (checkout.waiting) return t('checkout.waiting');
  return checkout.step ? t(stepCaptionKey(checkout.step)) : idle;
}

/**
 * A runner's button during a checkout: a spinner and 'Processing …' while a request runs; while
 * the modal waits for the visitor, disabled and static (no spinner, no aria-busy) with the
 * waiting caption; back to normal when the checkout ends.
 */
export function runnerButton(checkout: CheckoutView, idle: string) {
  const caption = checkoutCaption(checkout, idle);
  return {
    busy: checkout.busy && !checkout.waiting,
    disabled: checkout.waiting,
    label: checkout.waiting ? caption : idle,
    busyLabel: caption,
  };
}
