/**
 * The date selector's value (identity spec §5, §9): three parts — day 1-31, month 1-12, year from
 * 100 years ago to this year — kept as `YYYY-MM-DD` with empty parts left empty (`--`), so a
 * half-filled date survives re-renders and is told apart from an empty one.
 */
export const DATE_SELECTOR_YEARS_BACK = 100;

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };

export function splitDate(value: string): DateParts {
  const match = /^(\d{0,4})-(\d{0,2})-(\d{0,2})/.exec(value);
  if (!match) return EMPTY_DATE;
  const strip = (part: string | undefined) => (part ? String(Number(part)) : '');
  return { year: match[1] ?? '', month: strip(match[2]), day: strip(match[3]) };
}

/** '' when nothing is chosen, else `YYYY-MM-DD` with missing parts empty. */
export function joinDate(parts: DateParts): string {
  if (!parts.day && !parts.month && !parts.year) return '';
  const pad = (part: string) => (part ? part.padStart(2, '0') : '');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

export function isCompleteDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** A complete value that names a real day (no 31 February). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function dayRange(): number[] {
  return Array.from({ length: 31 }, (_, index) => index + 1);
}

export function monthRange(): number[] {
  return Array.from({ length: 12 }, (_, index) => index + 1);
}

/** This year first, back to 100 years ago. */
export function yearRange(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: DATE_SELECTOR_YEARS_BACK + 1 }, (_, index) => current - index);
}
