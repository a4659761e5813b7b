import type { PaywallNotifierAttributes } from '@foyer/protocol/paywall-attributes';
import { useEffect } from 'react';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading } from '../../components/Loading';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import { useServices } from '../_purchase/useServices';
import type { WidgetProps } from '../widgetProps';
import { Notifier } from '../_paywall/Notifier';
import { usePageView } from '../_paywall/usePageView';
import '../_paywall/messages';
import '../_paywall/paywall.css';

/**
 * Paywall notifier (identity spec §2, §4): while access is allowed and a meter exists, the meter's
 * count and total. The page view it asks about is the paywall's (counted once).
 */
export default function PaywallNotifierWidget({ attributes }: WidgetProps<PaywallNotifierAttributes>) {
  const services = useServices();
  const view = usePageView(attributes, false);
  const data = view.status === 'succeeded' ? view.data : null;
  const meter = data?.decision.result === 'ALLOW_ACCESS' ? data.decision.activeMeter : undefined;
  useEffect(() => {
    if (meter) services.host.publish({ name: 'paywallNotifier.shown', payload: { ...meter } });
  }, [meter, services]);

  return (
    <div className="paywall">
      <WidgetHeading show={false}>{attributes.title ?? t('paywallNotifier.title')}</WidgetHeading>
      {view.status === 'loading' && <Loading />}
      {view.standalone && <p>{t('paywall.standalone')}</p>}
      {view.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={view.error} />}
      {meter && <Notifier meter={meter} template={data?.template ?? null} />}
    </div>
  );
}
