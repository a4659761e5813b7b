import { registerTranslations } from '../../i18n';

/**
 * Texts of the checkout every runner shows (purchase spec §2 checkout button, §4). English here;
 * Spanish and Portuguese in the purchase texts of the core tables (see product-selection/messages.ts).
 */
export const CHECKOUT_EN = {
  'checkout.caption': 'Checkout',
  'checkout.step.profile': 'Processing profile...',
  'checkout.step.order': 'Processing order...',
  'checkout.step.payment': 'Processing payment...',
  'checkout.paid': 'Payment Successful',
};

registerTranslations('en', CHECKOUT_EN);
