import type { PaywallNotifierAttributes } from '@foyer/protocol/paywall-attributes';
import { useEffect, useRef } from 'react';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import { useServices } from '../../app/store/useServices';
import type { WidgetProps } from '../../app/widgetProps';
import { Notifier } from '../../features/paywall/Notifier';
import { usePageView } from '../../features/paywall/usePageView';
import '../../features/paywall/messages';
import '../../features/paywall/paywall.css';

/** What the notifier passes to its copy in the modal (data-* values). */
function modalAttributes(attributes: PaywallNotifierAttributes): Record<string, string> {
  const passed: Record<string, string> = { modal: 'true' };
  if (attributes.section) passed.section = attributes.section;
  if (attributes.tags.length) passed.tags = attributes.tags.join(',');
  return passed;
}

/**
 * Paywall notifier (identity spec §2, §4): while access is allowed and a meter exists, the meter's
 * count and total. The page view it asks about is the paywall's (counted once). In place, or in
 * the modal notifier (size md, identity spec §9) when the attribute `modal` or the template's
 * `modal` flag asks: the notifier in place then opens its copy there, once per page.
 */
export default function PaywallNotifierWidget({ attributes }: WidgetProps<PaywallNotifierAttributes>) {
  const services = useServices();
  const inModal = useAppSelector((state) => state.frame.inModal);
  const view = usePageView(attributes, false);
  const data = view.status === 'succeeded' ? view.data : null;
  const meter = data?.decision.result === 'ALLOW_ACCESS' ? data.decision.activeMeter : undefined;
  const modal = !inModal && !!meter && (attributes.modal ?? data?.template?.modal ?? false);
  const opened = useRef(false);
  useEffect(() => {
    if (!meter) return;
    // The page hears of it once: from the frame that shows the meter, not also from the one that opened the modal.
    if (!modal) services.host.publish({ name: 'paywallNotifier.shown', payload: { ...meter } });
    else if (!opened.current) {
      opened.current = true;
      void services.host.open('paywall-notifier', modalAttributes(attributes));
    }
  }, [meter, modal, attributes, services]);

  if (modal) {
    return (
      <div className="paywall">
        <WidgetHeading show={false}>{attributes.title ?? t('paywallNotifier.title')}</WidgetHeading>
        <p className="visually-hidden">{t('paywallNotifier.modalOpened')}</p>
      </div>
    );
  }
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
