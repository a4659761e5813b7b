import { V1_PAYMENT_OUTCOME_PARAM, V1_PAYMENT_OUTCOMES, type V1PaymentOutcome } from '@foyer/api/v1';
import { t } from '../../i18n';
import { useAppSelector } from '../../store/hooks';
import './messages';

const isOutcome = (value: string | undefined): value is V1PaymentOutcome =>
  (V1_PAYMENT_OUTCOMES as readonly string[]).includes(value ?? '');

/**
 * One line on the shop after the hosted payment page: the server sends the visitor back with the
 * outcome in the page's query (V1_PAYMENT_OUTCOME_PARAM), which the frame already receives. A
 * refused payment is announced as an error; paid and cancelled as a status. Any other value: nothing.
 */
export function PaymentOutcomeNote() {
  const outcome = useAppSelector((state) => state.frame.query[V1_PAYMENT_OUTCOME_PARAM]);
  if (!isOutcome(outcome)) return null;
  return (
    <p
      className={`v1-payment-outcome v1-payment-outcome-${outcome.toLowerCase()}`}
      role={outcome === 'REFUSED' ? 'alert' : 'status'}
    >
      {t(`v1.outcome.${outcome}`)}
    </p>
  );
}
