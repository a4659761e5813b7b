import { useId, useRef, useState, type FormEvent } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, TEST_CARDS, type TestCard } from '@foyer/api/widget';
import { SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { PaymentShell } from '../PaymentShell';
import { PaymentAttempts } from '../submitPayment';
import type { PaymentFormProps } from '../types';
import { payLabel } from '../payLabel';
import { answerTestChallenge, testChallengeReference } from './testChallenge';
import { useTestChallenge } from './useTestChallenge';
import './messages';

/**
 * The test card provider's form (the payment page's testMode: `npm start`, the tests): a marked
 * test-mode notice and a picker of the test cards, named as Stripe's test PaymentMethods, whose
 * value is the token. A card that asks for 3-D Secure gets a stand-in challenge (Complete / Fail),
 * answered to the server's dev route; the same attempt is then posted again, as after a real one.
 */
export default function TestCardForm({ attributes, target, embedded }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const id = useId();
  const attempts = useRef(new PaymentAttempts()).current;
  const running = useRef(false);
  const [card, setCard] = useState<TestCard>('pm_card_visa');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const [success, setSuccess] = useState(false);
  const challenge = useTestChallenge();

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const token = { token: card };
      let outcome = await dispatch(target.submit(token, attempts));
      if (outcome.status === 'requires_action') {
        const reference = testChallengeReference(outcome.clientSecret);
        if (!reference) return setError(catalogueError('payment_requires_action'));
        const passed = await challenge.ask();
        const refused = await dispatch(answerTestChallenge(reference, passed));
        if (refused) return setError(refused);
        // As after a real challenge: the same attempt again; the server reads how it ended.
        outcome = await dispatch(target.submit(token, attempts));
        if (outcome.status === 'requires_action') return setError(catalogueError('payment_requires_action'));
      }
      if (outcome.status === 'succeeded') setSuccess(true);
      else setError(outcome.error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <PaymentShell
      attributes={attributes}
      card={false}
      busy={busy}
      busyLabel={challenge.open ? t('payment.challenge') : undefined}
      error={error}
      success={success}
      embedded={embedded}
    >
      <p id={`${id}-notice`} className="message message-warning payment-test-mode">
        <strong>{t('payment.test.title')}</strong> {t('payment.test.notice')}
      </p>
      <form noValidate onSubmit={(event) => void pay(event)}>
        <div className="field">
          <label htmlFor={`${id}-card`} className="field-label">
            {t('payment.test.card')}
          </label>
          <select
            id={`${id}-card`}
            name="testCard"
            className="field-input"
            value={card}
            aria-describedby={`${id}-notice`}
            disabled={busy}
            onChange={(event) => setCard(event.target.value as TestCard)}
          >
            {TEST_CARDS.map((name) => (
              <option key={name} value={name}>
                {t(`payment.test.card.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={busy} label={payLabel(attributes, target.total)} busyLabel={t('payment.paying')} />
      </form>
      {challenge.dialog}
    </PaymentShell>
  );
}
