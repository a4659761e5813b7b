/**
 * The date selector's value (identity spec §5, §9): three parts — day 1-31, month 1-12, year from
 * 100 years ago to this year. A complete value is the ISO day `YYYY-MM-DD` the server stores; a
 * half-filled one keeps its empty parts empty (`--07`), so it survives re-renders and is told
 * apart from an empty one. Whether a complete value names a real day is dayjs's strict parse.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { registerDateChecks } from './schema';

dayjs.extend(customParseFormat);

export const DATE_SELECTOR_YEARS_BACK = 100;
/** The server's date format (identity spec §3: DATE attributes). */
export const ISO_DAY = 'YYYY-MM-DD';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };

/** The parts of a (possibly half-filled) selector value; numbers without leading zeros. */
export function splitDate(value: string): DateParts {
  const [year = '', month = '', day = ''] = value.split('-');
  const number = (part: string) => (/^\d+$/.test(part) ? String(Number(part)) : '');
  return { year: /^\d{4}$/.test(year) ? year : '', month: number(month), day: number(day) };
}

/** '' when nothing is chosen, else `YYYY-MM-DD` with missing parts empty. */
export function joinDate(parts: DateParts): string {
  if (!parts.day && !parts.month && !parts.year) return '';
  const two = (part: string) => (part ? part.padStart(2, '0') : '');
  return [parts.year, two(parts.month), two(parts.day)].join('-');
}

/** Day, month and year are all chosen. */
export function isCompleteDate(value: string): boolean {
  const parts = splitDate(value);
  return !!(parts.day && parts.month && parts.year);
}

/** A complete value that names a real day (no 31 February): dayjs's strict parse refuses overflow. */
export function isRealDate(value: string): boolean {
  return dayjs(value, ISO_DAY, true).isValid();
}

export function dayRange(): number[] {
  return Array.from({ length: 31 }, (_, index) => index + 1);
}

export function monthRange(): number[] {
  return Array.from({ length: 12 }, (_, index) => index + 1);
}

/** This year first, back to 100 years ago. */
export function yearRange(now: Date = new Date()): number[] {
  const current = dayjs(now).year();
  return Array.from({ length: DATE_SELECTOR_YEARS_BACK + 1 }, (_, index) => current - index);
}

/**
 * A DATE_TIME value as the browser's datetime-local input gives it (`2024-05-01T10:00`, seconds
 * and a zone optional), naming a real moment: checked by dayjs's strict parse of its local part.
 */
const DATE_TIME_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;

export function isRealDateTime(value: string): boolean {
  const local = DATE_TIME_SHAPE.exec(value)?.[1];
  if (!local) return false;
  return dayjs(local, local.length > 16 ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm', true).isValid();
}

// The form schemas check dates with these (see registerDateChecks in schema.ts).
registerDateChecks({ isCompleteDate, isRealDate, isRealDateTime });
