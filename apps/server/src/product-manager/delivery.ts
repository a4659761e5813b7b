/**
 * `GET /spi/product/{productId}/startDeliveryDate` (purchase spec §7): the earliest day a delivered
 * product's first delivery can be, the rule the transaction checks again. Printing and routing take
 * DELIVERY_LEAD_DAYS working days after the order; weekends are not working days. A product that
 * is not delivered may start today.
 */
import type { StoredProduct } from '../widget/catalogue';
import { isoDay } from '../widget/dates';

/** Working days (Monday to Friday) between the order and the first delivery. */
export const DELIVERY_LEAD_DAYS = 2;
const DAY_MS = 86_400_000;

function isWorkingDay(epochMs: number): boolean {
  const weekday = new Date(epochMs).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** `YYYY-MM-DD` (UTC): today for products without delivery, else the DELIVERY_LEAD_DAYS-th working day after today. */
export function minStartDeliveryDate(product: Pick<StoredProduct, 'requiresDeliveryAddress'>, now: number): string {
  if (!product.requiresDeliveryAddress) return isoDay(now);
  let day = Date.parse(`${isoDay(now)}T00:00:00Z`);
  for (let left = DELIVERY_LEAD_DAYS; left > 0;) {
    day += DAY_MS;
    if (isWorkingDay(day)) left -= 1;
  }
  return isoDay(day);
}
