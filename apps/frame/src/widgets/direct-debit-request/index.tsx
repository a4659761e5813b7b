import type { DirectDebitRequestAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../widgetProps';
import '../_purchase/messages';
import { useBasket } from '../_purchase/useBasket';
import DirectDebitForm from './DirectDebitForm';

/**
 * direct-debit-request: the order of the orderId attribute or the basket. The checks (login,
 * order) run on the click, where their errors show, as in the card widgets.
 */
export default function DirectDebitRequestWidget({ attributes }: WidgetProps<DirectDebitRequestAttributes>) {
  const [basket] = useBasket();
  return <DirectDebitForm attributes={attributes} orderId={attributes.orderId ?? basket.id} />;
}
