import type { Basket, Money } from '@foyer/api/widget';
import { localMoney, planPrice } from '../../app/i18n/money';

/**
 * The summary's total: the order's total as the server priced it once the order exists, else the
 * sum of the shown prices when they are all in one currency (display only: the server prices the
 * order again). Integer minor units, so no float drift. Null: no total to show (mixed currencies).
 */
export function basketTotal(basket: Basket): string | null {
  const symbolOf = (code: string) =>
    basket.products.find((line) => line.paymentPlan.currency.code === code)?.paymentPlan.currency.symbol;
  if (basket.total) {
    const symbol = symbolOf(basket.total.currency);
    return symbol ? planPrice(basket.total, symbol) : localMoney(basket.total);
  }
  const first = basket.products[0]?.paymentPlan;
  if (!first) return null;
  const code = first.price.currency;
  if (basket.products.some((line) => line.paymentPlan.price.currency !== code)) return null;
  const digits = first.currency.decimalDigits;
  const amount = basket.products.reduce((sum, line) => sum + line.paymentPlan.price.amount, 0);
  const money: Money = { amount, currency: code, display: (amount / 10 ** digits).toFixed(digits) };
  return planPrice(money, first.currency.symbol);
}
