/**
 * The frame's name in the visitor's language: its document title, its iframe's title and, in the
 * loader's modal, the dialog's accessible name ('Log in', 'Your details', 'Review your order',
 * 'Payment'). Most widgets are named by their heading's text (`<widget>.title`); the others here.
 */
import { hasTranslation, t } from '../i18n';

const PAYMENT = 'payment.name';

const TITLE_CODES: Readonly<Record<string, string>> = {
  'product-selection': 'productSelection.title',
  'product-profile': 'productProfile.title',
  'product-summary': 'productSummary.title',
  'checkout-button': 'checkout.caption',
  'payment-type-selector': 'payment.types.label',
  payment: PAYMENT,
  'stripe-payment': PAYMENT,
  'mercado-payment': PAYMENT,
  'manual-payment': PAYMENT,
  'direct-debit-request': PAYMENT,
  'direct-debit-complete': PAYMENT,
};

/** In the checkout's modal the order summary is the review step. */
const MODAL_TITLE_CODES: Readonly<Record<string, string>> = { 'product-summary': 'productSummary.reviewTitle' };

/** Call once the widget's chunk (and so its texts) has loaded. */
export function frameTitle(widget: string, inModal: boolean): string {
  const code = (inModal && MODAL_TITLE_CODES[widget]) || TITLE_CODES[widget] || `${widget}.title`;
  return hasTranslation(code) ? t(code) : t('frame.title');
}
