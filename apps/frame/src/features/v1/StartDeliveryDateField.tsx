import { isDeliveryDay } from '@foyer/api/widget';
import { formatDate } from '../../app/i18n/dates';
import { t } from '../../app/i18n';

/**
 * The start delivery date of one delivered basket line (purchase spec §3 productMetaData
 * `startDeliveryDate`): a date input not before the product's `minDate`. Left empty, the
 * checkout takes the earliest day; an earlier day or a weekend is refused here (role=alert) and by
 * the checkout's validation and the server.
 */
export function StartDeliveryDateField({
  productId,
  productName,
  minDate,
  value,
  onChange,
}: {
  productId: string;
  productName: string;
  /** `YYYY-MM-DD`. */
  minDate: string;
  value: string | undefined;
  onChange: (date: string | null) => void;
}) {
  const id = `v1-start-delivery-${productId}`;
  // ISO days compare as strings; a half-typed date gives the input an empty value.
  const tooEarly = !!value && value < minDate;
  // Deliveries start Monday to Friday (the server refuses others: not_a_delivery_day).
  const weekend = !!value && !tooEarly && !isDeliveryDay(value);
  const problem = tooEarly ? 'tooEarly' : weekend ? 'weekend' : null;
  const earliest = formatDate(minDate, 'dd/MM/yyyy');
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('v1.startDelivery.label', [productName])}
      </label>
      <input
        id={id}
        type="date"
        className="field-input"
        autoComplete="off"
        min={minDate}
        value={value ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value || null)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t('v1.startDelivery.hint', [earliest])}
      </p>
      {problem && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem === 'tooEarly' ? t('v1.startDelivery.tooEarly', [earliest]) : t('not_a_delivery_day')}
        </p>
      )}
    </div>
  );
}
