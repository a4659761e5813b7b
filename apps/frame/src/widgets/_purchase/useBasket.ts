import { useCallback, useEffect, useState } from 'react';
import type { Basket } from '@foyer/api/widget';
import { useServices } from './useServices';
import { readBasket, subscribeBasket, writeBasket } from './basketStore';

/**
 * The page's basket, live: re-renders when any frame of the page changes it. `update` applies a
 * change to the current stored basket (not a stale render copy) and publishes `basket.updated`.
 */
export function useBasket(): [Basket, (change: (basket: Basket) => Basket | null) => Basket] {
  const services = useServices();
  const storage = services.storage.tab;
  const [basket, setBasket] = useState(() => readBasket(storage));
  useEffect(() => {
    setBasket(readBasket(storage));
    return subscribeBasket(window, storage, setBasket);
  }, [storage]);
  const update = useCallback(
    (change: (basket: Basket) => Basket | null) => {
      const next = writeBasket(storage, change(readBasket(storage)));
      services.host.publish({ name: 'basket.updated', payload: { productCount: next.products.length } });
      return next;
    },
    [services, storage],
  );
  return [basket, update];
}
