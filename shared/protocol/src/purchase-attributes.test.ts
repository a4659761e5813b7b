import { describe, expect, it } from 'vitest';
import {
  purchaseAttributeSchemas,
  checkoutButtonAttributesSchema,
  productProfileAttributesSchema,
  productSelectionAttributesSchema,
  productSummaryAttributesSchema,
} from './purchase-attributes';
import { pageSettingsSchema, parseEvent, registerEventSchemas } from './schemas';
import { purchaseEventPayloadSchemas } from './purchase-event-schemas';
import { CHECKOUT_STEPS, WIDGET_CAPABILITIES, WIDGET_NAMES, capabilitiesOf } from './widgets';

describe('purchase widget attributes (purchase spec §2)', () => {
  it('gives product selection the spec defaults: columns 3 and 6, no multi-select, no hidden products', () => {
    expect(productSelectionAttributesSchema.parse({})).toMatchObject({
      minColSize: 3,
      smColSize: 6,
      multiSelect: false,
      autoSelect: false,
      displayOnly: false,
      showHidden: false,
      showBoosted: true,
      paymentPlans: [],
    });
  });
  it('reads the paymentPlans comma list and refuses columns outside 1..12', () => {
    expect(productSelectionAttributesSchema.parse({ paymentPlans: 'monthly, yearly' }).paymentPlans).toEqual([
      'monthly',
      'yearly',
    ]);
    expect(productSelectionAttributesSchema.safeParse({ minColSize: '13' }).success).toBe(false);
    expect(productSelectionAttributesSchema.safeParse({ minColSize: '0' }).success).toBe(false);
  });
  it('defaults the profile, summary and checkout button as the spec says', () => {
    expect(productProfileAttributesSchema.parse({})).toMatchObject({
      useBillingOption: true,
      showDelivery: false,
      showBilling: false,
      skipLogin: false,
    });
    expect(productSummaryAttributesSchema.parse({})).toMatchObject({
      displayOnly: false,
      showRemoveBtn: true,
      mode: 'checkout',
    });
    expect(checkoutButtonAttributesSchema.parse({}).caption).toBeUndefined();
  });
  it('has a schema for every purchase widget name of the design', () => {
    const purchase = WIDGET_NAMES.slice(
      WIDGET_NAMES.indexOf('product-selection'),
      WIDGET_NAMES.indexOf('purchases-list'),
    );
    for (const name of purchase) expect(Object.keys(purchaseAttributeSchemas), name).toContain(name);
  });
});

describe('checkout contract', () => {
  it('lets only the checkout runners open steps, and only checkout steps', () => {
    const runners = WIDGET_NAMES.filter((name) => capabilitiesOf(name).checkout);
    expect(runners.sort()).toEqual([
      'checkout-button',
      'paywall',
      'product-selection',
      'product-summary',
      'v1/checkout-button',
      'v1/product-selection',
      'v1/product-summary',
      'v1/unique-product',
    ]);
    for (const runner of runners) {
      const { open = [], checkout = [] } = capabilitiesOf(runner);
      expect(checkout.every((step) => CHECKOUT_STEPS.includes(step) && open.includes(step))).toBe(true);
    }
    expect(capabilitiesOf('checkout-button').checkout).toBe(CHECKOUT_STEPS);
    // The paywall's login is its own offer, not a checkout step; the later steps are the checkout's.
    expect(capabilitiesOf('paywall').checkout).toEqual([
      'product-profile',
      'product-summary',
      'payment',
      'direct-debit-request',
    ]);
    expect(CHECKOUT_STEPS).toContain('login');
    expect(CHECKOUT_STEPS).toContain('payment');
    expect(CHECKOUT_STEPS).not.toContain('profile');
  });
  it('grants the restricted host methods to the spec’s widgets only', () => {
    const granted = (method: 'navigate' | 'open' | 'meter' | 'postForm') =>
      WIDGET_NAMES.filter((name) => capabilitiesOf(name)[method]).sort();
    // The payment redirects, the paywall's redirect path, and social sign-in's full redirect (issue
    // 14; unlink-accounts for the confirmation an unlink may ask, issue 24).
    expect(granted('navigate')).toEqual([
      'capture',
      'direct-debit-request',
      'link-accounts',
      'login',
      'payment',
      'paywall',
      'registration',
      'social-buttons',
      'stripe-payment',
      'unlink-accounts',
    ]);
    // The paywall notifier opens only its own copy in the modal (the modal notifier, issue 32 item 14).
    expect(granted('open')).toEqual([
      'checkout-button',
      'paywall',
      'paywall-notifier',
      'product-selection',
      'product-summary',
      'v1/checkout-button',
      'v1/product-selection',
      'v1/product-summary',
      'v1/unique-product',
    ]);
    expect(granted('meter')).toEqual(['paywall', 'paywall-notifier']);
    expect(granted('postForm')).toEqual([
      'v1/checkout-button',
      'v1/product-selection',
      'v1/product-summary',
      'v1/unique-product',
    ]);
    // The paywall opens its offers, then the later steps of the checkout of the plan it handed over.
    expect(capabilitiesOf('paywall').open).toEqual([
      'paywall',
      'login',
      'registration',
      'product-selection',
      'product-profile',
      'product-summary',
      'payment',
      'direct-debit-request',
    ]);
    expect(capabilitiesOf('login')).toEqual({ navigate: true });
    expect(Object.keys(WIDGET_CAPABILITIES).every((name) => (WIDGET_NAMES as readonly string[]).includes(name))).toBe(
      true,
    );
  });
  it('reads the product-manager configuration with the checkout skips off by default', () => {
    const settings = pageSettingsSchema.parse({});
    expect(settings).toMatchObject({
      skipProfile: false,
      skipValidation: false,
      skipSummary: false,
      skipSessionCreation: false,
      login: true,
    });
    expect(pageSettingsSchema.parse({ stripeKey: { key: 'pk_test_1' } }).stripeKey).toEqual({ key: 'pk_test_1' });
    expect(pageSettingsSchema.safeParse({ stripeKey: 'pk_test_1' }).success).toBe(false);
  });
  it('knows the purchase events only once their schemas are registered', () => {
    expect(parseEvent({ name: 'basket.updated', payload: { productCount: 2 } })).toBeNull();
    registerEventSchemas(purchaseEventPayloadSchemas);
  });
  it('validates the purchase events and refuses extra payload fields', () => {
    expect(parseEvent({ name: 'basket.updated', payload: { productCount: 2 } })).toEqual({
      name: 'basket.updated',
      payload: { productCount: 2 },
    });
    expect(parseEvent({ name: 'payment.success', payload: { orderId: 'o-1' } })).not.toBeNull();
    // Card data never rides on an event.
    expect(parseEvent({ name: 'payment.success', payload: { orderId: 'o-1', card: '4242' } })).toBeNull();
    expect(parseEvent({ name: 'modal.dismissed', payload: { widget: 'login' } })).not.toBeNull();
    expect(parseEvent({ name: 'checkout.failed', payload: { code: 'not_logged_in', statusCode: 400 } })).not.toBeNull();
  });
});
