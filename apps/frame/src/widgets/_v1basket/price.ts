import { hasTranslation, t } from '../../i18n';

/** A version 1 price in the document's language with the widget's decimals (purchase spec §9). */
export function v1Price(amount: number | string, currency: string, decimals: number): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(document.documentElement.lang || 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
  } catch {
    return `${value.toFixed(decimals)} ${currency}`;
  }
}

/** A plan frequency by the shared translations (MONTH1 → 'Monthly'), else as the service gave it. */
export function v1Frequency(frequency: string): string {
  const key = `purchase.frequency.${frequency}`;
  return hasTranslation(key) ? t(key) : frequency;
}
