import { registerTranslations } from '../../i18n';

/**
 * Product selection's English texts. Its Spanish and Portuguese texts are in the purchase texts
 * of the core tables (_purchase/texts-es.ts, texts-pt-BR.ts): the route's budget (100 KB) has no
 * room for languages the visitor does not read.
 */
export const PRODUCT_SELECTION_EN = {
  'productSelection.title': 'Choose your plan',
  'productSelection.products': 'Products',
  'productSelection.recommended': 'Recommended',
  'productSelection.featured': 'Featured',
  'productSelection.features': 'Included',
  'productSelection.plans': 'Plans of {0}',
  'productSelection.select': 'Select',
  'productSelection.planOf': '{0} ({1})',
  'productSelection.subscribed': 'Already subscribed',
  'productSelection.submit': 'Continue',
  'productSelection.none': 'There are no products to show.',
};

registerTranslations('en', PRODUCT_SELECTION_EN);
