/**
 * The checkout marker (basket.checkout {step, since}) every purchase frame reads to show that a
 * checkout runs somewhere on the page, and the captions of its steps. Small on purpose: it is on
 * the runners' first render, the runner itself (runCheckout) loads when a checkout starts.
 */
import type { CheckoutStep } from '@foyer/api/widget';

/** The caption of a step (purchase spec §2 checkout button): profile, order, payment. */
export function stepCaptionKey(step: CheckoutStep): string {
  return step === 'profile'
    ? 'checkout.step.profile'
    : step === 'payment'
      ? 'checkout.step.payment'
      : 'checkout.step.order';
}

/**
 * A checkout marker (basket.checkout) older than this is from a frame that went away without
 * clearing it (closed tab, crash); the running frame refreshes `since` more often than this.
 */
export const CHECKOUT_STALE_MS = 2 * 60_000;
export const CHECKOUT_HEARTBEAT_MS = 30_000;

/** True while some frame of the page runs a checkout (the marker is set and fresh). */
export function checkoutActive(checkout: { since: number } | undefined, now: number): boolean {
  return !!checkout && now - checkout.since < CHECKOUT_STALE_MS && checkout.since <= now + CHECKOUT_STALE_MS;
}
