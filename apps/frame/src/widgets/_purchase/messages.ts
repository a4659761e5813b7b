/**
 * Texts every purchase widget needs: the purchase error catalogue (purchase spec §8, English from
 * shared/api PURCHASE_ERRORS) and the plan frequencies. English registers with the purchase
 * widgets' chunks (never on the identity routes); Spanish and Portuguese are part of the lazily
 * loaded core tables (texts-es.ts, texts-pt-BR.ts), so an English visitor downloads neither.
 */
import { PURCHASE_ERRORS, type PlanFrequency, type PurchaseErrorCode } from '@foyer/api/widget';
import { registerTranslations } from '../../i18n';

type FrequencyTexts = Record<`purchase.frequency.${PlanFrequency}`, string>;
export type PurchaseTexts = Record<PurchaseErrorCode, string> & FrequencyTexts;

export const PURCHASE_EN: PurchaseTexts = {
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
