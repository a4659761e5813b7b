import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { PaymentPage } from '@foyer/api/widget';
import type { PaymentAttributes } from '@foyer/protocol';
import { Loading } from '../../components/Loading';
import type { WidgetProps } from '../widgetProps';
import { PaymentShell } from '../_payment/PaymentShell';
import type { PaymentFormProps } from '../_payment/types';
import { usePaymentPage } from '../_payment/usePaymentPage';
import '../_purchase/messages';

/**
 * Each provider's form is a chunk of its own: the payment route downloads only the one the order
 * needs (and never a provider's SDK wrapper it does not use), which keeps it within its budget.
 */
const FORMS: Record<PaymentPage['providerName'], LazyExoticComponent<ComponentType<PaymentFormProps>>> = {
  STRIPE: lazy(() => import('../stripe-payment/StripeForm')),
  MERCADO: lazy(() => import('../mercado-payment/MercadoForm')),
  MANUAL: lazy(() => import('../manual-payment/ManualForm')),
  GOCARDLESS: lazy(() => import('../direct-debit-request/DirectDebitForm')),
};

/**
 * payment (purchase spec §4): the order of the orderId attribute or the basket; its payment page
 * names the provider, whose form is shown. GOCARDLESS orders get the direct-debit request.
 */
export default function PaymentWidget({ attributes }: WidgetProps<PaymentAttributes>) {
  const state = usePaymentPage(attributes.orderId);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return <PaymentShell attributes={attributes} card={false} error={state.error} />;
  }
  const Form = FORMS[state.page.providerName];
  return (
    <Suspense fallback={<Loading />}>
      <Form attributes={attributes} orderId={state.orderId} page={state.page} />
    </Suspense>
  );
}
