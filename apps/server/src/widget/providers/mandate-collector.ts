import type { CardProvider, DirectDebitProvider } from './types';

/**
 * A mandate's collection seen as a one-shot card provider, so that a direct debit's first payment
 * goes through the same idempotent payment path as a card (version 2's payment step and version
 * 1's hosted page alike): the mandate id is the token.
 */
export function mandateCollector(provider: DirectDebitProvider, mandateId: string): CardProvider {
  return {
    name: provider.name,
    charge: (input) => provider.collect({ ...input, mandateId }),
    // Direct-debit payments never ask for a challenge.
    confirm: async () => ({ status: 'failed', code: 'payment_fail' }),
    // The mandate's payments, matched by the order and attempt key `collect` put in their metadata.
    lookup: (attempt) => provider.lookupPayment({ ...attempt, mandateId }),
    chargeSaved: (input) => provider.chargeSaved(input),
    lookupRenewal: (input) => provider.lookupRenewal(input),
  };
}
