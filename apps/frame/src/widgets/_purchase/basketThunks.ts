/**
 * The basket slice and its persistence kept in step: every change goes to storage and to the
 * slice at once; other frames' changes arrive through the transport.
 */
import { EMPTY_BASKET, type Basket } from '@foyer/api/widget';
import { basketChanged } from '../../store/basketSlice';
import type { AppThunk } from '../../store/thunk';
import { readStoredBasket, writeBasket } from './basketStorage';
import { listenToOtherFrames } from './basketTransport';

/**
 * The basket as stored now (another frame may have changed it since the slice last heard), else
 * the slice's copy where the browser refuses storage.
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

/** Fills the slice from storage and keeps it in step with the other frames; returns the stop function. */
export const syncBasket =
  (win: Window): AppThunk<() => void> =>
  (dispatch, _getState, extra) => {
    dispatch(basketChanged(dispatch(currentBasket())));
    return listenToOtherFrames(win, extra.storage.tab, (basket) => dispatch(basketChanged(basket)));
  };
