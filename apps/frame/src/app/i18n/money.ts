/**
 * Prices as the visitor reads them (purchase spec §2: currency symbol and the price with 2
 * decimals in version 2). Amounts come from the server (integer minor units plus their ISO decimal
 * string); they are only formatted here, never computed with. No currency table is needed: the
 * server's `display` string already has the currency's own digits.
 */
import type { Money } from '@foyer/api/widget';

/** `€ 12.99`: the plan's currency symbol and the amount with 2 decimals (0- and 3-decimal currencies too). */
export function planPrice(money: Money, symbol: string): string {
  return `${symbol} ${Number(money.display).toFixed(2)}`;
}

/** A total in the document's language (`12,99 €`), with the currency's own digits (Intl knows ISO 4217). */
export function localMoney(money: Money): string {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || 'en', {
      style: 'currency',
      currency: money.currency,
    }).format(Number(money.display));
  } catch {
    return `${money.display} ${money.currency}`;
  }
}
