import type { PaymentTypeSelectorAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useRequest } from '../../app/store/useRequest';
import '../../features/payments/messages';
import { paymentTypeLabel } from '../../features/payments/paymentTypeLabel';
import '../../app/i18n/purchaseMessages';
import { useBasket } from '../../app/store/useBasket';
import { useServices } from '../../app/store/useServices';
import { paymentTypesRequest } from '../../app/store/paymentTypes';

/**
 * Payment-type selector (purchase spec §2): the allowed types, named in the page's language. Disabled with a
 * 'no option' text when none is allowed, otherwise a default prompt. The choice is the basket's
 * paymentType, which the checkout's order uses.
 */
export default function PaymentTypeSelector({ attributes }: WidgetProps<PaymentTypeSelectorAttributes>) {
  const services = useServices();
  const [basket, update] = useBasket();
  const state = useRequest(paymentTypesRequest, undefined);

  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('payment.types.label')}</WidgetHeading>
  );
  if (state.status === 'failed') {
    return (
      <>
        {heading}
        {attributes.showErrorMsgs && <ErrorMessageBox error={state.error} />}
      </>
    );
  }
  if (state.status !== 'succeeded') return <Loading />;
  const types = state.data;
  const none = types.length === 0;
  // A stored choice that is no longer allowed shows as the prompt.
  const selected = types.some((type) => type.name === basket.paymentType) ? basket.paymentType! : '';
  return (
    <div className="field payment-types">
      {heading}
      <label htmlFor="payment-type" className="field-label">
        {t('payment.types.label')}
      </label>
      <select
        id="payment-type"
        className="field-input"
        disabled={none}
        aria-describedby={none ? 'payment-type-none' : undefined}
        value={selected}
        onChange={(event) => {
          const choice = types.find((type) => type.name === event.target.value);
          if (!choice) return;
          update((current) => ({ ...current, paymentType: choice.name }));
          services.host.publish({ name: 'paymentType.selected', payload: { paymentType: choice.name } });
        }}
      >
        <option value="" disabled>
          {none ? t('payment.types.none') : t('payment.types.prompt')}
        </option>
        {types.map((type) => (
          <option key={type.name} value={type.name}>
            {paymentTypeLabel(type)}
          </option>
        ))}
      </select>
      {none && (
        <p id="payment-type-none" className="field-hint">
          {t('payment.types.none')}
        </p>
      )}
    </div>
  );
}
