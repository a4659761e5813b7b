import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './index';
import type { FrameServices } from './services';

/**
 * A thunk whose outcome the store does not keep (logging in, publishing, reading the services),
 * with the services as extra argument. Data a widget shows is loaded by createAppAsyncThunk
 * requests instead (asyncStatus.ts), whose status the store keeps.
 */
export type AppThunk<R = void> = ThunkAction<R, RootState, FrameServices, UnknownAction>;
