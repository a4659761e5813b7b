/**
 * Texts every purchase widget needs: the purchase error catalogue (purchase spec §8, English from
 * shared/api PURCHASE_ERRORS) and the plan frequencies. They register with the purchase widgets'
 * chunks, never on the identity routes; English here, Spanish and Portuguese in chunks of their
 * own that only a page in that language downloads (the three tables were 3.8 KB on every purchase
 * route, where a visitor reads one).
 */
import { PURCHASE_ERRORS, type PlanFrequency, type PurchaseErrorCode } from '@foyer/api/widget';
import { catalogueTexts } from '@foyer/api';
import { defineLazyMessages, type TranslationTable } from './index';

export type PurchaseTexts = Record<PurchaseErrorCode, string> &
  Record<`purchase.frequency.${PlanFrequency}`, string> &
  Record<'widgetError.INVALID_WIDGET_CONFIG' | 'widgetError.technical_difficulties', string>;

const ENGLISH_ERRORS: Record<PurchaseErrorCode, string> = catalogueTexts(PURCHASE_ERRORS);

/** The purchase spec's own words for codes it shares with the identity catalogue (§8). */
const en: PurchaseTexts = {
  ...ENGLISH_ERRORS,
  'widgetError.INVALID_WIDGET_CONFIG': 'Invalid widget config: {0}',
  'widgetError.technical_difficulties': 'Error',
  'purchase.frequency.NONE': 'One-off',
  'purchase.frequency.DAY1': 'Daily',
  'purchase.frequency.WEEK1': 'Weekly',
  'purchase.frequency.MONTH1': 'Monthly',
  'purchase.frequency.MONTH3': 'Quarterly',
  'purchase.frequency.MONTH6': 'Every 6 months',
  'purchase.frequency.MONTH12': 'Yearly',
  'purchase.frequency.MONTH18': 'Every 18 months',
};

/** The English texts (the other languages are checked against them by the completeness test). */
export const messages: { en: TranslationTable } = { en };

defineLazyMessages(en, {
  es: () => import('./purchaseMessages.es'),
  'pt-BR': () => import('./purchaseMessages.pt-BR'),
});
