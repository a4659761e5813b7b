/**
 * Per-widget translations. Each widget keeps its own labels beside its code
 * (`widgets/<name>/messages.ts`) so they load with the widget's chunk, never with the login route:
 *
 *   export const messages = defineMessages({
 *     en: { 'registration.title': 'Create an account' },
 *     es: { 'registration.title': 'Crear una cuenta' },
 *     'pt-BR': { 'registration.title': 'Criar uma conta' },
 *   });
 *
 * Every locale must have every key of `en` (checked by a test over all widget message files).
 */
import { LOCALES, registerTranslations, type Locale, type TranslationTable } from './index';

export { LOCALES, type Locale };

export type Messages = Record<Locale, TranslationTable>;

export function defineMessages(messages: Messages): Messages {
  for (const locale of LOCALES) registerTranslations(locale, messages[locale]);
  return messages;
}
