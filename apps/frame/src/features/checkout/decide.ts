/**
 * The checkout of purchase spec §4 as a pure decision: given what is known now (session, page
 * settings, basket, which widget runs it, what the run has done so far), the one next thing to
 * do. The effectful runner (runCheckout.ts) performs the action, records its outcome in the
 * progress and asks again, until `done` or `error`. Kept free of I/O so every branch is a unit test.
 */
import type { CheckoutStep } from '@foyer/api/widget';

export type CheckoutRunner = 'product-selection' | 'product-summary' | 'checkout-button' | 'paywall';

export interface CheckoutSettings {
  skipProfile: boolean;
  skipValidation: boolean;
  skipSummary: boolean;
  /** A checkout without a session opens the login widget (false: it only fails with not_logged_in). */
  login: boolean;
}

/** What this run has achieved so far (starts empty). */
export interface CheckoutProgress {
  /** The visitor chose 'Create an account' in the login step: the profile step creates it. */
  registering?: boolean;
  /** `saved`: productProfile.success; `valid`/`invalid`: the validate call's answer (skipProfile). */
  profile?: 'saved' | 'valid' | 'invalid';
  /** The visitor confirmed the order summary (productSummary.success). */
  summary?: boolean;
  /** The order this run created. */
  orderId?: string;
  /** payment.success arrived. */
  paid?: boolean;
}

export interface CheckoutFacts {
  runner: CheckoutRunner;
  loggedIn: boolean;
  settings: CheckoutSettings;
  productCount: number;
  progress: CheckoutProgress;
}

export type CheckoutAction =
  /** Open a step in the modal and wait for one of its outcomes. */
  | { type: 'open'; step: CheckoutStep; widget: 'login' | 'product-profile' | 'product-summary' | 'payment' }
  /** GET /widget/profile/validate for the basket's products. */
  | { type: 'validate'; step: CheckoutStep }
  /** POST /widget/order. */
  | { type: 'createOrder'; step: CheckoutStep }
  | { type: 'done' }
  | { type: 'error'; code: 'no_products_selected' | 'NO_PRODUCT_SELECTED' | 'not_logged_in' };

export function decideNext({ runner, loggedIn, settings, productCount, progress }: CheckoutFacts): CheckoutAction {
  // The payment widget removes the basket on success: an empty basket then is the happy end.
  if (progress.paid) return { type: 'done' };
  if (productCount === 0 && !progress.orderId) {
    return { type: 'error', code: runner === 'product-selection' ? 'NO_PRODUCT_SELECTED' : 'no_products_selected' };
  }
  if (!loggedIn) {
    // 'Create an account' in the login step: the profile step creates the account (and logs in).
    if (progress.registering && !progress.profile) return { type: 'open', step: 'profile', widget: 'product-profile' };
    // Without a session nothing else can happen: log in (again, after an account created with
    // skipSessionCreation), or fail when the page does not want the login widget opened.
    return settings.login
      ? { type: 'open', step: 'profile', widget: 'login' }
      : { type: 'error', code: 'not_logged_in' };
  }
  const profileDone = progress.profile === 'saved' || progress.profile === 'valid';
  if (!profileDone) {
    if (progress.profile === 'invalid' || !settings.skipProfile) {
      return { type: 'open', step: 'profile', widget: 'product-profile' };
    }
    if (!settings.skipValidation) return { type: 'validate', step: 'profile' };
    // skipProfile and skipValidation: straight on to the order.
  }
  // The summary confirms the order, unless the page skips it or the summary itself runs the checkout.
  if (!settings.skipSummary && runner !== 'product-summary' && !progress.summary) {
    return { type: 'open', step: 'summary', widget: 'product-summary' };
  }
  if (!progress.orderId) return { type: 'createOrder', step: 'order' };
  return { type: 'open', step: 'payment', widget: 'payment' };
}
