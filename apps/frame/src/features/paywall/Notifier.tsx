import type { Meter, PaywallTemplate } from '@foyer/api/paywall';
import { t } from '../../app/i18n';
import { SafeHtml } from './SafeHtml';
import './messages';

/** The meter's count and total (identity spec §2 "Paywall notifier"), in the site owner's words when given. */
export function Notifier({ meter, template }: { meter: Meter; template: PaywallTemplate | null }) {
  return (
    <section className="paywall-notifier" aria-label={t('paywallNotifier.title')}>
      {template ? (
        <SafeHtml html={template.content} />
      ) : (
        <p>{t('paywallNotifier.meter', [String(meter.count), String(meter.max)])}</p>
      )}
    </section>
  );
}
