import { useEffect, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { ProfileGroups } from '@foyer/api/widget';
import type { ProductProfileAttributes } from '@foyer/protocol';
import { MessageBox } from '../../ui/form/MessageBox';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import { useServices } from '../../app/store/useServices';
import { useRequest } from '../../app/store/useRequest';
import { ProfileForm } from '../../features/checkout/profile/ProfileForm';
import { loadProfileGroups } from '../../features/checkout/profile/save';
import { signUpSiteKeyRequest } from '../../features/checkout/profile/siteKey';
import '../../app/i18n/purchaseMessages';
import '../../features/checkout/profile/messages';
import '../../features/checkout/profile/profile.css';

type Load =
  | { status: 'loading' }
  | { status: 'error'; error: FoyerError }
  | { status: 'ready'; groups: ProfileGroups; version: number };

/**
 * The product profile (purchase spec §2, §4, §5): the service's profile groups, loaded again when
 * the session changes (a login elsewhere removes the auth details and brings saved addresses),
 * then the form. A save publishes productProfile.success, which closes the checkout's modal.
 */
export default function ProductProfileWidget({ attributes }: WidgetProps<ProductProfileAttributes>) {
  const dispatch = useAppDispatch();
  const services = useServices();
  const serviceName = useAppSelector(selectServiceName);
  const sessionGuid = useAppSelector((state) => (state.session.loggedIn ? state.session.guid : null));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  // Only a sign-up (no session) can meet the service's captcha.
  const siteKey = useRequest(signUpSiteKeyRequest, serviceName, { skip: !!sessionGuid });
  const siteKeyPending = !sessionGuid && (siteKey.status === 'idle' || siteKey.status === 'loading');
  // Each answer remounts the form: new groups (a login, a logout) start from their own values.
  const loads = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    void dispatch(loadProfileGroups(serviceName, controller.signal)).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) return setLoad({ status: 'ready', groups: result.data, version: ++loads.current });
      setLoad({ status: 'error', error: result.error });
      services.host.publish({
        name: 'productProfile.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
    });
    return () => controller.abort();
  }, [dispatch, services, serviceName, sessionGuid, attempt]);

  return (
    <div className="product-profile">
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('productProfile.title')}</WidgetHeading>
      {saved && <MessageBox severity="success" text={t('productProfile.saved')} onClose={() => setSaved(false)} />}
      {(load.status === 'loading' || siteKeyPending) && <Loading />}
      {load.status === 'error' && (
        <>
          {attributes.showErrorMsgs && <ErrorMessageBox error={load.error} showCode />}
          <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
            {t('frame.retry')}
          </button>
        </>
      )}
      {load.status === 'ready' && !siteKeyPending && (
        <ProfileForm
          recaptchaSiteKey={siteKey.status === 'succeeded' ? siteKey.data : null}
          key={load.version}
          attributes={attributes}
          serviceName={serviceName}
          groups={load.groups}
          onSaved={() => setSaved(true)}
        />
      )}
    </div>
  );
}
