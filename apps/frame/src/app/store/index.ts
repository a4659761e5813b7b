import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { basketSlice } from './basketSlice';
import { frameSlice } from './frameSlice';
import { profileSlice } from './profileSlice';
import { memoryServices, type FrameServices } from './services';
import { sessionSlice } from './sessionSlice';
import { sharedStateMiddleware } from './sharedState';

/** The slices every route needs; a widget's own requests are injected when its code loads (requests.ts). */
export const rootReducer = combineSlices(sessionSlice, profileSlice, frameSlice, basketSlice);

export type RootState = ReturnType<typeof rootReducer>;
export type PreloadedState = Partial<RootState>;

/** One store per frame; tests make their own with preloaded state and fake services. */
export function makeStore(preloaded?: PreloadedState, services: FrameServices = memoryServices()) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services } }).prepend(sharedStateMiddleware(services)),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
