import { lazy, Suspense } from 'react';
import type { PaymentAttributes } from '@foyer/protocol';
import { Loading } from '../../ui/Loading';
import type { WidgetProps } from '../../app/widgetProps';
import { CARD_FORMS } from '../../features/payments/forms';
import { orderTarget } from '../../features/payments/orderTarget';
import { PaymentShell } from '../../features/payments/PaymentShell';
import { usePaymentPage } from '../../features/payments/usePaymentPage';
import '../../app/i18n/purchaseMessages';

const DirectDebitForm = lazy(() => import('../../features/payments/direct-debit/DirectDebitForm'));

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
  const { providerName } = state.page;
  let form;
  if (providerName === 'GOCARDLESS') form = <DirectDebitForm attributes={attributes} orderId={state.orderId} />;
  else {
    const Form = CARD_FORMS[providerName];
    form = <Form attributes={attributes} target={orderTarget(state.orderId, state.page)} />;
  }
  return <Suspense fallback={<Loading />}>{form}</Suspense>;
}
