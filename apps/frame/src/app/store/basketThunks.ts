/**
 * The basket slice, its persistence and the page's other frames kept in step: every change goes
 * to storage (where the browser grants it) and to the slice at once, and the shared-state
 * listener tells the siblings (store/sharedState.ts); their changes arrive through `shareBasket`.
 */
import { basketSchema, EMPTY_BASKET, type Basket } from '@foyer/api/widget';
import { basketChanged } from './basketSlice';
import { fromElsewhere } from './elsewhere';
import type { AppThunk } from './thunk';
import { readStoredBasket, writeBasket } from './basketStorage';

/**
 * The basket as stored now (another frame may have stored a change whose message is still on its
 * way), else the slice's copy where the browser refuses storage.
 */
export const currentBasket = (): AppThunk<Basket> => (_dispatch, getState, extra) =>
  readStoredBasket(extra.storage.tab) ?? getState().basket ?? EMPTY_BASKET;

/** Stores the basket (null: removes it) and puts it in the slice; returns what was stored. */
export const saveBasket =
  (basket: Basket | null): AppThunk<Basket> =>
  (dispatch, _getState, extra) => {
    const next = writeBasket(extra.storage.tab, basket);
    dispatch(basketChanged(next));
    return next;
  };

/** Applies a visitor's change to the current basket and tells the page (basket.updated). */
export const updateBasket =
  (change: (basket: Basket) => Basket | null): AppThunk<Basket> =>
  (dispatch, _getState, extra) => {
    const next = dispatch(saveBasket(change(dispatch(currentBasket()))));
    extra.host.publish({ name: 'basket.updated', payload: { productCount: next.products.length } });
    return next;
  };

/**
 * The paid order's basket is removed (purchase spec §4). A basket that names another order is
 * someone else's checkout and stays. Both the frame that paid and the frame that ran the checkout
 * call it: where storage is refused, the runner's copy may not yet have heard the payer's change,
 * and clearing its checkout marker from that copy would put the paid products back.
 */
export const basketPaid =
  (orderId: string): AppThunk =>
  (dispatch) => {
    const basket = dispatch(currentBasket());
    if (basket.id && basket.id !== orderId) return;
    dispatch(saveBasket(null));
  };

/**
 * Fills the slice from storage (where granted) and shares the basket with the frames of this page
 * (purchase spec §3: kept per tab, so another tab's or page's basket is never taken). A frame that
 * joins later takes a sibling's basket only while it has none: storage, where granted, is the
 * page's basket already.
 */
export const shareBasket = (): AppThunk => (dispatch, getState, extra) => {
  const stored = readStoredBasket(extra.storage.tab);
  if (stored) dispatch(fromElsewhere(basketChanged(stored)));
  extra.siblings?.share<Basket>('basket', {
    schema: basketSchema,
    current: (samePage) => (samePage ? (getState().basket ?? undefined) : undefined),
    receive: (basket, { samePage, snapshot }) => {
      if (!samePage || (snapshot && getState().basket !== null)) return;
      dispatch(fromElsewhere(basketChanged(basket)));
    },
  });
};
