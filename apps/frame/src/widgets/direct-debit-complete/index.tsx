import { useEffect, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { DirectDebitCompleteAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { t } from '../../app/i18n';
import { PaymentShell } from '../../features/payments/PaymentShell';
import '../../app/i18n/purchaseMessages';
import { finishDirectDebit } from '../../features/payments/direct-debit/directDebit';

/**
 * direct-debit-complete (purchase spec §4, §5): on the page the provider sent the visitor back to,
 * completes the mandate from the query's orderId and redirect_flow_id and takes the first
 * payment; 'Payment Successful' and the basket removed, or the spec's query-parameter errors.
 */
export default function DirectDebitCompleteWidget({ attributes }: WidgetProps<DirectDebitCompleteAttributes>) {
  const dispatch = useAppDispatch();
  const query = useAppSelector((state) => state.frame.query);
  const [state, setState] = useState<
    { status: 'running' } | { status: 'done' } | { status: 'failed'; error: FoyerError }
  >({ status: 'running' });
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  // Once per page with a session (completing is idempotent on the server, but one request is
  // enough); without one it says not_logged_in and runs again when the visitor logs in.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    if (loggedIn) started.current = true;
    setState({ status: 'running' });
    void dispatch(finishDirectDebit(query)).then((error) =>
      setState(error ? { status: 'failed', error } : { status: 'done' }),
    );
  }, [dispatch, query, loggedIn]);
  return (
    <PaymentShell
      attributes={attributes}
      card={false}
      busy={state.status === 'running'}
      busyLabel={t('payment.directDebit.completing')}
      error={state.status === 'failed' ? state.error : null}
      success={state.status === 'done'}
    />
  );
}
