import type { PaymentPage } from '@foyer/api/widget';
import { submitPayment } from './submitPayment';
import type { PaymentTarget } from './types';

/** An order's payment page as what the provider forms pay (POST /widget/payment/{orderId}). */
export function orderTarget(orderId: string, page: PaymentPage): PaymentTarget {
  return {
    providerName: page.providerName,
    total: page.total,
    publishableKey: page.publishableKey,
    testMode: page.testMode,
    submit: (token, attempts) => submitPayment({ orderId, ...token, attempts }),
  };
}
