import { useCallback, useEffect } from 'react';
import type { Basket } from '@foyer/api/widget';
import { useAppDispatch, useAppSelector } from './hooks';
import { readBasket } from './basketStorage';
import { shareBasket, updateBasket } from './basketThunks';
import { useServices } from './useServices';

/**
 * The page's basket, live: re-renders when any frame of the page changes it. `update` applies a
 * change to the current basket (not a stale render copy) and publishes `basket.updated`.
 */
export function useBasket(): [Basket, (change: (basket: Basket) => Basket | null) => Basket] {
  const dispatch = useAppDispatch();
  const services = useServices();
  const synced = useAppSelector((state) => state.basket);
  // Shared for the frame's life once a purchase widget needs it (a second call does nothing new).
  useEffect(() => dispatch(shareBasket()), [dispatch]);
  const update = useCallback((change: (basket: Basket) => Basket | null) => dispatch(updateBasket(change)), [dispatch]);
  // Until the slice first heard of a basket (from storage or a sibling), storage has the page's basket.
  return [synced ?? readBasket(services.storage.tab), update];
}
