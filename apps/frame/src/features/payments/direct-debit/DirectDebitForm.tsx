import { useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { PaymentAttributes } from '@foyer/protocol';
import { SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { PaymentShell } from '../PaymentShell';
import { startDirectDebit } from './directDebit';

export interface DirectDebitFormProps {
  attributes: PaymentAttributes & { returnUrl?: string | undefined };
  orderId: string | undefined;
}

/** Request a direct-debit mandate (purchase spec §2): a 'Process payment' button. */
export default function DirectDebitForm({ attributes, orderId }: DirectDebitFormProps) {
  const dispatch = useAppDispatch();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const process = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    const failure = await dispatch(startDirectDebit({ orderId, returnUrl: attributes.returnUrl }));
    running.current = false;
    // On success the top window is leaving: the button stays busy until it is gone.
    if (failure) {
      setBusy(false);
      setError(failure);
    }
  };
  return (
    <PaymentShell
      attributes={attributes}
      card={false}
      busy={busy}
      busyLabel={t('payment.directDebit.processing')}
      error={error}
    >
      <SubmitButton
        type="button"
        busy={busy}
        label={attributes.submitLabel ?? t('payment.directDebit.process')}
        busyLabel={t('payment.directDebit.processing')}
        onClick={() => void process()}
      />
    </PaymentShell>
  );
}
