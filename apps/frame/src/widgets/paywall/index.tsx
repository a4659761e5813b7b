import { paywallTemplateFor } from '@foyer/api/paywall';
import type { PaywallAttributes } from '@foyer/protocol/paywall-attributes';
import { useEffect, useRef } from 'react';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { useServices } from '../../app/store/useServices';
import { useBasket } from '../../app/store/useBasket';
import { CheckoutFeedback } from '../../features/checkout/CheckoutFeedback';
import { useCheckout } from '../../features/checkout/useCheckout';
import type { WidgetProps } from '../../app/widgetProps';
import { Notifier } from '../../features/paywall/Notifier';
import { SafeHtml } from '../../features/paywall/SafeHtml';
import { usePageView } from '../../features/paywall/usePageView';
import '../../features/paywall/messages';
// The checkout it runs can fail with any purchase error: their texts, not 'technical difficulties'.
import '../../app/i18n/purchaseMessages';
import '../../features/paywall/paywall.css';

/** What the paywall passes to its copy in the modal (data-* values). */
function modalAttributes(attributes: PaywallAttributes): Record<string, string> {
  const passed: Record<string, string> = { redirectPath: attributes.redirectPath, modal: 'true' };
  if (attributes.section) passed.section = attributes.section;
  if (attributes.tags.length) passed.tags = attributes.tags.join(',');
  if (attributes.groupName) passed.groupName = attributes.groupName;
  return passed;
}

const DISMISSED = new Set(['modal.dismissed']);
const CHOSEN = new Set(['productSelection.success']);

/**
 * Paywall (identity spec §2, §4): authorizes the page view and, unless access is allowed, shows
 * the template the decision calls for — both, login or entitlement — with the login, registration
 * and the product selection it offers, opened in the loader's modal. In place, or in the modal
 * (size lg) when the attribute or the template asks: the paywall in place then opens its copy
 * there once, and sends the visitor to `redirectPath` when they close it without getting access.
 */
export default function PaywallWidget({ attributes }: WidgetProps<PaywallAttributes>) {
  const services = useServices();
  const inModal = useAppSelector((state) => state.frame.inModal);
  const view = usePageView(attributes, !inModal);
  const data = view.status === 'succeeded' ? view.data : null;
  const decision = data?.decision ?? null;
  const denied = decision !== null && decision.result !== 'ALLOW_ACCESS';
  const template = denied ? paywallTemplateFor(decision) : null;
  const modal = !inModal && denied && (attributes.modal ?? data?.template?.modal ?? false);
  const [basket] = useBasket();
  const checkout = useCheckout('paywall', basket);
  // Shown once per page: the modal opens once for each template it has to show.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    // A checkout of the plan chosen here runs in the modal: a new template (a login in its first
    // step moved the reader's anonymous views into the account's meter, now used up) waits for it
    // instead of replacing its step; after the payment the paywall asks again.
    if (!template || shown.current === template || checkout.busy) return;
    shown.current = template;
    // The page hears of it once: from the frame that shows the offer (in place, or the copy in
    // the modal), not also from the paywall in place that only opened the modal.
    if (modal) void services.host.open('paywall', modalAttributes(attributes));
    else services.host.publish({ name: 'paywall.shown', payload: { template, modal: inModal } });
  }, [template, modal, inModal, attributes, services, checkout.busy]);

  // The visitor closed the modal paywall (or what it opened) without getting access.
  useFrameEvents(DISMISSED, () => {
    if (modal && shown.current) void services.host.navigate(attributes.redirectPath);
  });

  // The plan chosen in the product selection it offered: the paywall in place checks out (its
  // copy in the modal is replaced by the checkout's steps). After the payment it asks again.
  useFrameEvents(CHOSEN, () => {
    if (!inModal) void checkout.start();
  });

  const offer = (widget: string, passed: Record<string, string> = {}) => void services.host.open(widget, passed);
  const title = attributes.title ?? t('paywall.title');

  if (modal) {
    return (
      <div className="paywall">
        <WidgetHeading show={false}>{title}</WidgetHeading>
        <p className="visually-hidden">{t('paywall.modalOpened')}</p>
        <CheckoutFeedback checkout={checkout} showErrorMsgs={attributes.showErrorMsgs} />
      </div>
    );
  }
  return (
    <div className="paywall">
      <WidgetHeading show={denied && attributes.showHeader}>{title}</WidgetHeading>
      {(view.status === 'loading' || (view.status === 'idle' && !view.standalone)) && <Loading />}
      {view.standalone && <p>{t('paywall.standalone')}</p>}
      {view.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={view.error} />}
      {decision?.result === 'ALLOW_ACCESS' && decision.activeMeter && attributes.showNotifier && (
        <Notifier meter={decision.activeMeter} template={data?.template ?? null} />
      )}
      {denied && (
        <section className="paywall-offer">
          {data?.template ? (
            <SafeHtml className="paywall-template" html={data.template.content} />
          ) : (
            <p>{t('paywall.noTemplate')}</p>
          )}
          <div className="actions">
            {template !== 'entitlement' && (
              <>
                <button type="button" className="button" onClick={() => offer('login')}>
                  {t('paywall.login')}
                </button>
                <button type="button" className="button" onClick={() => offer('registration', { autoLogin: 'true' })}>
                  {t('paywall.register')}
                </button>
              </>
            )}
            {template !== 'login' && attributes.groupName && (
              <button
                type="button"
                className="button"
                onClick={() => offer('product-selection', { groupName: attributes.groupName!, handOver: 'true' })}
              >
                {t('paywall.plans')}
              </button>
            )}
          </div>
        </section>
      )}
      {/* Outside the offer: a checkout goes on when the registration on its way allowed access
          (a new account's own free views), and its failure or success must still be told. */}
      <CheckoutFeedback checkout={checkout} showErrorMsgs={attributes.showErrorMsgs} />
    </div>
  );
}
