import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { frameReducer } from './frameSlice';
import { profileReducer } from './profileSlice';
import { memoryServices, type FrameServices } from './services';
import { sessionReducer } from './sessionSlice';

const rootReducer = combineReducers({
  session: sessionReducer,
  profile: profileReducer,
  frame: frameReducer,
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
