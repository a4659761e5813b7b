/**
 * A widget's own server data: a slice holding one `RequestState`, injected into the root reducer
 * when the widget's code loads (combineSlices' lazy slices), so the entry chunk carries no
 * widget's requests.
 */
import { createSlice, type AsyncThunkAction } from '@reduxjs/toolkit';
import { idleRequest, trackRequest, type AppAsyncThunk, type AppThunkConfig, type RequestState } from './asyncStatus';
import { rootReducer, type RootState } from './index';

export interface RequestSlice<T, Arg> {
  start: (arg: Arg) => AsyncThunkAction<T, Arg, AppThunkConfig>;
  select: (state: RootState) => RequestState<T>;
}

export function createRequest<T, Arg>(name: string, thunk: AppAsyncThunk<T, Arg>): RequestSlice<T, Arg> {
  const slice = createSlice({
    name,
    initialState: idleRequest<T>(),
    reducers: {},
    extraReducers: (builder) => trackRequest(builder, thunk),
  }).injectInto(rootReducer);
  return {
    // AsyncThunk's call signature depends on whether Arg may be omitted; here it is always given.
    start: thunk as unknown as (arg: Arg) => AsyncThunkAction<T, Arg, AppThunkConfig>,
    // Before its first action the injected slice has no state yet: selectSlice answers the initial one.
    select: (state) => slice.selectSlice(state as RootState & Partial<Record<string, RequestState<T>>>),
  };
}
