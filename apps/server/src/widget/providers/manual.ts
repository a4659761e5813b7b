/**
 * The manual provider (provider name MANUAL): the order is accepted at once and settled outside
 * the widgets (bank transfer, cash, invoice). Its token is only the widget's confirmation click.
 */
import type { CardProvider } from './types';

export function manualProvider(): CardProvider {
  return {
    name: 'MANUAL',
    async charge(input) {
      return { status: 'succeeded', reference: `manual_${input.paymentId}` };
    },
    async confirm(reference) {
      return { status: 'succeeded', reference };
    },
    // Nothing is charged outside the server: an unanswered manual attempt took no money.
    async lookup() {
      return null;
    },
  };
}
