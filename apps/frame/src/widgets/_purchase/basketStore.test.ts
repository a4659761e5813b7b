import { describe, expect, it, vi } from 'vitest';
import { BASKET_KEY, type Basket } from '@foyer/api/widget';
import { MemoryStorage } from '../../test/harness';
import { readBasket, subscribeBasket, writeBasket } from './basketStore';

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
  it('tells this frame’s listeners and reacts to other frames’ storage events', () => {
    const storage = new MemoryStorage();
    const listener = vi.fn();
    const stop = subscribeBasket(window, storage, listener);
    writeBasket(storage, { products: [PRODUCT] });
    expect(listener).toHaveBeenLastCalledWith({ products: [PRODUCT] });
    // Another frame of the page wrote the basket: the browser fires `storage` here.
    storage.setItem(BASKET_KEY, JSON.stringify({ products: [], id: 'order-2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: BASKET_KEY }));
    expect(listener).toHaveBeenLastCalledWith({ products: [], id: 'order-2' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'evolok.session' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    writeBasket(storage, null);
    expect(listener).toHaveBeenCalledTimes(2);
  });
  it('lives in memory when the browser refuses storage', () => {
    writeBasket(null, { products: [PRODUCT] });
    expect(readBasket(null).products).toHaveLength(1);
    writeBasket(null, null);
    expect(readBasket(null).products).toHaveLength(0);
  });
});
