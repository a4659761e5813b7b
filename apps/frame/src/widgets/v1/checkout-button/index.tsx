import type { CheckoutButtonAttributes } from '@foyer/protocol';
import { WidgetHeading } from '../../../components/WidgetHeading';
import { t } from '../../../i18n';
import type { WidgetProps } from '../../widgetProps';
import { useV1Basket } from '../../_v1basket/useV1Basket';
import { useV1Checkout } from '../../_v1basket/useV1Checkout';
import { V1CheckoutControl } from '../../_v1basket/V1CheckoutControl';
import '../../_purchase/messages';
import '../../_checkout/purchase.css';
import '../../_v1basket/messages';

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
