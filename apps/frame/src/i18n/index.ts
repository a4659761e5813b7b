/**
 * Translation by code: `t(code, args)` looks the code up in the current locale's table, then in
 * English, and fills `{0}`, `{1}` … from `args`. An unknown code is returned as it is, so a missing
 * label is visible rather than blank.
 */
import { formatMessage } from '@foyer/api';
import { EN } from './en';

export type TranslationTable = Readonly<Record<string, string>>;

const tables = new Map<string, TranslationTable>([['en', EN]]);
let current: TranslationTable = EN;

/** Adds (or extends) a locale's table; other languages translate by code. */
export function registerTranslations(locale: string, table: TranslationTable): void {
  const key = locale.toLowerCase();
  tables.set(key, { ...tables.get(key), ...table });
}

/** Picks the table for a BCP 47 tag (`fr-CA` falls back to `fr`, then English). */
export function setLocale(locale: string | undefined): void {
  const tag = (locale ?? 'en').toLowerCase();
  current = tables.get(tag) ?? tables.get(tag.split('-')[0] ?? '') ?? EN;
}

export function hasTranslation(code: string): boolean {
  return code in current || code in EN;
}

export function t(code: string, args: readonly (string | number)[] = []): string {
  const template = current[code] ?? EN[code] ?? code;
  return formatMessage(template, args.map(String));
}
