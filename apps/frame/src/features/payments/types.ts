import type { Money, PaymentPage, PaymentToken } from '@foyer/api/widget';
import type { PaymentAttributes } from '@foyer/protocol';
import type { AppThunk } from '../../app/store/thunk';
import type { PaymentAttempts, PaymentOutcome } from './submitPayment';

/** The card providers' forms (GOCARDLESS orders get the direct-debit request instead). */
export type CardProviderName = Exclude<PaymentPage['providerName'], 'GOCARDLESS'>;

/**
 * What a provider form pays: an order (the payment widgets, `orderTarget`) or a past-due
 * subscription (the purchases list's "Update payment"). The forms take the card the same way for
 * both; only where the token is posted differs.
 */
export interface PaymentTarget {
  providerName: PaymentPage['providerName'];
  /** What the pay button names ('Pay €12.99'). */
  total: Money | undefined;
  /** The card provider's public key (stripeKey / mercadoKey), when it has one. */
  publishableKey?: string | undefined;
  /** The test card provider (demos, tests): the form offers the test cards and says so. */
  testMode?: boolean | undefined;
  /** Posts one attempt of `token`; the form keeps the attempts (same token, same Idempotency-Key). */
  submit(token: PaymentToken, attempts: PaymentAttempts): AppThunk<Promise<PaymentOutcome>>;
}

/** What `payment` (or a provider route, or the update-payment dialog) hands the provider form it shows. */
export interface PaymentFormProps {
  /** The texts and switches of the payment widgets (title, header, errors, submit label). */
  attributes: PaymentAttributes;
  target: PaymentTarget;
  /** No heading of its own: the form is shown inside a dialog that has one. */
  embedded?: boolean;
}
