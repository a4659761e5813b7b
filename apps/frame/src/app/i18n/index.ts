/**
 * Translation by code: `t(code, args)` looks the code up in the current locale's table, then in
 * English, and fills `{0}`, `{1}` … from `args`. An unknown code is returned as it is, so a missing
 * label is visible rather than blank.
 *
 * English is built in. The other core tables (UI labels + error texts) are loaded on demand by
 * `loadLocale`: the login route's budget cannot carry every language for every visitor.
 */
import { formatMessage } from '@foyer/api';
import { EN } from './en';

export type TranslationTable = Readonly<Record<string, string>>;

/** The languages Foyer ships complete tables for. */
export const LOCALES = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

const tables = new Map<string, TranslationTable>([['en', EN]]);
/** The current tag; the table is looked up on every call, so tables registered later count. */
let currentTag = 'en';

/** Adds (or extends) a locale's table; other languages translate by code. */
export function registerTranslations(locale: string, table: TranslationTable): void {
  const key = locale.toLowerCase();
  tables.set(key, { ...tables.get(key), ...table });
}

/** A widget's texts in every shipped language (i18n/messages.ts says how widgets declare them). */
export type Messages = Record<Locale, TranslationTable>;

/**
 * Registers a widget's texts in every shipped language. Here rather than in messages.ts, which
 * re-exports it: the entry's chunk carries this module, so the widgets' message files import it
 * from there instead of from a chunk of its own (a request of ~430 bytes on every widget route).
 */
export function defineMessages(messages: Messages): Messages {
  for (const locale of LOCALES) registerTranslations(locale, messages[locale]);
  return messages;
}

/**
 * The shipped locale a BCP 47 tag asks for: `es-MX` → es, `pt`/`pt-PT` → pt-BR (the one
 * Portuguese table), anything else → en.
 */
export function resolveLocale(tag: string | undefined): Locale {
  const language = (tag ?? '').toLowerCase().split('-')[0];
  return language === 'es' ? 'es' : language === 'pt' ? 'pt-BR' : 'en';
}

/** Picks the table for a BCP 47 tag (`fr-CA` falls back to `fr`, then English). */
export function setLocale(locale: string | undefined): void {
  const tag = (locale ?? 'en').toLowerCase();
  currentTag = tables.has(tag) ? tag : (tag.split('-')[0] ?? 'en');
}

/** The languages other than English, whose tables are downloaded only by a visitor who needs them. */
type OtherLocale = Exclude<Locale, 'en'>;

/** A widget's texts in each language but English, each a chunk of its own (defineLazyMessages). */
export type LazyTables = Record<OtherLocale, () => Promise<{ default: TranslationTable }>>;

/** Every widget's lazy tables registered so far. */
const lazyTables: LazyTables[] = [];

/**
 * Registers a widget's English texts at once, and its other languages as chunks of their own that
 * only a page in that language downloads (defineMessages puts every language in the widget's
 * chunk): lazyTextsReady loads them.
 */
export function defineLazyMessages(en: TranslationTable, others: LazyTables): void {
  registerTranslations('en', en);
  lazyTables.push(others);
}

/**
 * Loads the lazy tables registered so far in the language being shown (loadLocale does, and the
 * frame again once the widget's chunk is in, before the widget renders: no English shows first). A table that
 * fails to load leaves that widget's texts in English (t() falls back by code), not the page's
 * whole language. A table already loaded is not downloaded again (the module is the browser's).
 */
export async function lazyTextsReady(): Promise<void> {
  const locale = currentLocale();
  if (locale === 'en') return;
  const loaded = await Promise.allSettled(lazyTables.map((tables) => tables[locale]()));
  for (const result of loaded) {
    if (result.status === 'fulfilled') registerTranslations(locale, result.value.default);
    else console.error(`Foyer: could not load some ${locale} texts; showing them in English`, result.reason);
  }
}

/** Core tables other than English: a chunk each, downloaded only by a visitor who needs it. */
const CORE_TABLES: Record<OtherLocale, () => Promise<{ default: TranslationTable; templateLabels: TranslationTable }>> =
  {
    es: () => import('./es'),
    'pt-BR': () => import('./pt-BR'),
  };

/**
 * Loads the core table of the locale a tag resolves to and makes it current. A table that fails to
 * load (offline, a deploy replaced the chunk) leaves English: text in the wrong language beats none.
 */
export async function loadLocale(tag: string | undefined): Promise<Locale> {
  const locale = resolveLocale(tag);
  if (locale !== 'en') {
    try {
      const { default: core, templateLabels } = await CORE_TABLES[locale]();
      registerTranslations(locale, core);
      registerTranslations(
        locale,
        Object.fromEntries(Object.entries(templateLabels).map(([name, label]) => [TEMPLATE_PREFIX + name, label])),
      );
    } catch (error) {
      console.error(`Foyer: could not load the ${locale} texts; showing English`, error);
      setLocale('en');
      return 'en';
    }
  }
  setLocale(locale);
  // With the lazy tables of the widgets already registered; a widget whose chunk comes later has
  // its own loaded by the frame before it renders (start.ts).
  await lazyTextsReady();
  return locale;
}

/** The shipped locale whose texts are current (what dates and numbers are formatted for). */
export function currentLocale(): Locale {
  return resolveLocale(currentTag);
}

function table(): TranslationTable {
  return tables.get(currentTag) ?? EN;
}

/** English with the widgets' registered English texts: the fallback of a text another language lacks. */
function english(): TranslationTable {
  return tables.get('en') ?? EN;
}

export function hasTranslation(code: string): boolean {
  return code in table() || code in english();
}

const TEMPLATE_PREFIX = 'template.';

/**
 * The label of a server template's attribute or profile group in the current language: the
 * table's translation by name (en.ts TemplateName), else the template's own (English) label.
 */
export function templateLabel(name: string, label: string): string {
  const code = TEMPLATE_PREFIX + name;
  return table()[code] ?? label;
}

export function t(code: string, args: readonly (string | number)[] = []): string {
  const template = table()[code] ?? english()[code] ?? code;
  return formatMessage(template, args.map(String));
}
