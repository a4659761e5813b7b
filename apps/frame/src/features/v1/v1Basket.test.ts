import { describe, expect, it } from 'vitest';
import { makeHarness, MemoryStorage, SESSION_ID } from '../../test/harness';
import { sessionCleared, sessionStarted } from '../../app/store/sessionSlice';
import { V1_BASKET_KEY } from '@foyer/api/v1';
import {
  chosenPlan,
  newGuid,
  v1Total,
  withDefaultDeliveryDates,
  withoutProduct,
  withProduct,
  withSavedAddresses,
  withStartDeliveryDate,
} from './lines';
import type { V1LineRules } from './lineRules';
import { ACCOUNT, BASKET_ID, basketOf, DIGITAL, PRINT } from './test/testV1Basket';
import { selectV1Basket } from './v1BasketSlice';
import { readStoredV1Basket, writeV1Basket } from './v1BasketStorage';
import { clearV1Basket, shareV1Basket, updateV1Basket } from './v1BasketThunks';

const context = { accountId: undefined, now: 1_700_000_000_000, guid: () => BASKET_ID };

describe('the version 1 basket lines (purchase spec §3, §9)', () => {
  it('is created with the first product: a GUID, quantity 1, seller and purchaseReason 1', () => {
    const basket = withProduct(null, DIGITAL, { ...context, accountId: ACCOUNT });
    expect(basket).toEqual(basketOf([DIGITAL], { accountId: ACCOUNT }));
    expect(basket.products[0]).toMatchObject({ quantity: 1, productMetaData: { seller: '1', purchaseReason: '1' } });
  });
  it('has one line per product: another plan replaces the line, removal of the last drops the basket', () => {
    const one = withProduct(null, DIGITAL, context);
    const other = withProduct(one, { ...DIGITAL, planId: 'digital-yearly', price: 99 }, context);
    expect(other.products).toHaveLength(1);
    expect(chosenPlan(other, 'digital')).toBe('digital-yearly');
    const two = withProduct(other, PRINT, context);
    expect(two._id).toBe(BASKET_ID);
    expect(withoutProduct(two, 'digital')?.products.map((line) => line.productId)).toEqual(['print']);
    expect(withoutProduct(withoutProduct(two, 'digital'), 'print')).toBeNull();
  });
  it('keeps a start delivery date per line; the earliest goes only where none was picked', () => {
    const rules: V1LineRules = {
      digital: { delivered: false, billed: false, minDate: null },
      print: { delivered: true, billed: false, minDate: '2031-01-06' },
    };
    const basket = basketOf([DIGITAL, PRINT]);
    const filled = withDefaultDeliveryDates(basket, rules)!;
    expect(filled.products.map((line) => line.productMetaData?.startDeliveryDate)).toEqual([
      undefined,
      { print: '2031-01-06' },
    ]);
    const picked = withStartDeliveryDate(basket, 'print', '2031-02-01');
    expect(withDefaultDeliveryDates(picked, rules)).toBe(picked);
    expect(withStartDeliveryDate(picked, 'print', null)?.products[1]?.productMetaData).toEqual(
      basket.products[1]?.productMetaData,
    );
  });
  it("puts the account's latest saved address on the lines that need one, the other kind standing in", () => {
    const rules: V1LineRules = {
      digital: { delivered: false, billed: true, minDate: null },
      print: { delivered: true, billed: false, minDate: '2031-01-06' },
    };
    const address = (id: string, kind: 'delivery' | 'billing') => ({ id, kind, label: id, values: { city: id } });
    const basket = basketOf([DIGITAL, PRINT]);
    const both = withSavedAddresses(basket, rules, [
      address('home-old', 'delivery'),
      address('office', 'billing'),
      address('home', 'delivery'),
    ]);
    expect(both.missing).toBe(false);
    expect(
      both.basket.products.map((line) => [line.productMetaData?.deliveryAddress, line.productMetaData?.billingAddress]),
    ).toEqual([
      [undefined, { id: 'office' }],
      [{ id: 'home' }, undefined],
    ]);
    // Only a billing address saved: it is reused for the delivery.
    const reused = withSavedAddresses(basket, rules, [address('office', 'billing')]);
    expect(reused.basket.products[1]?.productMetaData?.deliveryAddress).toEqual({ id: 'office' });
    expect(withSavedAddresses(basket, rules, []).missing).toBe(true);
    expect(withSavedAddresses(basket, {}, []).missing).toBe(false);
  });
  it('totals with the configured decimals after rounding to 4', () => {
    const basket = basketOf([DIGITAL, PRINT]);
    expect(v1Total(basket, 0)).toEqual({ amount: '29', currency: 'EUR' });
    expect(v1Total(basket, 2)).toEqual({ amount: '29.49', currency: 'EUR' });
    expect(v1Total(basketOf([DIGITAL, { ...PRINT, currency: 'USD' }]), 2)).toBeNull();
    expect(v1Total(null, 2)).toBeNull();
  });
  it('makes GUID-shaped ids, also without randomUUID', () => {
    const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newGuid()).toMatch(shape);
    const noUuid = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    expect(newGuid(noUuid)).toMatch(shape);
  });
});

