import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Basket } from '@foyer/api/widget';

/**
 * The page's basket as this frame holds it (purchase spec §3, §9). Its persistence is the
 * widgets origin's sessionStorage, shared by the page's purchase frames
 * (widgets/_purchase/basketThunks.ts keeps the two in step). null until first read from there.
 * Where the browser refuses storage, this state is the only copy.
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
