import type { PaymentAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import { PaymentRoute } from '../../features/payments/PaymentRoute';
import '../../app/i18n/purchaseMessages';
import MercadoForm from '../../features/payments/mercado/MercadoForm';

/** mercado-payment: the Mercado Pago card form for the order of the orderId attribute or the basket. */
export default function MercadoPaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  return <PaymentRoute attributes={attributes} Form={MercadoForm} />;
}
