/**
 * The version 1 basket slice, its storage and the page's other frames kept in step, as the
 * version 2 basket (app/store/basketThunks.ts): every change goes to storage (where the
 * browser grants it), to the slice, and to the siblings on the `v1basket` topic. It is published
 * here rather than by store/sharedState.ts so the version 1 code stays out of every other route.
 */
import * as z from 'zod/mini';
import { fromElsewhere } from '../../app/store/elsewhere';
import type { AppThunk } from '../../app/store/thunk';
import { v1BasketSchema, type V1Basket } from '@foyer/api/v1';
import { selectV1Basket, v1BasketChanged } from './v1BasketSlice';
import { readStoredV1Basket, writeV1Basket } from './v1BasketStorage';

/** The basket as stored now (a sibling's change may still be on its way), else the slice's copy. */
export const currentV1Basket = (): AppThunk<V1Basket | null> => (_dispatch, getState, extra) => {
  const stored = readStoredV1Basket(extra.storage.tab);
  return stored === undefined ? selectV1Basket(getState()) : stored;
};

/** Stores the basket (null: removes it), puts it in the slice and tells the siblings. */
export const saveV1Basket =
  (basket: V1Basket | null): AppThunk<V1Basket | null> =>
  (dispatch, _getState, extra) => {
    const next = writeV1Basket(extra.storage.tab, basket);
    dispatch(v1BasketChanged(next));
    extra.siblings?.publish('v1basket', next);
    return next;
  };

/** Applies a visitor's change to the current basket and tells the page (basket.updated). */
export const updateV1Basket =
  (change: (basket: V1Basket | null) => V1Basket | null): AppThunk<V1Basket | null> =>
  (dispatch, _getState, extra) => {
    const next = dispatch(saveV1Basket(change(dispatch(currentV1Basket()))));
    extra.host.publish({ name: 'basket.updated', payload: { productCount: next?.products.length ?? 0 } });
    return next;
  };

/**
 * Fills the slice from storage and shares the basket with this page's frames (kept per tab: a
 * basket of another tab or page is never taken). A stored basket of another account than the
 * session's (its owner logged out on a page without a version 1 frame) is dropped: logout clears it.
 */
export const shareV1Basket = (): AppThunk => (dispatch, getState, extra) => {
  const stored = readStoredV1Basket(extra.storage.tab);
  if (stored?.accountId && stored.accountId !== getState().session.guid) {
    writeV1Basket(extra.storage.tab, null);
  } else if (stored) {
    dispatch(fromElsewhere(v1BasketChanged(stored)));
  }
  extra.siblings?.share<V1Basket | null>('v1basket', {
    schema: z.nullable(v1BasketSchema),
    current: (samePage) => (samePage ? (selectV1Basket(getState()) ?? undefined) : undefined),
    receive: (basket, { samePage, snapshot }) => {
      if (!samePage || (snapshot && selectV1Basket(getState()) !== null)) return;
      dispatch(fromElsewhere(v1BasketChanged(basket)));
    },
  });
};

/** Logout (purchase spec §4): the basket goes, from storage too. The siblings clear their own. */
export const clearV1Basket = (): AppThunk => (dispatch, _getState, extra) => {
  writeV1Basket(extra.storage.tab, null);
  dispatch(fromElsewhere(v1BasketChanged(null)));
};
