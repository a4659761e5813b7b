/**
 * Test data in the widget service's real shapes (GET /widget/productgroup/demo of the reference
 * server's demo catalogue, trimmed), checked against the shared schemas so a contract change
 * breaks the tests rather than leaving them green on a stale shape. Tests only.
 */
import { orderSchema, productGroupSchema, type Basket, type PaymentPlan, type Product } from '@foyer/api/widget';
import { sessionStarted } from '../../../app/store/sessionSlice';
import { SESSION_ID, type Harness } from '../../../test/harness';

const money = (amount: number, currency: string, digits = 2) => ({
  amount,
  currency,
  display: (amount / 10 ** digits).toFixed(digits),
});
const EUR = { code: 'EUR', symbol: '€', decimalDigits: 2 };

const plan = (overrides: Partial<PaymentPlan> & Pick<PaymentPlan, '_id' | 'displayName'>): PaymentPlan => {
  const finalPrice = overrides.finalPrice ?? money(999, 'EUR');
  // As the server derives them (widget/catalogue.ts): the first charge, and each period's price.
  return {
    name: overrides._id,
    description: '',
    currency: EUR,
    finalPrice,
    price: overrides.trialPrice ?? finalPrice,
    planPrice: finalPrice,
    frequency: { id: 'MONTH1' },
    boosted: false,
    recommended: false,
    hidden: false,
    subscribed: false,
    ...overrides,
  };
};

const product = (overrides: Partial<Product> & Pick<Product, 'name' | 'displayName'>): Product => ({
  _id: overrides.name,
  id: overrides.name,
  type: 'PLAIN',
  serviceName: 'demo',
  productId: overrides.name,
  features: [],
  boosted: false,
  recommended: false,
  hidden: false,
  requiresDeliveryAddress: false,
  requiresBillingAddress: false,
  paymentPlans: [],
  bundlePlans: [],
  ...overrides,
});

export const DIGITAL = product({
  name: 'demo-digital',
  displayName: 'Digital access',
  features: ['Every article on the site', 'Newsletter'],
  recommended: true,
  imageUrl: 'https://cdn.example/digital.png',
  paymentPlans: [
    plan({
      _id: 'digital-monthly-eur',
      displayName: 'Monthly',
      description: 'First month 1 €, then 9.99 € a month',
      trialPrice: money(100, 'EUR'),
      finalPrice: money(999, 'EUR'),
    }),
    plan({
      _id: 'digital-yearly-eur',
      displayName: 'Yearly',
      description: 'Two months free',
      finalPrice: money(9900, 'EUR'),
      frequency: { id: 'MONTH12' },
    }),
  ],
});

export const PRINT = product({
  name: 'demo-print',
  displayName: 'Print and digital',
  boosted: true,
  requiresDeliveryAddress: true,
  paymentPlans: [
    plan({ _id: 'print-monthly-eur', displayName: 'Monthly', finalPrice: money(2490, 'EUR') }),
    plan({
      _id: 'print-quarterly-chf',
      displayName: 'Quarterly (CHF)',
      currency: { code: 'CHF', symbol: 'CHF', decimalDigits: 2 },
      finalPrice: money(6990, 'CHF'),
      frequency: { id: 'MONTH3' },
    }),
  ],
});

export const BUNDLE = product({
  name: 'demo-bundle',
  displayName: 'Everything bundle',
  type: 'BUNDLE',
  bundlePlans: [
    plan({
      _id: 'bundle-yearly-eur',
      displayName: 'Yearly bundle',
      finalPrice: money(19900, 'EUR'),
      frequency: { id: 'MONTH12' },
      products: ['demo-digital', 'demo-print'],
    }),
  ],
});

export const GROUP = productGroupSchema.parse({
  name: 'demo',
  displayName: 'Foyer demo subscriptions',
  products: [DIGITAL, PRINT, BUNDLE],
  recommended: ['demo-digital'],
});

/** A basket with the digital monthly plan (trial price). */
export function digitalBasket(extra: Partial<Basket> = {}): Basket {
  const monthly = DIGITAL.paymentPlans[0]!;
  return {
    products: [
      {
        name: DIGITAL.name,
        displayName: DIGITAL.displayName,
        type: 'PLAIN',
        requiresDeliveryAddress: false,
        requiresBillingAddress: false,
        paymentPlan: {
          _id: monthly._id,
          name: monthly.name,
          displayName: monthly.displayName,
          description: monthly.description,
          frequency: monthly.frequency,
          currency: monthly.currency,
          price: monthly.trialPrice!,
        },
      },
    ],
    ...extra,
  };
}

/** The server's answer to POST /widget/order for the digital basket. */
export const ORDER = orderSchema.parse({
  id: 'order-1',
  paymentType: 'CARD',
  status: 'CREATED',
  total: money(100, 'EUR'),
  items: [
    {
      id: 'item-1',
      product: 'demo-digital',
      displayName: 'Digital access',
      plan: 'digital-monthly-eur',
      planDisplayName: 'Monthly',
      planKind: 'paymentPlan',
      frequency: { id: 'MONTH1' },
      description: 'First month 1 €, then 9.99 € a month',
      price: money(100, 'EUR'),
      startDate: '2030-01-01',
    },
  ],
});

export function logIn(harness: Harness): void {
  harness.store.dispatch(
    sessionStarted({ guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false }),
  );
}

/**
 * Lets pending promises (the runner's awaits, a lazy chunk's import) settle: several macrotasks,
 * so a loaded machine that needs more than one turn for a dynamic import still gets there.
 */
export const settle = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
