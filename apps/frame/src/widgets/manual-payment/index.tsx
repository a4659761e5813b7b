import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../widgetProps';
import { PaymentRoute } from '../_payment/PaymentRoute';
import '../_purchase/messages';
import ManualForm from './ManualForm';

/** manual-payment: the manual form for the order of the orderId attribute or the basket. */
export default function ManualPaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={ManualForm} />;
}
