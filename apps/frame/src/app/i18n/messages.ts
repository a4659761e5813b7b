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
 *
 * Widgets import defineMessages from './index' itself (the entry's chunk): an import of this
 * module, which only re-exports, cost each widget route a request for an empty chunk.
 */
export { defineMessages, LOCALES, type Locale, type Messages } from './index';
