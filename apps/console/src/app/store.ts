/** The console's store: the admin API's cache and who is signed in. `makeStore` per test. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';
import { authSlice } from './authSlice';

const rootReducer = combineReducers({ auth: authSlice.reducer, [adminApi.reducerPath]: adminApi.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
