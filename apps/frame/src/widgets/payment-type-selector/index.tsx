import type { PaymentTypeSelectorAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading } from '../../components/Loading';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import type { WidgetProps } from '../widgetProps';
import { useRequest } from '../../store/useRequest';
import '../_payment/messages';
import { paymentTypeLabel } from '../_payment/paymentTypeLabel';
import '../_purchase/messages';
import { useBasket } from '../_purchase/useBasket';
import { useServices } from '../_purchase/useServices';
import { paymentTypesRequest } from '../_purchase/paymentTypes';

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
