import { useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, type SubscriptionPaymentPage, type SubscriptionPaymentResult } from '@foyer/api/widget';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { answerTestChallenge, testChallengeReference } from './manual/testChallenge';
import { useTestChallenge } from './manual/useTestChallenge';
import { localMoney } from '../../app/i18n/money';
import { authenticateRenewal } from './subscriptionPayment';
import './messages';

/**
 * A renewal whose off-session charge waits for the visitor's bank (3-D Secure, issue 25): the
 * visitor confirms that very charge — Stripe.js runs the bank's challenge with the charge's client
 * secret (and the saved card, which Stripe wants named again), the test card provider its stand-in
 * dialog — and the server then reads the charge back and settles it. No second charge is made;
 * paying with another card stays one click away.
 */
export default function RenewalAuthentication({
  page,
  onPaid,
  onOtherCard,
}: {
  page: SubscriptionPaymentPage & { authentication: NonNullable<SubscriptionPaymentPage['authentication']> };
  onPaid(subscription: SubscriptionPaymentResult['subscription']): void;
  onOtherCard(): void;
}) {
  const dispatch = useAppDispatch();
  const stripeKey = useAppSelector((state) => state.frame.settings.stripeKey?.key) ?? page.publishableKey;
  const challenge = useTestChallenge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);

  /** Runs the bank's challenge; null once it ended (passed or not: the server reads which). */
  const runChallenge = async (): Promise<FoyerError | null> => {
    const { clientSecret, paymentMethod } = page.authentication;
    const reference = testChallengeReference(clientSecret);
    if (reference) return dispatch(answerTestChallenge(reference, await challenge.ask()));
    if (page.providerName !== 'STRIPE' || !stripeKey) return catalogueError('payment_requires_action');
    try {
      // Loaded only here: the purchases list never needs Stripe.js otherwise.
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(stripeKey);
      if (!stripe) return catalogueError('provider_unavailable');
      await stripe.confirmCardPayment(clientSecret, paymentMethod ? { payment_method: paymentMethod } : undefined);
      return null;
    } catch {
      return catalogueError('provider_unavailable');
    }
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const failed = await runChallenge();
      if (failed) return setError(failed);
      const outcome = await dispatch(authenticateRenewal(page.subscriptionId));
      if (outcome.status === 'succeeded') onPaid(outcome.subscription);
      else setError(outcome.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{t('updatePayment.authenticate', [localMoney(page.amountDue)])}</p>
      {error && <ErrorMessageBox error={error} />}
      <div className="account-row-actions">
        <SubmitButton
          type="button"
          busy={busy}
          label={t('updatePayment.confirm')}
          busyLabel={t('payment.challenge')}
          onClick={() => void confirm()}
        />
        <button type="button" className="button button-secondary" disabled={busy} onClick={onOtherCard}>
          {t('updatePayment.otherCard')}
        </button>
      </div>
      {challenge.dialog}
    </>
  );
}
