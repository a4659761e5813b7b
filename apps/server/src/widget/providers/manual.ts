/**
 * The manual provider (provider name MANUAL): the order is accepted at once and settled outside
 * the widgets (bank transfer, cash, invoice). Its token is only the widget's confirmation click,
 * so its purchases await payment (ACTIVE_PENDING) until an operator confirms the money arrived
 * (POST /widget/admin/orders/:orderId/confirm-payment). As a CARD provider (FOYER_CARD_PROVIDER=manual,
 * demos and tests only) the same happens.
 */
import { ProviderUnavailable, type CardProvider } from './types';

export interface ManualOptions {
  /** Bank transfer and cash: nothing is paid until an operator confirms. False: a test card that pays at once. */
  awaitsConfirmation: boolean;
}

export function manualProvider(options: ManualOptions): CardProvider {
  const paid = options.awaitsConfirmation ? { settled: false, awaitingConfirmation: true } : {};
  return {
    name: 'MANUAL',

    // Issue 25 contract commit: implemented by the recurring-billing change that follows.
    async chargeSaved() {
      throw new ProviderUnavailable('Manual: renewals not implemented yet');
    },
    async lookupRenewal() {
      throw new ProviderUnavailable('Manual: renewals not implemented yet');
    },
    async charge(input) {
      return { status: 'succeeded', reference: `manual_${input.paymentId}`, ...paid };
    },
    async confirm(reference) {
      return { status: 'succeeded', reference, ...paid };
    },
    // Nothing is charged outside the server: an unanswered manual attempt took no money.
    async lookup() {
      return null;
    },
  };
}
