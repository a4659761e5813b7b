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
