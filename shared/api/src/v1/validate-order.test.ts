import { describe, expect, it } from 'vitest';
import {
  isV1PaymentType,
  V1_PAYMENT_TYPES,
  v1BasketSchema,
  v1PaymentFormFields,
  v1TransactionSchema,
  type V1Basket,
} from './schemas';
import { isCalendarDate, validateV1Order } from './validate-order';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const meta = { printDeliveryCode: '1111100', seller: '1', purchaseReason: '1' };

function basket(overrides: Partial<V1Basket> = {}): V1Basket {
  return {
    _id: '0b6f5a52-9d1c-4a52-8f8e-3f0a7c1d2e4b',
    accountId: 'C0FFEE00-1234-4abc-9def-0123456789AB',
    paymentType: 'online-CAU',
    startDate: NOW,
    products: [
      {
        productId: 'daily-news',
        name: 'Daily News',
        description: 'Every day',
        price: 9.99,
        planId: 'daily-news-monthly',
        currency: 'EUR',
        quantity: 1,
        productMetaData: { ...meta, startDeliveryDate: { 'daily-news': '2026-11-25' } },
      },
    ],
    productMetaData: { ...meta, startDeliveryDate: { 'daily-news': '2026-11-25' } },
    ...overrides,
  };
}

const fields = (value: V1Basket) => validateV1Order(value, NOW).map((problem) => problem.field);
const line = (overrides: Partial<V1Basket['products'][number]>) => {
  const [first] = basket().products;
  return { products: [{ ...first!, ...overrides }] };
};

