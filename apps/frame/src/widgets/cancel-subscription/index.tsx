import { useId, useState } from 'react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import dayjs from 'dayjs';
import type { FoyerError } from '@foyer/api';
import type { CancelSubscriptionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading, SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { formatDate, parseDate } from '../../app/i18n/dates';
import { useAppDispatch } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import type { WidgetProps } from '../../app/widgetProps';
import { MessageBox } from '../../ui/form/MessageBox';
import { cancelOne, cancellablePurchasesRequest, reasonsRequest } from '../../features/account/accountRequests';
import { purchaseName, reasonLabel } from '../../features/account/labels';
import { useAccountSession } from '../../features/account/useAccountSession';
import '../../ui/form/forms.css';
import '../../app/i18n/purchaseMessages';
import '../../features/account/messages';
import '../../ui/account-area.css';

/** A typed dd/MM/yyyy date: required, a real day, today or later (the server checks again). */
const schema = object({
  subscriptionId: string().required(() => t('cancel.subscriptionRequired')),
  reason: string().required(() => t('cancel_reason_invalid')),
  cancelDate: string()
    .trim()
    .required(() => t('cancel.dateRequired'))
    .test(
      'real',
      () => t('cancel.dateInvalid'),
      (value) => !value || parseDate(value, 'dd/MM/yyyy') !== null,
    )
    .test(
      'future',
      () => t('cancel.datePast'),
      (value) => {
        const day = value ? parseDate(value, 'dd/MM/yyyy') : null;
        return !day || day >= dayjs().format('YYYY-MM-DD');
      },
    ),
});

/**
 * Cancel a subscription (purchase spec §4): one of the visitor's running subscriptions (or the one
 * given as attribute), a reason from `List_Reasons_Cancel`, a cancellation date entered and shown
 * as dd/MM/yyyy, then confirm. The purchases list of the page reloads on subscription.cancelled.
 */
export default function CancelSubscription({ attributes }: WidgetProps<CancelSubscriptionAttributes>) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [reloads, setReloads] = useState(0);
  const { loggedIn, sessionId } = useAccountSession(() => setReloads((count) => count + 1));
  const options = { skip: !loggedIn, reloadOn: [sessionId, reloads] };
  const purchases = useRequest(cancellablePurchasesRequest, undefined, options);
  const reasons = useRequest(reasonsRequest, undefined, { skip: !loggedIn, reloadOn: [sessionId] });
  const [error, setError] = useState<FoyerError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const running = (purchases.data ?? []).filter((purchase) =>
    ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE'].includes(purchase.subscription?.status ?? ''),
  );
  const form = useFormik({
    initialValues: { subscriptionId: attributes.subscriptionId ?? '', reason: '', cancelDate: '' },
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: async (values) => {
      setError(null);
      const cancelDate = parseDate(values.cancelDate, 'dd/MM/yyyy')!;
      const result = await dispatch(
        cancelOne({ subscriptionId: values.subscriptionId, cancelDate, reason: values.reason }),
      );
      if (cancelOne.rejected.match(result)) {
        if (result.payload) setError(result.payload);
        return;
      }
      const purchase = running.find((one) => one.subscription?.id === values.subscriptionId);
      setDone(
        t('cancel.done', [purchase ? purchaseName(purchase) : '', formatDate(result.payload.cancelDate, 'dd/MM/yyyy')]),
      );
      form.resetForm({ values: { subscriptionId: attributes.subscriptionId ?? '', reason: '', cancelDate: '' } });
    },
  });
  const problem = (name: 'subscriptionId' | 'reason' | 'cancelDate') =>
    form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;

  const heading = <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('cancel.title')}</WidgetHeading>;
  if (!loggedIn) {
    return (
      <div className="cancel-subscription">
        {heading}
        <p>{t('account.loginRequired')}</p>
      </div>
    );
  }
  const failed = purchases.status === 'failed' ? purchases.error : reasons.status === 'failed' ? reasons.error : null;
  if (failed && (!purchases.data || !reasons.data)) {
    return (
      <div className="cancel-subscription">
        {heading}
        {attributes.showErrorMsgs && <ErrorMessageBox error={failed} />}
      </div>
    );
  }
  if (!purchases.data || !reasons.data) return <Loading />;

  const field = (name: 'subscriptionId' | 'reason' | 'cancelDate') => ({
    id: `${id}-${name}`,
    name,
    className: 'field-input',
    required: true,
    'aria-invalid': problem(name) ? true : undefined,
    'aria-describedby':
      [name === 'cancelDate' ? `${id}-date-hint` : '', problem(name) ? `${id}-${name}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
  });
  const errorOf = (name: 'subscriptionId' | 'reason' | 'cancelDate') =>
    problem(name) && (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {problem(name)}
      </p>
    );

  return (
    <div className="cancel-subscription">
      {heading}
      {done && <MessageBox text={done} severity="success" />}
      {error && attributes.showErrorMsgs && <ErrorMessageBox error={error} />}
      {running.length === 0 && !attributes.subscriptionId ? (
        !done && <p>{t('cancel.none')}</p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit}>
          {!attributes.subscriptionId && (
            <div className="field">
              <label htmlFor={`${id}-subscriptionId`} className="field-label">
                {t('cancel.subscription')}
              </label>
              <select {...field('subscriptionId')}>
                <option value="">{t('cancel.chooseSubscription')}</option>
                {running.map((purchase) => (
                  <option key={purchase.subscription!.id} value={purchase.subscription!.id}>
                    {purchaseName(purchase)}
                  </option>
                ))}
              </select>
              {errorOf('subscriptionId')}
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-reason`} className="field-label">
              {t('cancel.reason')}
            </label>
            <select {...field('reason')}>
              <option value="">{t('cancel.chooseReason')}</option>
              {reasons.data.map((reason) => (
                <option key={reason.key} value={reason.key}>
                  {reasonLabel(reason)}
                </option>
              ))}
            </select>
            {errorOf('reason')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-cancelDate`} className="field-label">
              {t('cancel.date')}
            </label>
            <input
              {...field('cancelDate')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('cancel.datePlaceholder')}
            />
            <p id={`${id}-date-hint`} className="field-hint">
              {t('cancel.dateHint')}
            </p>
            {errorOf('cancelDate')}
          </div>
          <div className="actions">
            <SubmitButton
              busy={form.isSubmitting}
              disabled={!form.isValid}
              label={t('cancel.submit')}
              busyLabel={t('cancel.submitting')}
            />
          </div>
        </form>
      )}
    </div>
  );
}
