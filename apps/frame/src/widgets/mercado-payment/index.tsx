import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../widgetProps';
import { PaymentRoute } from '../_payment/PaymentRoute';
import '../_purchase/messages';
import MercadoForm from './MercadoForm';

/** mercado-payment: the Mercado Pago card form for the order of the orderId attribute or the basket. */
export default function MercadoPaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={MercadoForm} />;
}
