import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { V1_PAYMENT_ORDER_PARAM, V1_PAYMENT_OUTCOME_PARAM, type V1Basket } from '@foyer/api/v1';
import { newGuid, withoutProduct, withProduct, type V1Choice } from './lines';
import { syncV1BasketAtLogin } from './sync';
import { selectV1Basket } from './v1BasketSlice';
import { clearV1Basket, saveV1Basket, shareV1Basket, updateV1Basket } from './v1BasketThunks';

export interface V1BasketView {
  basket: V1Basket | null;
  /** Adds a plan of a product (its line replaces that product's); `only`: the basket holds just it. */
  add(choice: V1Choice, only?: boolean): void;
  remove(productId: string): void;
  update(change: (basket: V1Basket | null) => V1Basket | null): V1Basket | null;
}

/**
 * The page's version 1 basket, live (every frame of the page), with its session rules (purchase
 * spec §4): when the session starts (or the widget opens logged in) it is synced to the server,
 * when it ends (logout) it is cleared, storage included.
 */
export function useV1Basket(): V1BasketView {
  const dispatch = useAppDispatch();
  const basket = useAppSelector(selectV1Basket);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const guid = useAppSelector((state) => state.session.guid);
  useEffect(() => dispatch(shareV1Basket()), [dispatch]);

  // Back from the payment page with this basket's order paid: the basket is done.
  const query = useAppSelector((state) => state.frame.query);
  const paidOrder = query[V1_PAYMENT_OUTCOME_PARAM] === 'PAID' ? query[V1_PAYMENT_ORDER_PARAM] : undefined;
  useEffect(() => {
    if (paidOrder && basket?._id === paidOrder) dispatch(saveV1Basket(null));
  }, [dispatch, paidOrder, basket?._id]);

  const wasLoggedIn = useRef<boolean | null>(null);
  useEffect(() => {
    const before = wasLoggedIn.current;
    wasLoggedIn.current = loggedIn;
    if (loggedIn && before !== true) void dispatch(syncV1BasketAtLogin());
    else if (!loggedIn && before === true) dispatch(clearV1Basket());
  }, [dispatch, loggedIn, guid]);

  const update = useCallback(
    (change: (basket: V1Basket | null) => V1Basket | null) => dispatch(updateV1Basket(change)),
    [dispatch],
  );
  const add = useCallback(
    (choice: V1Choice, only = false) =>
      update((current) =>
        withProduct(only ? null : current, choice, { accountId: guid ?? undefined, now: Date.now(), guid: newGuid }),
      ),
    [update, guid],
  );
  const remove = useCallback((productId: string) => update((current) => withoutProduct(current, productId)), [update]);
  return { basket, add, remove, update };
}
