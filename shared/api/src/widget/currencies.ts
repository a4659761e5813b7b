/**
 * Money in integer minor units (ISO 4217): 1299 EUR means 12.99 €, 1200 JPY means ¥1200, 12345
 * KWD means 12.345 KD. Totals are sums of integers and are never computed in floating point;
 * `Intl.NumberFormat` is used for display only (formatMoney).
 */
import { CURRENCY_ROWS } from './currency-table';

export interface Currency {
  code: string;
  /** The symbol for English readers (`CA$`), distinct across currencies where it matters. */
  symbol: string;
  symbolNative: string;
  /** ISO 4217 minor-unit digits. */
  decimalDigits: 0 | 2 | 3;
  /** Cash rounding step in major units (0.05 for CHF), 0 when amounts are not rounded further. */
  rounding: number;
  /** The same step in minor units (5 for CHF, otherwise 1). */
  roundingMinor: number;
}

/** Only the Swiss franc is rounded to a step (purchase spec §9). */
const ROUNDING_MINOR: Record<string, number> = { CHF: 5 };

export const CURRENCIES: Readonly<Record<string, Currency>> = Object.freeze(
  Object.fromEntries(
    CURRENCY_ROWS.map(([code, symbol, symbolNative, decimalDigits]) => {
      const roundingMinor = ROUNDING_MINOR[code] ?? 1;
      const rounding = roundingMinor === 1 ? 0 : roundingMinor / 10 ** decimalDigits;
      return [code, { code, symbol, symbolNative, decimalDigits, rounding, roundingMinor }];
    }),
  ),
);

export const CURRENCY_CODES: readonly string[] = Object.keys(CURRENCIES);

export function isCurrencyCode(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(CURRENCIES, code);
}

export function getCurrency(code: string): Currency {
  const currency = isCurrencyCode(code) ? CURRENCIES[code] : undefined;
  if (!currency) throw new RangeError(`Unknown currency ${code}`);
  return currency;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string in major units ("12.99") to minor units (1299), exactly. More fraction digits
 * than the currency has are refused rather than rounded: a catalogue price must be representable.
 */
export function toMinorUnits(amount: string, code: string): number {
  const { decimalDigits } = getCurrency(code);
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimalDigits && /[^0]/.test(fraction.slice(decimalDigits))) {
    throw new RangeError(`${amount} has more than ${decimalDigits} decimals for ${code}`);
  }
  const digits = whole + fraction.slice(0, decimalDigits).padEnd(decimalDigits, '0');
  const minor = Number(digits) * (sign ? -1 : 1);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${amount}`);
  return minor === 0 ? 0 : minor;
}

/** Minor units to the ISO decimal string: 1299 EUR -> "12.99", 1200 JPY -> "1200", 5 KWD -> "0.005". */
export function fromMinorUnits(minor: number, code: string): string {
  assertMinor(minor);
  const { decimalDigits } = getCurrency(code);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimalDigits + 1, '0');
  if (decimalDigits === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimalDigits)}.${digits.slice(-decimalDigits)}`;
}

/** Rounds to the currency's step (CHF: 5 minor units), halves away from zero. */
export function roundMinor(minor: number, code: string): number {
  assertMinor(minor);
  const step = getCurrency(code).roundingMinor;
  if (step === 1) return minor;
  const magnitude = Math.abs(minor);
  const rounded = Math.floor((magnitude + Math.floor(step / 2)) / step) * step;
  return minor < 0 ? -rounded : rounded;
}

/** The exact integer sum; throws instead of losing precision. */
export function sumMinor(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertMinor(amount);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('Total out of range');
  }
  return total;
}

/** An order total: the exact sum of the lines, then the currency's rounding step. */
export function orderTotal(amounts: readonly number[], code: string): number {
  return roundMinor(sumMinor(amounts), code);
}

/** Display only: a localised string such as "CHF 12.35" or "¥1,200". */
export function formatMoney(minor: number, code: string, locale = 'en'): string {
  const { decimalDigits } = getCurrency(code);
  // The decimal string, not minor / 10^n, so no binary fraction reaches the formatter's rounding.
  const value = fromMinorUnits(minor, code) as Intl.StringNumericLiteral;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: decimalDigits,
    maximumFractionDigits: decimalDigits,
  }).format(value);
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
}
