/** Integer minor units per ISO 4217, the currency table, rounding, and the catalogue seed's checks. */
import {
  CURRENCIES,
  CURRENCY_CODES,
  ERROR_CATALOGUE,
  formatMoney,
  fromMinorUnits,
  getCurrency,
  IDENTITY_ERRORS,
  orderSchema,
  orderTotal,
  PURCHASE_ERRORS,
  SOCIAL_ERRORS,
  roundMinor,
  sumMinor,
  toMinorUnits,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { storedCatalogue, type CatalogueConfig } from '../../src/widget/catalogue';
import { testServer } from '../helpers';
import { call, demoSession } from './helpers';

const CLDR_WHOLE_UNITS = [
  'AFN',
  'ALL',
  'COP',
  'HUF',
  'IDR',
  'IQD',
  'IRR',
  'KPW',
  'LAK',
  'LBP',
  'MGA',
  'MMK',
  'PKR',
  'SOS',
  'SYP',
  'YER',
];

describe('currency table', () => {
  it('holds about 150 ISO 4217 currencies with 0, 2 or 3 decimals', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(150);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(CURRENCIES[code]!.decimalDigits);
      expect(CURRENCIES[code]!.symbol).not.toBe('');
    }
    expect(['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XOF'].map((code) => getCurrency(code).decimalDigits)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(
      ['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD'].every((code) => getCurrency(code).decimalDigits === 3),
    ).toBe(true);
    expect(getCurrency('EUR')).toMatchObject({ symbol: '€', decimalDigits: 2, rounding: 0, roundingMinor: 1 });
  });

  it('agrees with Intl on the decimals of every code Intl knows', () => {
    for (const code of CURRENCY_CODES) {
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
      // CLDR (Intl) shows these without decimals by local habit; ISO 4217, the table's source, gives them minor units.
      if (CLDR_WHOLE_UNITS.includes(code)) expect(digits).toBe(0);
      else expect([code, CURRENCIES[code]!.decimalDigits]).toEqual([code, digits]);
    }
  });

  it('rounds only CHF, to 0.05, halves away from zero', () => {
    expect(getCurrency('CHF')).toMatchObject({ rounding: 0.05, roundingMinor: 5 });
    expect(CURRENCY_CODES.filter((code) => CURRENCIES[code]!.roundingMinor !== 1)).toEqual(['CHF']);
    expect([1232, 1233, 1237, 1238, 1235, 0, -1233].map((minor) => roundMinor(minor, 'CHF'))).toEqual([
      1230, 1235, 1235, 1240, 1235, 0, -1235,
    ]);
    expect(roundMinor(1233, 'EUR')).toBe(1233);
  });
});

describe('minor units', () => {
  it('converts decimal strings exactly, never through binary fractions', () => {
    expect(toMinorUnits('0.1', 'EUR') + toMinorUnits('0.2', 'EUR')).toBe(toMinorUnits('0.3', 'EUR'));
    expect(toMinorUnits('19.99', 'EUR')).toBe(1999);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('95.250', 'KWD')).toBe(95250);
    expect(toMinorUnits('1.5', 'BHD')).toBe(1500);
    expect(toMinorUnits('9.90', 'USD')).toBe(990);
    expect(() => toMinorUnits('12.5', 'JPY')).toThrow(RangeError);
    expect(() => toMinorUnits('1.2345', 'KWD')).toThrow(RangeError);
    expect(() => toMinorUnits('12,50', 'EUR')).toThrow(RangeError);
    expect(() => toMinorUnits('1', 'XXX')).toThrow(RangeError);
    expect(() => toMinorUnits('99999999999999999', 'EUR')).toThrow(RangeError);
  });

  it('formats minor units with the currency’s decimals', () => {
    expect([fromMinorUnits(1299, 'EUR'), fromMinorUnits(5, 'EUR'), fromMinorUnits(1200, 'JPY')]).toEqual([
      '12.99',
      '0.05',
      '1200',
    ]);
    expect([fromMinorUnits(5, 'KWD'), fromMinorUnits(-1050, 'BHD')]).toEqual(['0.005', '-1.050']);
    expect(formatMoney(1299, 'EUR', 'en')).toBe('€12.99');
    expect(formatMoney(120000, 'JPY', 'en')).toBe('¥120,000');
    expect(formatMoney(95250, 'KWD', 'en').replace(/\u00a0/g, ' ')).toBe('KWD 95.250');
  });

  it('sums exactly and refuses what it cannot hold exactly', () => {
    expect(sumMinor(Array.from({ length: 10 }, () => 10))).toBe(100);
    expect(orderTotal([1001, 1002], 'CHF')).toBe(2005);
    expect(orderTotal([1001, 1002], 'EUR')).toBe(2003);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumMinor([1.5])).toThrow(RangeError);
  });
});

