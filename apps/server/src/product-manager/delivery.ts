/**
 * `GET /spi/product/{productId}/startDeliveryDate` (purchase spec §7): the earliest day a delivered
 * product's first delivery can be, the rule the transaction and version 2's orders check again.
 * Printing and routing take DELIVERY_LEAD_DAYS working days after the order (shared/api
 * widget/dates.ts); weekends are not working days. A product that is not delivered may start today.
 */
import { earliestDeliveryDay } from '@foyer/api';
import type { StoredProduct } from '../widget/catalogue';
import { isoDay } from '../widget/dates';

/** `YYYY-MM-DD` (UTC): today for products without delivery, else the DELIVERY_LEAD_DAYS-th working day after today. */
export function minStartDeliveryDate(product: Pick<StoredProduct, 'requiresDeliveryAddress'>, now: number): string {
  const today = isoDay(now);
  return product.requiresDeliveryAddress ? earliestDeliveryDay(today) : today;
}