describe('validateV1Order (purchase spec §5)', () => {
  it('accepts a complete basket, and every payment type of the agreed form', () => {
    expect(validateV1Order(basket(), NOW)).toEqual([]);
    expect(V1_PAYMENT_TYPES).toHaveLength(6);
    for (const paymentType of V1_PAYMENT_TYPES) expect(fields(basket({ paymentType }))).toEqual([]);
  });

  it('wants GUID-shaped _id and accountId', () => {
    expect(fields(basket({ _id: 'order-1' }))).toEqual(['_id']);
    expect(fields(basket({ accountId: '0b6f5a52-9d1c-4a52-8f8e-3f0a7c1d2e4' }))).toEqual(['accountId']);
    expect(fields(basket({ accountId: '0b6f5a52x9d1c-4a52-8f8e-3f0a7c1d2e4b' }))).toEqual(['accountId']);
  });

  it('wants online or offline with CAU, REC or FAC', () => {
    for (const paymentType of [
      '',
      'CAU',
      'online',
      'ONLINE-CAU',
      'online-cau',
      'online_CAU',
      'online-CARD',
      ' online-CAU',
    ])
      expect(fields(basket({ paymentType })), paymentType).toEqual(['paymentType']);
    expect(fields(basket({ paymentType: undefined }))).toEqual(['paymentType']);
    expect(isV1PaymentType('offline-FAC')).toBe(true);
    expect(isV1PaymentType('offline-XYZ')).toBe(false);
  });

  it('wants at least one product, and every field of each line', () => {
    expect(fields(basket({ products: [] }))).toContain('products');
    for (const key of ['productId', 'name', 'description', 'planId'] as const)
      expect(fields(basket(line({ [key]: ' ' })))).toContain(`products.0.${key}`);
    expect(fields(basket(line({ currency: 'eur' })))).toEqual(['products.0.currency']);
    expect(fields(basket(line({ price: Number.NaN })))).toEqual(['products.0.price']);
    expect(fields(basket(line({ price: -1 })))).toEqual(['products.0.price']);
    expect(fields(basket(line({ quantity: 2 })))).toEqual(['products.0.quantity']);
    expect(fields(basket(line({ productMetaData: undefined })))).toEqual(['products.0.productMetaData']);
    const [first] = basket().products;
    expect(fields(basket({ products: [first!, first!] }))).toEqual(['products.1.planId']);
  });

  it('wants a print delivery code of 0/1 digits or -1', () => {
    for (const printDeliveryCode of ['1', '0110', '1111111', '-1'])
      expect(fields(basket({ productMetaData: { ...meta, printDeliveryCode } })), printDeliveryCode).toEqual([]);
    for (const printDeliveryCode of ['', '2', '-2', '01a', '11111111', '-10'])
      expect(fields(basket({ productMetaData: { ...meta, printDeliveryCode } })), printDeliveryCode).toEqual([
        'productMetaData.printDeliveryCode',
      ]);
  });

  it("wants seller and purchaseReason '1'", () => {
    expect(fields(basket({ productMetaData: { ...meta, seller: undefined } }))).toEqual(['productMetaData.seller']);
    expect(fields(basket({ productMetaData: { ...meta, purchaseReason: '2' } }))).toEqual([
      'productMetaData.purchaseReason',
    ]);
    expect(fields(basket({ productMetaData: undefined }))).toEqual(['productMetaData']);
  });

  it('wants valid start dates', () => {
    expect(fields(basket({ startDate: NOW - 2 * 86_400_000 }))).toEqual(['startDate']);
    expect(fields(basket({ startDate: NOW + 400 * 86_400_000 }))).toEqual(['startDate']);
    expect(fields(basket({ startDate: 1.5 }))).toEqual(['startDate']);
    const delivery = (startDeliveryDate: Record<string, string>) =>
      fields(basket({ productMetaData: { ...meta, startDeliveryDate } }));
    expect(delivery({ 'daily-news': '2026-02-30' })).toEqual(['productMetaData.startDeliveryDate.daily-news']);
    expect(delivery({ 'daily-news': '2026-11-22' })).toEqual(['productMetaData.startDeliveryDate.daily-news']);
    expect(delivery({ 'other-product': '2026-11-25' })).toEqual(['productMetaData.startDeliveryDate.other-product']);
    expect(delivery({ 'daily-news': '2026-11-23' })).toEqual([]);
  });

  it("wants a delivered product's start delivery date, on its line or the basket, not before its minDate", () => {
    const rules = { minStartDeliveryDates: { 'daily-news': '2026-11-25' } };
    const at = 'products.0.productMetaData.startDeliveryDate.daily-news';
    const withDates = (lineDate: string | undefined, basketDate: string | undefined) => {
      const [first] = basket().products;
      const dates = (date: string | undefined) => (date ? { startDeliveryDate: { 'daily-news': date } } : {});
      return basket({
        products: [{ ...first!, productMetaData: { ...meta, ...dates(lineDate) } }],
        productMetaData: { ...meta, ...dates(basketDate) },
      });
    };
    const check = (value: V1Basket) => validateV1Order(value, NOW, rules).map((problem) => problem.field);
    // The minimum itself, or later, on the line (the basket's is the fallback).
    expect(check(withDates('2026-11-25', undefined))).toEqual([]);
    expect(check(withDates('2026-12-01', undefined))).toEqual([]);
    expect(check(withDates(undefined, '2026-11-26'))).toEqual([]);
    // A day before the minimum: today and tomorrow are no longer in the past, but too early.
    expect(check(withDates('2026-11-24', undefined))).toEqual([at]);
    expect(check(withDates('2026-11-23', '2026-11-30'))).toEqual([at]);
    expect(validateV1Order(withDates('2026-11-24', undefined), NOW, rules)[0]?.message).toContain('2026-11-25');
    // Issue 32, item 7: a Saturday after the minimum is not a delivery day.
    expect(check(withDates('2026-11-28', undefined))).toEqual([at]);
    expect(validateV1Order(withDates('2026-11-28', undefined), NOW, rules)[0]?.message).toContain('Monday to Friday');
    // None at all for a delivered product.
    expect(check(withDates(undefined, undefined))).toEqual([at]);
    // Without the rules (a product that is not delivered) no date is needed.
    expect(fields(withDates(undefined, undefined))).toEqual([]);
    expect(fields(withDates('2026-11-24', undefined))).toEqual([]);
  });

  it('wants a delivery or billing address where the product needs one; either kind stands in for the other', () => {
    const [first] = basket().products;
    const withAddresses = (lineMeta: object, basketMeta: object = {}) =>
      basket({
        products: [{ ...first!, productMetaData: { ...meta, ...lineMeta } }],
        productMetaData: { ...meta, ...basketMeta },
      });
    const delivered = { requiresDeliveryAddress: ['daily-news'] };
    const billed = { requiresBillingAddress: ['daily-news'] };
    const check = (value: V1Basket, rules: object) =>
      validateV1Order(value, NOW, rules).map((problem) => problem.field);
    expect(check(withAddresses({}), delivered)).toEqual(['products.0.productMetaData.deliveryAddress']);
    expect(check(withAddresses({}), billed)).toEqual(['products.0.productMetaData.billingAddress']);
    expect(check(withAddresses({ deliveryAddress: {} }), delivered)).toEqual([
      'products.0.productMetaData.deliveryAddress',
    ]);
    expect(check(withAddresses({ deliveryAddress: { id: 'addr-1' } }), delivered)).toEqual([]);
    expect(check(withAddresses({}, { deliveryAddress: { values: { city: 'Ghent' } } }), delivered)).toEqual([]);
    // The other kind is reused.
    expect(check(withAddresses({ billingAddress: { id: 'addr-2' } }), delivered)).toEqual([]);
    expect(check(withAddresses({ deliveryAddress: { id: 'addr-1' } }), billed)).toEqual([]);
    // A product the rules do not name needs none.
    expect(check(withAddresses({}), { requiresDeliveryAddress: ['other'] })).toEqual([]);
  });

  it('reports every problem at once', () => {
    const problems = validateV1Order(
      basket({ _id: 'x', accountId: 'y', paymentType: 'z', products: [], productMetaData: meta }),
      NOW,
    );
    expect(problems.map((problem) => problem.field)).toEqual(['_id', 'accountId', 'paymentType', 'products']);
    expect(problems.every((problem) => problem.message.length > 0)).toBe(true);
  });
});

describe('v1 schemas', () => {
  it('parse the basket the frames keep, and refuse a wrong shape', () => {
    expect(v1BasketSchema.safeParse(basket()).success).toBe(true);
    expect(v1BasketSchema.safeParse({ ...basket(), products: 'none' }).success).toBe(false);
    expect(v1BasketSchema.safeParse({ ...basket(), products: Array(21).fill(basket().products[0]) }).success).toBe(
      false,
    );
  });

  it('turn a transaction into the hidden form fields', () => {
    const transaction = v1TransactionSchema.parse({
      paymentUrl: 'https://pay.example/hosted',
      siteId: 'demo',
      orderId: 'o-1',
      quantity: 2,
      payload: 'abc.def',
    });
    expect(v1PaymentFormFields(transaction)).toEqual({
      siteId: 'demo',
      orderId: 'o-1',
      quantity: '2',
      payload: 'abc.def',
    });
    expect(v1TransactionSchema.safeParse({ ...transaction, paymentUrl: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('know real calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-2-1')).toBe(false);
  });
});
