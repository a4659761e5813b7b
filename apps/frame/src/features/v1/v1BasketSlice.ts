import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import { sessionCleared } from '../../app/store/sessionSlice';
import type { V1Basket } from '@foyer/api/v1';

/**
 * The version 1 basket as this frame holds it (purchase spec §3, §4): null while there is none.
 * Injected when a version 1 widget loads, so no other route carries it. Storage (sessionStorage,
 * `evBasketKey`) and the page's other frames are kept in step by v1BasketThunks.ts.
 */
export const v1BasketSlice = createSlice({
  name: 'v1Basket',
  initialState: null as V1Basket | null,
  reducers: {
    v1BasketChanged: (_state, action: PayloadAction<V1Basket | null>) => action.payload,
  },
  // Purchase spec §4: logout clears the version 1 basket (this frame's copy; storage: useV1Basket).
  extraReducers: (builder) => builder.addCase(sessionCleared, () => null),
}).injectInto(rootReducer);

export const { v1BasketChanged } = v1BasketSlice.actions;

export const selectV1Basket = (state: RootState): V1Basket | null =>
  v1BasketSlice.selectSlice(state as RootState & { v1Basket?: V1Basket | null }) ?? null;
