import type { CheckoutButtonAttributes } from '@foyer/protocol';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import type { WidgetProps } from '../../../app/widgetProps';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import { useV1Checkout } from '../../../features/v1/useV1Checkout';
import { V1CheckoutControl } from '../../../features/v1/V1CheckoutControl';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';

/** Version 1 checkout button (purchase spec §4): validates the basket, posts the transaction, goes to pay. */
export default function V1CheckoutButton({ attributes }: WidgetProps<CheckoutButtonAttributes>) {
  const { basket } = useV1Basket();
  const checkout = useV1Checkout();
  const caption = attributes.caption ?? t('v1.checkout');
  return (
    <div className="checkout-button">
      <WidgetHeading show={attributes.showHeader && !!attributes.title}>{attributes.title ?? caption}</WidgetHeading>
      <V1CheckoutControl
        checkout={checkout}
        empty={!basket?.products.length}
        label={caption}
        showErrorMsgs={attributes.showErrorMsgs}
      />
    </div>
  );
}
