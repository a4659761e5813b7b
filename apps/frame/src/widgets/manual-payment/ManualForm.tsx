import { useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { SubmitButton } from '../../components/Loading';
import { t } from '../../i18n';
import { useAppDispatch } from '../../store/hooks';
import { PaymentShell } from '../_payment/PaymentShell';
import { PaymentAttempts, submitPayment } from '../_payment/submitPayment';
import type { PaymentFormProps } from '../_payment/types';
import { payLabel } from '../_payment/payLabel';

/** The manual provider's token: only the visitor's confirmation (bank transfer, cash, invoice). */
export const MANUAL_TOKEN = 'manual';

/** Manual payment (provider MANUAL): one button, a spinner, the success message (purchase spec §2). */
export default function ManualForm({ attributes, orderId, page }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const attempts = useRef(new PaymentAttempts()).current;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const [success, setSuccess] = useState(false);
  // A ref, not state: a second click in the same frame as the first must already see it.
  const running = useRef(false);

  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    const outcome = await dispatch(submitPayment({ orderId, token: MANUAL_TOKEN, attempts }));
    running.current = false;
    setBusy(false);
    if (outcome.status === 'succeeded') setSuccess(true);
    else if (outcome.status === 'failed') setError(outcome.error);
  };

  return (
    <PaymentShell attributes={attributes} card={false} busy={busy} error={error} success={success}>
      <SubmitButton
        type="button"
        busy={busy}
        label={payLabel(attributes, page.total)}
        busyLabel={t('payment.paying')}
        onClick={() => void pay()}
      />
    </PaymentShell>
  );
}
