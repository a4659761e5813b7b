import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import { PaymentRoute } from '../../features/payments/PaymentRoute';
import '../../app/i18n/purchaseMessages';
import ManualForm from '../../features/payments/manual/ManualForm';

/** manual-payment: the manual form for the order of the orderId attribute or the basket. */
export default function ManualPaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={ManualForm} />;
}
