/** The console's store: the admin API's cache and who is signed in. `makeStore` per test. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';
import { authSlice, sessionEnded, signedOut } from './authSlice';

const rootReducer = combineReducers({ auth: authSlice.reducer, [adminApi.reducerPath]: adminApi.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
  // What one operator's session cached is not shown to the next one.
  store.subscribe(
    (() => {
      let last = store.getState().auth.session;
      return () => {
        const previous = last;
        last = store.getState().auth.session;
        if (previous && !last) store.dispatch(adminApi.util.resetApiState());
      };
    })(),
  );
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export { sessionEnded, signedOut };