describe('catalogue seed checks', () => {
  const plan = { id: 'p', displayName: 'P', description: '', frequency: 'MONTH1' as const };
  const config = (currency: string, finalPrice: string): CatalogueConfig => ({
    products: [{ name: 'x', displayName: 'X', serviceName: 'demo', plans: [{ ...plan, currency, finalPrice }] }],
    groups: [],
  });
  it('refuses prices its currency cannot represent and unknown currencies', () => {
    expect(storedCatalogue(config('EUR', '9.99'))[0]!.plans[0]!.finalPriceMinor).toBe(999);
    expect(() => storedCatalogue(config('JPY', '9.99'))).toThrow(/invalid price/);
    expect(() => storedCatalogue(config('EUR', '-1'))).toThrow(/invalid price/);
    expect(() => storedCatalogue(config('ZZZ', '1'))).toThrow(/unknown currency/);
    expect(() =>
      storedCatalogue({ products: [], groups: [{ name: 'g', displayName: 'G', products: ['missing'] }] }),
    ).toThrow(/unknown products/);
  });
});

describe('purchase error catalogue', () => {
  it('is merged after the identity catalogue without replacing an identity entry', () => {
    const shared = Object.keys(PURCHASE_ERRORS).filter((code) => code in IDENTITY_ERRORS);
    expect(shared).toEqual([]);
    // The social catalogue is apart for the bundles' sake only: it shares no code either.
    const social = Object.keys(SOCIAL_ERRORS).filter((code) => code in IDENTITY_ERRORS || code in PURCHASE_ERRORS);
    expect(social).toEqual([]);
    expect(ERROR_CATALOGUE.SOCIAL_PROOF_TOO_RECENT!.status).toBe(403);
    const keys = Object.keys(ERROR_CATALOGUE);
    expect(keys.slice(0, Object.keys(IDENTITY_ERRORS).length)).toEqual(Object.keys(IDENTITY_ERRORS));
    expect(ERROR_CATALOGUE.no_products_selected).toEqual({ status: 400, text: 'No products selected' });
    expect(ERROR_CATALOGUE.ERROR_PROCESSING_ORDER!.status).toBe(500);
  });
});

describe('CHF orders through the server', () => {
  let server: PreparedServer;
  beforeAll(async () => {
    server = await testServer({
      loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
      seed: {
        ...seedConfig,
        catalogue: {
          products: [
            { name: 'swiss-a', displayName: 'A', serviceName: 'demo', plans: [{ ...plan('a'), finalPrice: '10.01' }] },
            { name: 'swiss-b', displayName: 'B', serviceName: 'demo', plans: [{ ...plan('b'), finalPrice: '10.02' }] },
          ],
          groups: [{ name: 'swiss', displayName: 'Swiss', products: ['swiss-a', 'swiss-b'] }],
        },
        // The demo paywall entitles the demo products, which this catalogue lacks.
        paywall: undefined,
      },
    });
  });
  afterAll(() => server.close());
  function plan(id: string) {
    return { id, displayName: id, description: '', currency: 'CHF', frequency: 'MONTH1' as const };
  }

  it('rounds the total to 0.05 CHF while each line keeps its exact price', async () => {
    const session = await demoSession(server);
    const response = await call(server, 'POST', '/widget/order', {
      session,
      payload: {
        orderItems: [
          { product: 'swiss-a', paymentPlan: 'a' },
          { product: 'swiss-b', paymentPlan: 'b' },
        ],
        paymentType: 'CARD',
      },
    });
    const order = orderSchema.parse(response.json());
    expect(order.items.map((item) => item.price.amount)).toEqual([1001, 1002]);
    expect(order.total).toEqual({ amount: 2005, currency: 'CHF', display: '20.05' });
  });
});
