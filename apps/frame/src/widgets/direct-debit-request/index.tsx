import type { DirectDebitRequestAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import '../../app/i18n/purchaseMessages';
import { useBasket } from '../../app/store/useBasket';
import DirectDebitForm from '../../features/payments/direct-debit/DirectDebitForm';

/**
 * direct-debit-request: the order of the orderId attribute or the basket. The checks (login,
 * order) run on the click, where their errors show, as in the card widgets.
 */
export default function DirectDebitRequestWidget({ attributes }: WidgetProps<DirectDebitRequestAttributes>) {
  const [basket] = useBasket();
  return <DirectDebitForm attributes={attributes} orderId={attributes.orderId ?? basket.id} />;
}
