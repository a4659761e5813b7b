import type { ComponentType } from 'react';
import type { PaymentAttributes } from '@foyer/protocol';
import { Loading } from '../../ui/Loading';
import { orderTarget } from './orderTarget';
import { PaymentShell } from './PaymentShell';
import type { PaymentFormProps } from './types';
import { usePaymentPage } from './usePaymentPage';

/**
 * A provider route (stripe-payment, mercado-payment, manual-payment): fetches the order's payment
 * page (order id, public key) and shows its form directly; the errors of purchase spec §5 before.
 */
export function PaymentRoute({
  attributes,
  Form,
}: {
  attributes: PaymentAttributes;
  Form: ComponentType<PaymentFormProps>;
}) {
  const state = usePaymentPage(attributes.orderId);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <PaymentShell attributes={attributes} card={false} error={state.error} />;
  return <Form attributes={attributes} target={orderTarget(state.orderId, state.page)} />;
}
