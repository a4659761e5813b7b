/**
 * Texts every purchase widget needs: the purchase error catalogue (purchase spec §8, English from
 * shared/api PURCHASE_ERRORS) and the plan frequencies. English registers with the purchase
 * widgets' chunks (never on the identity routes); Spanish and Portuguese are part of the lazily
 * loaded core tables (texts-es.ts, texts-pt-BR.ts), so an English visitor downloads neither.
 */
import { PURCHASE_ERRORS, type PlanFrequency, type PurchaseErrorCode } from '@foyer/api/widget';
import { registerTranslations } from '../../i18n';
import type { CHECKOUT_EN } from '../_checkout/messages';
import type { PRODUCT_SELECTION_EN } from '../product-selection/messages';

type FrequencyTexts = Record<`purchase.frequency.${PlanFrequency}`, string>;
/** Every purchase text the core es/pt tables carry: the purchase-wide ones, selection's and the checkout's. */
export type PurchaseTexts = Record<PurchaseErrorCode, string> &
  FrequencyTexts &
  Record<keyof typeof PRODUCT_SELECTION_EN | keyof typeof CHECKOUT_EN, string>;

export const PURCHASE_EN: Omit<PurchaseTexts, keyof typeof PRODUCT_SELECTION_EN | keyof typeof CHECKOUT_EN> = {
  ...(Object.fromEntries(Object.entries(PURCHASE_ERRORS).map(([code, entry]) => [code, entry.text])) as Record<
    PurchaseErrorCode,
    string
  >),
  'purchase.frequency.NONE': 'One-off',
  'purchase.frequency.DAY1': 'Daily',
  'purchase.frequency.WEEK1': 'Weekly',
  'purchase.frequency.MONTH1': 'Monthly',
  'purchase.frequency.MONTH3': 'Quarterly',
  'purchase.frequency.MONTH6': 'Every 6 months',
  'purchase.frequency.MONTH12': 'Yearly',
  'purchase.frequency.MONTH18': 'Every 18 months',
};

registerTranslations('en', PURCHASE_EN);
