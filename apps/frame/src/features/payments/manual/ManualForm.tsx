import { lazy, Suspense, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { Loading, SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { PaymentShell } from '../PaymentShell';
import { PaymentAttempts, type PaymentOutcome } from '../submitPayment';
import type { PaymentFormProps } from '../types';
import { payLabel } from '../payLabel';
import { TransferInstructionsBlock } from './TransferInstructions';
import './messages';

/** The manual provider's token: only the visitor's confirmation (bank transfer, cash, invoice). */
export const MANUAL_TOKEN = 'manual';

/** Only a test-mode page downloads the test card picker (demos and tests, never production). */
const TestCardForm = lazy(() => import('./TestCardForm'));

/**
 * Manual payment (provider MANUAL): one button, a spinner, the success message (purchase spec §2);
 * a bank transfer or cash order then shows where to send the money. The test card provider of
 * demos and tests (the page's testMode) shows its picker of test cards instead.
 */
export default function ManualForm(props: PaymentFormProps) {
  if (props.target.testMode) {
    return (
      <Suspense fallback={<Loading />}>
        <TestCardForm {...props} />
      </Suspense>
    );
  }
  return <ConfirmForm {...props} />;
}

type Transfer = NonNullable<Extract<PaymentOutcome, { status: 'succeeded' }>['transfer']>;

function ConfirmForm({ attributes, target, embedded }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const attempts = useRef(new PaymentAttempts()).current;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const [success, setSuccess] = useState(false);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  // A ref, not state: a second click in the same frame as the first must already see it.
  const running = useRef(false);

  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    const outcome = await dispatch(target.submit({ token: MANUAL_TOKEN }, attempts));
    running.current = false;
    setBusy(false);
    if (outcome.status === 'succeeded') {
      setTransfer(outcome.transfer ?? null);
      setSuccess(true);
    } else if (outcome.status === 'failed') setError(outcome.error);
  };

  return (
    <PaymentShell
      attributes={attributes}
      card={false}
      busy={busy}
      error={error}
      success={success}
      embedded={embedded}
      successLabel={transfer ? t('payment.transfer.placed') : undefined}
      afterSuccess={
        transfer && <TransferInstructionsBlock instructions={transfer.instructions} onDone={transfer.done} />
      }
    >
      <SubmitButton
        type="button"
        busy={busy}
        label={payLabel(attributes, target.total)}
        busyLabel={t('payment.paying')}
        onClick={() => void pay()}
      />
    </PaymentShell>
  );
}
