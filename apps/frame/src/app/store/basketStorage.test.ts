import { describe, expect, it } from 'vitest';
import { BASKET_KEY, type Basket } from '@foyer/api/widget';
import { makeHarness, MemoryStorage } from '../../test/harness';
import { readBasket, writeBasket } from './basketStorage';
import { shareBasket, updateBasket } from './basketThunks';
import { basketFromAnotherFrame } from '../../test/testBasket';

const PRODUCT: Basket['products'][number] = {
  name: 'demo-digital',
  displayName: 'Digital',
  type: 'PLAIN',
  requiresDeliveryAddress: false,
  requiresBillingAddress: false,
  paymentPlan: {
    _id: 'digital-monthly-eur',
    name: 'monthly',
    displayName: 'Monthly',
    description: 'Every month',
    frequency: { id: 'MONTH1' },
    currency: { code: 'EUR', symbol: '€', decimalDigits: 2 },
    price: { amount: 999, currency: 'EUR', display: '9.99' },
  },
};

describe('the basket in sessionStorage (purchase spec §3, §9)', () => {
  it('is stored under `basket` and read back', () => {
    const storage = new MemoryStorage();
    writeBasket(storage, { products: [PRODUCT] });
    expect(JSON.parse(storage.getItem(BASKET_KEY)!)).toEqual({ products: [PRODUCT] });
    expect(readBasket(storage).products).toEqual([PRODUCT]);
  });
  it('removes the key when the basket is emptied or removed', () => {
    const storage = new MemoryStorage();
    writeBasket(storage, { products: [PRODUCT] });
    writeBasket(storage, { products: [] });
    expect(storage.getItem(BASKET_KEY)).toBeNull();
    writeBasket(storage, { products: [PRODUCT], id: 'order-1' });
    writeBasket(storage, null);
    expect(storage.getItem(BASKET_KEY)).toBeNull();
  });
  it('keeps an order id even without products (the payment still needs it)', () => {
    const storage = new MemoryStorage();
    writeBasket(storage, { products: [], id: 'order-1' });
    expect(readBasket(storage).id).toBe('order-1');
  });
  it('treats a tampered or broken stored value as an empty basket', () => {
    const storage = new MemoryStorage();
    storage.setItem(BASKET_KEY, '{"products":[{"name":1}]}');
    expect(readBasket(storage)).toEqual({ products: [] });
    storage.setItem(BASKET_KEY, 'not json');
    expect(readBasket(storage)).toEqual({ products: [] });
  });
});

describe('the basket slice and its storage', () => {
  it('is read from storage and follows the changes the page’s other frames announce', () => {
    const h = makeHarness();
    writeBasket(h.storage.tab, { products: [PRODUCT] });
    h.store.dispatch(shareBasket());
    expect(h.store.getState().basket).toEqual({ products: [PRODUCT] });
    basketFromAnotherFrame(h, { products: [], id: 'order-2' });
    expect(h.store.getState().basket).toEqual({ products: [], id: 'order-2' });
    // Another tab (another page id) has a basket of its own.
    const otherTab = h.sibling('page-other-tab');
    otherTab.publish('basket', { products: [PRODUCT] });
    otherTab.close();
    expect(h.store.getState().basket).toEqual({ products: [], id: 'order-2' });
  });

  it('stores a change, puts it in the slice and publishes basket.updated', () => {
    const h = makeHarness();
    const next = h.store.dispatch(updateBasket((basket) => ({ ...basket, products: [PRODUCT] })));
    expect(next.products).toEqual([PRODUCT]);
    expect(readBasket(h.storage.tab).products).toEqual([PRODUCT]);
    expect(h.store.getState().basket).toEqual(next);
    expect(h.published).toEqual([{ name: 'basket.updated', payload: { productCount: 1 } }]);
  });

  it('lives in the slice when the browser refuses storage', () => {
    const h = makeHarness();
    h.services.storage.tab = null;
    h.store.dispatch(updateBasket((basket) => ({ ...basket, products: [PRODUCT] })));
    const after = h.store.dispatch(updateBasket((basket) => ({ ...basket, id: 'order-1' })));
    expect(after).toEqual({ products: [PRODUCT], id: 'order-1' });
    h.store.dispatch(updateBasket(() => null));
    expect(h.store.getState().basket?.products).toHaveLength(0);
  });
});
