import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../widgetProps';
import { PaymentRoute } from '../_payment/PaymentRoute';
import '../_purchase/messages';
import StripeForm from './StripeForm';

/** stripe-payment: the Stripe card form for the order of the orderId attribute or the basket. */
export default function StripePaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={StripeForm} />;
}