describe('the version 1 basket in sessionStorage under evBasketKey', () => {
  it('is stored, read back, removed when emptied, and a broken value is no basket', () => {
    const storage = new MemoryStorage();
    writeV1Basket(storage, basketOf([DIGITAL]));
    expect(JSON.parse(storage.getItem(V1_BASKET_KEY)!)).toEqual(basketOf([DIGITAL]));
    expect(readStoredV1Basket(storage)).toEqual(basketOf([DIGITAL]));
    writeV1Basket(storage, basketOf([]));
    expect(storage.getItem(V1_BASKET_KEY)).toBeNull();
    storage.setItem(V1_BASKET_KEY, '{"_id":1}');
    expect(readStoredV1Basket(storage)).toBeNull();
    expect(readStoredV1Basket(null)).toBeUndefined();
  });
});

describe('the version 1 basket slice, shared with the page’s frames', () => {
  it('stores a change, puts it in the slice, tells the siblings and publishes basket.updated', () => {
    const h = makeHarness();
    h.store.dispatch(shareV1Basket());
    const other = h.sibling();
    const heard: unknown[] = [];
    other.share('v1basket', {
      schema: { safeParse: (value: unknown) => ({ success: true, data: value }) } as never,
      current: () => undefined,
      receive: (value) => heard.push(value),
    });
    h.store.dispatch(updateV1Basket((basket) => withProduct(basket, DIGITAL, context)));
    expect(readStoredV1Basket(h.storage.tab)).toEqual(basketOf([DIGITAL]));
    expect(selectV1Basket(h.store.getState())).toEqual(basketOf([DIGITAL]));
    expect(heard).toEqual([basketOf([DIGITAL])]);
    expect(h.published).toEqual([{ name: 'basket.updated', payload: { productCount: 1 } }]);
    other.close();
  });

  it('takes the basket from storage, then the changes of the page’s frames, never another tab’s', () => {
    const h = makeHarness();
    writeV1Basket(h.storage.tab, basketOf([DIGITAL]));
    h.store.dispatch(shareV1Basket());
    expect(selectV1Basket(h.store.getState())).toEqual(basketOf([DIGITAL]));
    const sibling = h.sibling();
    sibling.publish('v1basket', basketOf([DIGITAL, PRINT]));
    expect(selectV1Basket(h.store.getState())?.products).toHaveLength(2);
    sibling.publish('v1basket', { _id: 'not a basket' });
    expect(selectV1Basket(h.store.getState())?.products).toHaveLength(2);
    const otherTab = h.sibling('page-other-tab');
    otherTab.publish('v1basket', null);
    expect(selectV1Basket(h.store.getState())?.products).toHaveLength(2);
    sibling.publish('v1basket', null);
    expect(selectV1Basket(h.store.getState())).toBeNull();
    sibling.close();
    otherTab.close();
  });

  it('where storage is refused, a frame that joins later gets the basket from a sibling', () => {
    const first = makeHarness();
    first.services.storage.tab = null;
    first.store.dispatch(shareV1Basket());
    first.store.dispatch(updateV1Basket((basket) => withProduct(basket, DIGITAL, context)));
    // A second frame of the same page, on the same channel, without storage either.
    const later = makeHarness();
    later.services.storage.tab = null;
    later.services.siblings = first.sibling();
    later.store.dispatch(shareV1Basket());
    expect(selectV1Basket(later.store.getState())).toEqual(basketOf([DIGITAL]));
  });

  it('is cleared at logout: the slice on sessionCleared, storage by clearV1Basket', () => {
    const h = makeHarness();
    h.store.dispatch(sessionStarted({ guid: ACCOUNT, sessionId: SESSION_ID, expiry: 0, sessionCookie: false }));
    h.store.dispatch(shareV1Basket());
    h.store.dispatch(updateV1Basket((basket) => withProduct(basket, DIGITAL, { ...context, accountId: ACCOUNT })));
    h.store.dispatch(sessionCleared());
    expect(selectV1Basket(h.store.getState())).toBeNull();
    h.store.dispatch(clearV1Basket());
    expect(h.storage.tab.getItem(V1_BASKET_KEY)).toBeNull();
  });

  it('drops a stored basket of another account than the session’s (logged out on a page without it)', () => {
    const h = makeHarness();
    writeV1Basket(h.storage.tab, basketOf([DIGITAL], { accountId: ACCOUNT }));
    h.store.dispatch(shareV1Basket());
    expect(selectV1Basket(h.store.getState())).toBeNull();
    expect(h.storage.tab.getItem(V1_BASKET_KEY)).toBeNull();
  });
});
