/**
 * The spec's date formats (purchase spec "Date formats"; identity spec §9), in the visitor's
 * language: dd-MMM-yyyy for purchases ('-' when a date is missing), dd-MMMM-yyyy for the v1
 * subscription list, dd/MM/yyyy for the cancellation date (also parsed back). dayjs does the work;
 * its es and pt-br locales load with the es / pt-BR tables (es.ts, pt-BR.ts), so the English path
 * downloads neither.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { currentLocale, type Locale } from './index';

dayjs.extend(customParseFormat);

/** The spec's names of the formats → dayjs's tokens. */
export const DATE_FORMATS = {
  'dd-MMM-yyyy': 'DD-MMM-YYYY',
  'dd-MMMM-yyyy': 'DD-MMMM-YYYY',
  'dd/MM/yyyy': 'DD/MM/YYYY',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** What a missing or unreadable date shows as (purchase spec: '-'). */
export const NO_DATE = '-';

/** dayjs's name of each shipped locale (registered by importing dayjs/locale/<name>). */
const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', es: 'es', 'pt-BR': 'pt-br' };

/** A server date (ISO string, epoch ms or Date) in one of the spec's formats, in the current language. */
export function formatDate(value: string | number | Date | null | undefined, format: DateFormat): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = dayjs(value);
  if (!date.isValid()) return NO_DATE;
  return date.locale(DAYJS_LOCALES[currentLocale()]).format(DATE_FORMATS[format]);
}

/** A date typed in one of the spec's numeric formats, as the ISO day the server takes; null when not a real date. */
export function parseDate(text: string, format: Extract<DateFormat, 'dd/MM/yyyy'>): string | null {
  const date = dayjs(text.trim(), DATE_FORMATS[format], true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}
