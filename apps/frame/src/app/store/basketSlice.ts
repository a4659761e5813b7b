import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Basket } from '@foyer/api/widget';

/**
 * The page's basket as this frame holds it (purchase spec §3, §9), its running checkout step
 * included (`checkout`). The page's frames tell one another every change over their channel
 * (sharedState.ts, basketThunks.ts); the widgets origin's sessionStorage
 * persists it where the browser grants it. null until this frame first heard of a basket (storage
 * or a sibling); where storage is refused, the frames' slices are the only copies.
 */
export type BasketState = Basket | null;

export const basketSlice = createSlice({
  name: 'basket',
  initialState: null as BasketState,
  reducers: {
    basketChanged: (_state, action: PayloadAction<Basket>) => action.payload,
  },
});

export const { basketChanged } = basketSlice.actions;
