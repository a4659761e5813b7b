import type { CheckoutButtonAttributes } from '@foyer/protocol';
import { SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { CheckoutFeedback, runnerButton } from '../../features/checkout/CheckoutFeedback';
import { useCheckout } from '../../features/checkout/useCheckout';
import { useBasket } from '../../app/store/useBasket';
import '../../app/i18n/purchaseMessages';
import '../../features/checkout/messages';
import '../../features/checkout/purchase.css';

/**
 * Checkout button (purchase spec §2): starts the checkout (§4) of the page's basket. Disabled with
 * an empty basket or while any frame of the page runs a checkout; meanwhile it shows the step's
 * caption ('Processing profile...', 'Processing order...', 'Processing payment...') while a
 * request of the step runs, and a calm 'Checkout open — continue in the window' while the
 * checkout modal waits for the visitor.
 */
export default function CheckoutButtonWidget({ attributes }: WidgetProps<CheckoutButtonAttributes>) {
  const [basket] = useBasket();
  const checkout = useCheckout('checkout-button', basket);
  const caption = attributes.caption ?? t('checkout.caption');
  const button = runnerButton(checkout, caption);
  return (
    <div className="checkout-button">
      {/* A button alone needs no visible heading; the frame keeps a named one for screen readers. */}
      <WidgetHeading show={attributes.showHeader && !!attributes.title}>{attributes.title ?? caption}</WidgetHeading>
      <div className="actions">
        <SubmitButton
          type="button"
          busy={button.busy}
          disabled={basket.products.length === 0 || button.disabled}
          label={button.label}
          busyLabel={button.busyLabel}
          onClick={() => void checkout.start()}
        />
      </div>
      <CheckoutFeedback checkout={checkout} showErrorMsgs={attributes.showErrorMsgs} />
    </div>
  );
}
