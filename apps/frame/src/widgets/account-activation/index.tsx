import { useEffect } from 'react';
import type { AccountActivationAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { activateAccount, activationRequest, cancelActivation } from '../../features/identity/activate';
import '../../features/identity/activationMessages';

/**
 * Account activation (identity spec §2): activates with the host page's `activationKey` query
 * parameter as soon as it shows, then shows the outcome with its severity and, when
 * `showCancel`, a Cancel button.
 */
export default function AccountActivationWidget({ attributes }: WidgetProps<AccountActivationAttributes>) {
  const dispatch = useAppDispatch();
  const key = useAppSelector((state) => state.frame.query.activationKey);
  const activation = useAppSelector(activationRequest.select);

  useEffect(() => {
    void dispatch(activateAccount(key));
  }, [dispatch, key]);

  if (activation.status === 'idle' || activation.status === 'loading') return <Loading />;
  const outcome = activation.status === 'succeeded' ? activation.data : activation.error;
  return (
    <>
      {attributes.showHeader && <h1>{attributes.title ?? t('account-activation.title')}</h1>}
      <ErrorMessageBox error={outcome} />
      {attributes.showCancel && (
        <div className="actions">
          <button type="button" className="button account-secondary" onClick={() => dispatch(cancelActivation())}>
            {t('account-activation.cancel')}
          </button>
        </div>
      )}
    </>
  );
}
