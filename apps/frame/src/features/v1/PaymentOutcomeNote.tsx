import { V1_PAYMENT_OUTCOME_PARAM, V1_PAYMENT_OUTCOMES, type V1PaymentOutcome } from '@foyer/api/v1';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import './messages';

const isOutcome = (value: string | undefined): value is V1PaymentOutcome =>
  (V1_PAYMENT_OUTCOMES as readonly string[]).includes(value ?? '');

/** The shared message box tones (styles.css). */
const TONE: Record<V1PaymentOutcome, 'success' | 'info' | 'danger'> = {
  PAID: 'success',
  CANCELLED: 'info',
  REFUSED: 'danger',
};

/**
 * One line on the shop after the hosted payment page: the server sends the visitor back with the
 * outcome in the page's query (V1_PAYMENT_OUTCOME_PARAM), which the frame already receives. A
 * refused payment is announced as an error; paid and cancelled as a status. Any other value: nothing.
 */
export function PaymentOutcomeNote() {
  const outcome = useAppSelector((state) => state.frame.query[V1_PAYMENT_OUTCOME_PARAM]);
  if (!isOutcome(outcome)) return null;
  return (
    <div
      className={`message message-${TONE[outcome]} v1-payment-outcome`}
      role={outcome === 'REFUSED' ? 'alert' : 'status'}
    >
      <p className="message-text">{t(`v1.outcome.${outcome}`)}</p>
    </div>
  );
}
