import { describe, expect, it } from 'vitest';
import { decideNext, type CheckoutFacts, type CheckoutSettings } from './decide';
import { CHECKOUT_STALE_MS, checkoutActive, stepCaptionKey } from './marker';

const SETTINGS: CheckoutSettings = { skipProfile: false, skipValidation: false, skipSummary: false, login: true };

type Overrides = Partial<Omit<CheckoutFacts, 'settings'>> & { settings?: Partial<CheckoutSettings> };

const facts = (overrides: Overrides = {}): CheckoutFacts => ({
  runner: 'checkout-button',
  loggedIn: true,
  productCount: 1,
  progress: {},
  ...overrides,
  settings: { ...SETTINGS, ...overrides.settings },
});

describe('decideNext: the checkout of purchase spec §4', () => {
  it('refuses an empty basket: no_products_selected, NO_PRODUCT_SELECTED from product selection', () => {
    expect(decideNext(facts({ productCount: 0 }))).toEqual({ type: 'error', code: 'no_products_selected' });
    expect(decideNext(facts({ productCount: 0, runner: 'product-summary' }))).toEqual({
      type: 'error',
      code: 'no_products_selected',
    });
    expect(decideNext(facts({ productCount: 0, runner: 'product-selection' }))).toEqual({
      type: 'error',
      code: 'NO_PRODUCT_SELECTED',
    });
  });

  it('without a session opens the login (with register offered), or fails when the page says no login', () => {
    expect(decideNext(facts({ loggedIn: false }))).toEqual({ type: 'open', step: 'profile', widget: 'login' });
    expect(decideNext(facts({ loggedIn: false, settings: { login: false } }))).toEqual({
      type: 'error',
      code: 'not_logged_in',
    });
  });

  it('a visitor who chose to register goes to the profile step, then to the login if still not logged in', () => {
    const registering = facts({ loggedIn: false, progress: { registering: true } });
    expect(decideNext(registering)).toEqual({ type: 'open', step: 'profile', widget: 'product-profile' });
    // skipSessionCreation: the account exists but there is no session yet.
    expect(decideNext(facts({ loggedIn: false, progress: { registering: true, profile: 'saved' } }))).toEqual({
      type: 'open',
      step: 'profile',
      widget: 'login',
    });
    // Logged in by the profile step: the profile is done, on to the summary.
    expect(decideNext(facts({ progress: { registering: true, profile: 'saved' } }))).toEqual({
      type: 'open',
      step: 'summary',
      widget: 'product-summary',
    });
  });

  it('with a session and skipProfile off opens the product profile', () => {
    expect(decideNext(facts())).toEqual({ type: 'open', step: 'profile', widget: 'product-profile' });
  });

  it('skipProfile validates the profile; invalid opens the product profile', () => {
    const skip = { skipProfile: true };
    expect(decideNext(facts({ settings: skip }))).toEqual({ type: 'validate', step: 'profile' });
    expect(decideNext(facts({ settings: skip, progress: { profile: 'invalid' } }))).toEqual({
      type: 'open',
      step: 'profile',
      widget: 'product-profile',
    });
    expect(decideNext(facts({ settings: skip, progress: { profile: 'valid' } }))).toEqual({
      type: 'open',
      step: 'summary',
      widget: 'product-summary',
    });
  });

  it('a valid profile goes straight to the order with skipSummary', () => {
    expect(
      decideNext(facts({ settings: { skipProfile: true, skipSummary: true }, progress: { profile: 'valid' } })),
    ).toEqual({ type: 'createOrder', step: 'order' });
  });

  it('skipProfile with skipValidation goes on without any profile step', () => {
    expect(decideNext(facts({ settings: { skipProfile: true, skipValidation: true } }))).toEqual({
      type: 'open',
      step: 'summary',
      widget: 'product-summary',
    });
    expect(decideNext(facts({ settings: { skipProfile: true, skipValidation: true, skipSummary: true } }))).toEqual({
      type: 'createOrder',
      step: 'order',
    });
  });

  it('skipValidation alone still opens the profile (only skipProfile skips it)', () => {
    expect(decideNext(facts({ settings: { skipValidation: true } }))).toEqual({
      type: 'open',
      step: 'profile',
      widget: 'product-profile',
    });
  });

  it('the summary runner does not open a summary of its own', () => {
    expect(decideNext(facts({ runner: 'product-summary', progress: { profile: 'saved' } }))).toEqual({
      type: 'createOrder',
      step: 'order',
    });
    expect(decideNext(facts({ runner: 'product-selection', progress: { profile: 'saved' } }))).toEqual({
      type: 'open',
      step: 'summary',
      widget: 'product-summary',
    });
  });

  it('after the summary: the order, then the payment, then done', () => {
    const saved = { profile: 'saved' as const, summary: true };
    expect(decideNext(facts({ progress: saved }))).toEqual({ type: 'createOrder', step: 'order' });
    expect(decideNext(facts({ progress: { ...saved, orderId: 'o-1' } }))).toEqual({
      type: 'open',
      step: 'payment',
      widget: 'payment',
    });
    // The payment widget removed the basket: paid is done, not 'no products'.
    expect(decideNext(facts({ productCount: 0, progress: { ...saved, orderId: 'o-1', paid: true } }))).toEqual({
      type: 'done',
    });
    // Products removed after the order was created: the payment of that order still goes on.
    expect(decideNext(facts({ productCount: 0, progress: { ...saved, orderId: 'o-1' } }))).toMatchObject({
      widget: 'payment',
    });
  });

  it('a session lost mid-checkout sends the visitor to the login again', () => {
    expect(decideNext(facts({ loggedIn: false, progress: { profile: 'saved', summary: true } }))).toMatchObject({
      widget: 'login',
    });
  });
});

describe('the checkout marker (basket.checkout)', () => {
  it('counts while fresh, not when stale or absent', () => {
    const now = 1_000_000;
    expect(checkoutActive(undefined, now)).toBe(false);
    expect(checkoutActive({ since: now - 1000 }, now)).toBe(true);
    expect(checkoutActive({ since: now - CHECKOUT_STALE_MS }, now)).toBe(false);
    // A marker from a clock far in the future is not trusted forever.
    expect(checkoutActive({ since: now + 10 * CHECKOUT_STALE_MS }, now)).toBe(false);
  });

  it('names the three captions of the steps', () => {
    expect(stepCaptionKey('profile')).toBe('checkout.step.profile');
    expect(stepCaptionKey('summary')).toBe('checkout.step.order');
    expect(stepCaptionKey('order')).toBe('checkout.step.order');
    expect(stepCaptionKey('payment')).toBe('checkout.step.payment');
  });
});
