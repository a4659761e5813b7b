import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import { PaymentRoute } from '../../features/payments/PaymentRoute';
import '../../app/i18n/purchaseMessages';
import StripeForm from '../../features/payments/stripe/StripeForm';

/** stripe-payment: the Stripe card form for the order of the orderId attribute or the basket. */
export default function StripePaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={StripeForm} />;
}
