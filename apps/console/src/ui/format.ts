/** Amounts from integer minor units by currency (Intl), dates with dayjs. */
import dayjs from 'dayjs';

interface CurrencyFormat {
  format: Intl.NumberFormat;
  /** Intl knows the currency (a symbol or code is in the text). */
  known: boolean;
}
const formats = new Map<string, CurrencyFormat>();
function currencyFormat(currency: string): CurrencyFormat {
  let entry = formats.get(currency);
  if (!entry) {
    try {
      entry = { format: new Intl.NumberFormat('en', { style: 'currency', currency }), known: true };
    } catch {
      // A code Intl does not know: shown as a number with the code beside it.
      entry = {
        format: new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        known: false,
      };
    }
    formats.set(currency, entry);
  }
  return entry;
}

/** How many minor units a currency's major unit has, as a power of ten (EUR 2, JPY 0, BHD 3). */
export function fractionDigits(currency: string): number {
  return currencyFormat(currency).format.resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(minor: number, currency: string): string {
  const { format, known } = currencyFormat(currency);
  const text = format.format(minor / 10 ** fractionDigits(currency));
  return known ? text : `${text} ${currency}`;
}

/**
 * An amount typed in major units ("12.5", "12,50", "1 200") as integer minor units, or null when
 * it is not an amount with at most the currency's decimals. Worked on the digits, not a float
 * multiplication (0.29 × 100 is 28.999…).
 */
export function toMinor(major: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const text = major
    .trim()
    .replace(/[\s\u00a0']/g, '')
    .replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the major-unit text a person would type ("12.50"). */
export function toMajorText(minor: number, currency: string): string {
  return (minor / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency));
}

export const formatDateTime = (ms: number | null | undefined) =>
  ms == null ? '—' : dayjs(ms).format('D MMM YYYY, HH:mm');
export const formatDay = (date: string | null | undefined) => (date ? dayjs(date).format('D MMM YYYY') : '—');
/** A date input's value (YYYY-MM-DD) as epoch ms at the start (or the end) of that local day. */
export function dayToMs(day: string, end = false): number | undefined {
  if (!day) return undefined;
  const parsed = dayjs(day);
  if (!parsed.isValid()) return undefined;
  return (end ? parsed.endOf('day') : parsed.startOf('day')).valueOf();
}
