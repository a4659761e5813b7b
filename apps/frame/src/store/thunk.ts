import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './index';
import type { FrameServices } from './services';

/**
 * Plain redux-thunk thunks with the services as extra argument. (createAsyncThunk would add
 * ~1 KB gzip to the login route for pending/fulfilled actions nothing here listens to.)
 */
export type AppThunk<R = void> = ThunkAction<R, RootState, FrameServices, UnknownAction>;
