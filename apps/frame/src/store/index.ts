import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { frameSlice } from './frameSlice';
import { profileSlice } from './profileSlice';
import { memoryServices, type FrameServices } from './services';
import { sessionSlice } from './sessionSlice';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  profile: profileSlice.reducer,
  frame: frameSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type PreloadedState = Partial<RootState>;

/** One store per frame; tests make their own with preloaded state and fake services. */
export function makeStore(preloaded?: PreloadedState, services: FrameServices = memoryServices()) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
