import type { V1Basket } from '@foyer/api/v1';
import type { Handler } from '../../../test/harness';
import { DIGITAL as DIGITAL_OFFER, PRINT as PRINT_OFFER } from '../../checkout/test/testData';
import { USER_GROUPS } from '../../checkout/test/profileTestData';
import type { V1Choice } from '../lines';

/** Tests: two plans of two products, and a basket of the first. */
export const DIGITAL: V1Choice = {
  productId: 'digital',
  name: 'Digital',
  description: 'Every article',
  price: 9.99,
  planId: 'digital-monthly',
  currency: 'EUR',
};
export const PRINT: V1Choice = {
  productId: 'print',
  name: 'Print',
  description: 'The paper at home',
  price: 19.5,
  planId: 'print-monthly',
  currency: 'EUR',
};
export const BASKET_ID = '7d1c5a2e-3b4f-4c6d-8e9f-0a1b2c3d4e5f';
export const ACCOUNT = '0f1e2d3c-4b5a-4968-8776-655443322110';

export function basketOf(choices: V1Choice[], overrides: Partial<V1Basket> = {}): V1Basket {
  const meta = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };
  return {
    _id: BASKET_ID,
    accountId: '',
    products: choices.map((choice) => ({ ...choice, quantity: 1, productMetaData: meta })),
    startDate: 1_700_000_000_000,
    productMetaData: meta,
    ...overrides,
  };
}

/**
 * The product-manager's answers about the test lines (lineRules.ts): `digital` is not delivered,
 * `print` is, from `minDate` on; the profile groups with the account's saved addresses (`saved`).
 */
export function lineRuleRoutes(minDate: string, saved = true): Record<string, Handler> {
  return {
    [`GET /pm/api/offers/${DIGITAL.productId}`]: () => ({
      status: 200,
      body: { ...DIGITAL_OFFER, productId: DIGITAL.productId },
    }),
    [`GET /pm/api/offers/${PRINT.productId}`]: () => ({
      status: 200,
      body: { ...PRINT_OFFER, productId: PRINT.productId },
    }),
    [`GET /pm/api/spi/product/${PRINT.productId}/startDeliveryDate`]: () => ({ status: 200, body: { minDate } }),
    'GET /pm/api/widget/profile/attributeGroups/demo': () => ({
      status: 200,
      body: saved ? USER_GROUPS : { ...USER_GROUPS, savedAddresses: [] },
    }),
  };
}
