/**
 * The delivery start of the profile step (purchase spec §3 order items' `startDeliveryDate`, issue
 * 32 item 7): each delivered product of the basket gets a form value, empty for "the earliest
 * delivery day"; a chosen day is not before the product's earliest delivery day (the server's
 * `minDate`) and is a delivery day (Monday to Friday, shared/api isDeliveryDay). The save keeps
 * the choices on the basket's lines, where the checkout's order takes them from.
 */
import { isDeliveryDay, type Basket, type BasketProduct } from '@foyer/api/widget';
import { string, type StringSchema } from 'yup';
import { formatDate } from '../../../app/i18n/dates';
import { t } from '../../../app/i18n';
import type { DeliveryDays } from '../../../app/store/deliveryDays';
import type { Values } from '../../../ui/form/schema';

/** The form value of a product's delivery start. */
export const deliveryStartKey = (product: string) => `deliveryStart:${product}`;

/** The basket's products that are delivered. */
export function deliveredProducts(basket: Basket): BasketProduct[] {
  return basket.products.filter((product) => product.requiresDeliveryAddress);
}

/** The form's first values: what the basket's lines already carry, else empty. */
export function deliveryStartValues(basket: Basket): Values {
  return Object.fromEntries(
    deliveredProducts(basket).map((product) => [deliveryStartKey(product.name), product.startDeliveryDate ?? '']),
  );
}

/** The earliest day as the widget shows it (dd/MM/yyyy). */
export const shownDay = (day: string) => formatDate(day, 'dd/MM/yyyy');

/** One rule per delivered product whose days are known; an empty value is the earliest day. */
export function deliveryStartRules(
  basket: Basket,
  days: DeliveryDays | null,
): Record<string, StringSchema<string | undefined>> {
  const rules: Record<string, StringSchema<string | undefined>> = {};
  for (const product of deliveredProducts(basket)) {
    const minDate = days?.[product.name]?.minDate;
    if (!minDate) continue;
    rules[deliveryStartKey(product.name)] = string().test('delivery-start', (value, context) => {
      if (!value) return true;
      // ISO days compare as strings.
      if (value < minDate)
        return context.createError({ message: t('productProfile.deliveryStart.tooEarly', [shownDay(minDate)]) });
      return isDeliveryDay(value) || context.createError({ message: t('not_a_delivery_day') });
    });
  }
  return rules;
}

/** The basket with each delivered line's choice from the form (empty: none, the earliest day). */
export function withDeliveryStarts(basket: Basket, values: Values): Basket {
  return {
    ...basket,
    products: basket.products.map((product) => {
      if (!product.requiresDeliveryAddress) return product;
      const { startDeliveryDate: _previous, ...line } = product;
      const chosen = values[deliveryStartKey(product.name)];
      return chosen ? { ...line, startDeliveryDate: chosen } : line;
    }),
  };
}
