import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SubscriptionPaymentResult } from '@foyer/api/widget';
import { paymentAttributesSchema } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { formatDate } from '../../app/i18n/dates';
import { useRequest } from '../../app/store/useRequest';
import { CARD_FORMS } from './forms';
import { localMoney } from '../../app/i18n/money';
import { Dialog } from '../../ui/Dialog';
import { subscriptionPaymentRequest, subscriptionTarget } from './subscriptionPayment';
import './messages';

const RenewalAuthentication = lazy(() => import('./RenewalAuthentication'));

/** The card forms' texts and switches inside the dialog: errors always shown (role=alert). */
const ATTRIBUTES = paymentAttributesSchema.parse({ showErrorMsgs: 'true' });

/**
 * "Update payment" of a PAST_DUE subscription (issue 25): what is due, then the card form of the
 * provider the subscription's payment page names (the same forms as an order's payment: Stripe
 * Elements, Mercado Pago, the test card picker in test mode), posting to the subscription's
 * payment route. When the renewal's own charge waits for the bank (3-D Secure), confirming that
 * charge comes first, another card second. Paid, it says so with the new period and the list
 * reloads behind it.
 */
export default function UpdatePaymentDialog({
  subscriptionId,
  name,
  onClose,
  onPaid,
}: {
  subscriptionId: string;
  name: string;
  onClose(): void;
  /** The subscription was paid: the list reads it again (ACTIVE, its new period). */
  onPaid(): void;
}) {
  const state = useRequest(subscriptionPaymentRequest, subscriptionId);
  const [renewed, setRenewed] = useState<SubscriptionPaymentResult['subscription'] | null>(null);
  const [otherCard, setOtherCard] = useState(false);
  const paidMessage = useRef<HTMLParagraphElement>(null);
  // The slice is shared by every opening: only this subscription's page counts.
  const page = state.data?.subscriptionId === subscriptionId ? state.data : null;
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  });
  // Paid (by a card form or by confirming the renewal's own charge): the new period, and the list reloads.
  const paidBy = useCallback((subscription: SubscriptionPaymentResult['subscription']) => {
    setRenewed(subscription);
    onPaidRef.current();
  }, []);
  const target = useMemo(() => page && subscriptionTarget(page, paidBy), [page, paidBy]);
  useEffect(() => {
    if (renewed) paidMessage.current?.focus();
  }, [renewed]);

  let body;
  if (renewed) {
    const renews = renewed.nextChargeDate ?? renewed.endDate;
    body = (
      <>
        <p ref={paidMessage} tabIndex={-1} role="status" className="message message-success">
          {t('updatePayment.paid', [name])}
          {renews && ` ${t('updatePayment.renewsOn', [formatDate(renews, 'dd-MMM-yyyy')])}`}
        </p>
        <button type="button" className="button" onClick={onClose}>
          {t('account.close')}
        </button>
      </>
    );
  } else if (page?.authentication && !otherCard) {
    body = (
      <Suspense fallback={<Loading />}>
        <RenewalAuthentication
          page={{ ...page, authentication: page.authentication }}
          onPaid={paidBy}
          onOtherCard={() => setOtherCard(true)}
        />
      </Suspense>
    );
  } else if (page && target) {
    const Form = page.providerName === 'GOCARDLESS' ? null : CARD_FORMS[page.providerName];
    body = (
      <>
        <p>{t('updatePayment.due', [localMoney(page.amountDue)])}</p>
        {Form ? (
          <Suspense fallback={<Loading />}>
            <Form attributes={ATTRIBUTES} target={target} embedded />
          </Suspense>
        ) : (
          <p>{t('updatePayment.directDebit')}</p>
        )}
      </>
    );
  } else if (state.status === 'failed') {
    body = (
      <>
        <ErrorMessageBox error={state.error} />
        <button type="button" className="button" onClick={state.retry}>
          {t('frame.retry')}
        </button>
      </>
    );
  } else body = <Loading />;

  return (
    <Dialog title={t('updatePayment.title', [name])} onClose={onClose}>
      {body}
    </Dialog>
  );
}
