/**
 * The profile step's "First delivery" section (deliveryStart.ts): a date input per delivered
 * product of the basket, from its earliest delivery day on. A day refused by the rules is said at
 * once (role=alert) and marks the input invalid, so the submit's focus lands on it.
 */
import { useField } from 'formik';
import type { BasketProduct } from '@foyer/api/widget';
import { t } from '../../../app/i18n';
import type { DeliveryDays } from '../../../app/store/deliveryDays';
import { deliveryStartKey, shownDay } from './deliveryStart';

function DeliveryStartField({ product, minDate }: { product: BasketProduct; minDate: string }) {
  const [input, meta, helpers] = useField<string | undefined>(deliveryStartKey(product.name));
  const id = `product-profile-delivery-start-${product.name}`;
  const error = meta.touched && meta.error ? meta.error : null;
  const earliest = shownDay(minDate);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('productProfile.deliveryStart.label', [product.displayName])}
      </label>
      <input
        id={id}
        name={input.name}
        type="date"
        className="field-input"
        autoComplete="off"
        min={minDate}
        value={input.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          // A date input's value is whole or empty: judged at once, not when the field is left.
          void helpers.setTouched(true, false);
          void helpers.setValue(event.target.value);
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t('productProfile.deliveryStart.hint', [earliest])}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function DeliveryStartFields({ products, days }: { products: BasketProduct[]; days: DeliveryDays }) {
  const known = products.filter((product) => days[product.name]);
  if (!known.length) return null;
  return (
    <section className="profile-section" aria-labelledby="product-profile-delivery-start-title">
      <h2 id="product-profile-delivery-start-title">{t('productProfile.deliveryStart.title')}</h2>
      {known.map((product) => (
        <DeliveryStartField key={product.name} product={product} minDate={days[product.name]!.minDate} />
      ))}
    </section>
  );
}
