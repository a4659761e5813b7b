import { describe, expect, it } from 'vitest';
import type { Basket } from '@foyer/api/widget';
import { BUNDLE, DIGITAL, digitalBasket, PRINT } from '../checkout/test/testData';
import { basketLine, choosePlan, columnSize, keepPlans, pickedPlan, plansOf, resolveSource, togglePick } from './picks';

const [monthly, yearly] = [DIGITAL.paymentPlans[0]!, DIGITAL.paymentPlans[1]!];
const printMonthly = PRINT.paymentPlans[0]!;

describe('resolveSource: query parameters override the attributes', () => {
  const attributes = { groupName: 'demo', productName: undefined, paymentPlans: ['a'] };

  it('keeps the attributes without query parameters', () => {
    expect(resolveSource(attributes, {})).toEqual({ groupName: 'demo', productName: undefined, paymentPlans: ['a'] });
  });

  it('takes groupName, productName and paymentPlans (a comma list) from the query', () => {
    expect(resolveSource(attributes, { groupName: 'other', productName: 'demo-print', paymentPlans: 'x, y,' })).toEqual(
      { groupName: 'other', productName: 'demo-print', paymentPlans: ['x', 'y'] },
    );
  });

  it('a product named in the query replaces the group of the attributes', () => {
    expect(resolveSource(attributes, { productName: 'demo-print' })).toEqual({
      groupName: undefined,
      productName: 'demo-print',
      paymentPlans: ['a'],
    });
  });

  it('ignores empty query values', () => {
    expect(resolveSource(attributes, { groupName: ' ', paymentPlans: '' })).toEqual({
      groupName: 'demo',
      productName: undefined,
      paymentPlans: ['a'],
    });
  });
});

describe('columnSize: 12 / product count, not below the minimum', () => {
  it.each([
    [1, 3, 12],
    [2, 3, 6],
    [3, 3, 4],
    [4, 3, 3],
    [5, 3, 3],
    [12, 3, 3],
    [5, 1, 2],
    [2, 8, 8],
    [0, 3, 12],
  ])('%i products, minimum %i → %i', (count, minimum, expected) => {
    expect(columnSize(count, minimum)).toBe(expected);
  });
});

describe('plans', () => {
  it('bundles use their bundlePlans', () => {
    expect(plansOf(BUNDLE).map((plan) => plan._id)).toEqual(['bundle-yearly-eur']);
    expect(plansOf(DIGITAL)).toHaveLength(2);
  });

  it('keepPlans keeps the given plans by id or name and drops products left without plans', () => {
    const kept = keepPlans([DIGITAL, PRINT, BUNDLE], ['digital-yearly-eur', 'bundle-yearly-eur']);
    expect(kept.map((product) => product.name)).toEqual(['demo-digital', 'demo-bundle']);
    expect(kept[0]!.paymentPlans.map((plan) => plan._id)).toEqual(['digital-yearly-eur']);
    expect(keepPlans([DIGITAL], [])).toEqual([DIGITAL]);
  });

  it('a basket line carries the trial price when the plan has one, else the final price', () => {
    expect(basketLine(DIGITAL, monthly).paymentPlan.price).toEqual(monthly.trialPrice);
    expect(basketLine(DIGITAL, yearly).paymentPlan.price).toEqual(yearly.finalPrice);
    expect(basketLine(BUNDLE, BUNDLE.bundlePlans[0]!)).toMatchObject({ type: 'BUNDLE', name: 'demo-bundle' });
  });
});

describe('togglePick: one plan per product (purchase spec §2)', () => {
  const empty: Basket = { products: [] };

  it('picks, and picking the same plan again deselects it', () => {
    const picked = togglePick(empty, DIGITAL, monthly, false);
    expect(pickedPlan(picked, 'demo-digital')).toBe('digital-monthly-eur');
    expect(togglePick(picked, DIGITAL, monthly, false).products).toEqual([]);
  });

  it('another plan of the same product replaces the pick', () => {
    const basket = togglePick(togglePick(empty, DIGITAL, monthly, true), DIGITAL, yearly, true);
    expect(basket.products.map((line) => line.paymentPlan._id)).toEqual(['digital-yearly-eur']);
  });

  it('without multiSelect a new pick clears the other products', () => {
    const basket = togglePick(togglePick(empty, DIGITAL, monthly, false), PRINT, printMonthly, false);
    expect(basket.products.map((line) => line.name)).toEqual(['demo-print']);
  });

  it('with multiSelect the other products stay, in their place', () => {
    let basket = togglePick(togglePick(empty, DIGITAL, monthly, true), PRINT, printMonthly, true);
    expect(basket.products.map((line) => line.name)).toEqual(['demo-digital', 'demo-print']);
    basket = togglePick(basket, DIGITAL, yearly, true);
    expect(basket.products.map((line) => line.paymentPlan._id)).toEqual(['digital-yearly-eur', 'print-monthly-eur']);
  });

  it('a subscribed plan cannot be picked', () => {
    const subscribed = { ...monthly, subscribed: true };
    expect(togglePick(empty, DIGITAL, subscribed, false)).toBe(empty);
    expect(choosePlan(empty, DIGITAL, subscribed, false)).toBe(empty);
  });

  it('a change of products drops the order and its total; other basket data stays', () => {
    const basket = digitalBasket({ id: 'order-1', total: monthly.finalPrice, paymentType: 'CASH' });
    const next = togglePick(basket, PRINT, printMonthly, true);
    expect(next.id).toBeUndefined();
    expect(next.total).toBeUndefined();
    expect(next.paymentType).toBe('CASH');
    expect(togglePick(basket, DIGITAL, monthly, true)).toEqual({ products: [], paymentType: 'CASH' });
  });

  it('choosePlan never deselects (the pre-selection of a single plan)', () => {
    const picked = choosePlan({ products: [] }, DIGITAL, monthly, false);
    expect(choosePlan(picked, DIGITAL, monthly, false)).toBe(picked);
  });
});
