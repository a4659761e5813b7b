/**
 * The one pattern for server data: a request is a `createAppAsyncThunk` whose failures are
 * rejections carrying a FoyerError, and its progress lives in the store in one shape,
 * `RequestState`. An answer arrives only where its request is still the awaited one: the
 * reducers compare the action's requestId with the state's, so a superseded or aborted request
 * (a component gone, an argument changed) never overwrites a newer one.
 */
import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type SerializedError,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { foyerError, type FoyerError } from '@foyer/api';
import type { RootState } from './index';
import type { FrameServices } from './services';

export type AsyncStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Where a request is: its last answer (kept while a newer request loads) or its error. */
export type RequestState<T> = (
  | { status: 'idle'; data: T | null; error: null }
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'succeeded'; data: T; error: null }
  | { status: 'failed'; data: T | null; error: FoyerError }
) & {
  /** The request whose answer the state awaits (createAsyncThunk's requestId). */
  requestId: string | null;
};

export function idleRequest<T>(): RequestState<T> {
  return { status: 'idle', data: null, error: null, requestId: null };
}

export interface AppThunkConfig {
  state: RootState;
  dispatch: ThunkDispatch<RootState, FrameServices, UnknownAction>;
  extra: FrameServices;
  rejectValue: FoyerError;
}

export const createAppAsyncThunk = createAsyncThunk.withTypes<AppThunkConfig>();

export type AppAsyncThunk<T, Arg> = AsyncThunk<T, Arg, AppThunkConfig>;

/** A thrown exception (a bug, not a server answer) shows as the generic technical error. */
function rejectionError(payload: FoyerError | undefined, error: SerializedError): FoyerError {
  if (payload) return payload;
  console.error('Foyer: a request failed', error);
  return foyerError('technical_difficulties');
}

/** The pending/fulfilled/rejected cases that keep a `RequestState` (the slice's whole state) for `thunk`. */
export function trackRequest<T, Arg>(
  builder: ActionReducerMapBuilder<RequestState<T>>,
  thunk: AppAsyncThunk<T, Arg>,
): void {
  builder
    .addCase(thunk.pending, (state, action): RequestState<T> => ({
      status: 'loading',
      data: state.data as T | null,
      error: null,
      requestId: action.meta.requestId,
    }))
    .addCase(thunk.fulfilled, (state, action) =>
      state.requestId === action.meta.requestId
        ? { status: 'succeeded', data: action.payload, error: null, requestId: null }
        : state,
    )
    .addCase(thunk.rejected, (state, action): RequestState<T> | void => {
      if (state.requestId !== action.meta.requestId) return;
      const data = state.data as T | null;
      // Aborted by its component: nobody waits for it; the next request starts afresh.
      if (action.meta.aborted) return { status: 'idle', data, error: null, requestId: null };
      return { status: 'failed', data, error: rejectionError(action.payload, action.error), requestId: null };
    });
}

/**
 * The same cases for requests kept side by side in a record (one per field, item …), each under
 * the key its argument names. `forget` (an action of the slice) may drop an entry meanwhile.
 */
export function trackKeyedRequest<T, Arg>(
  builder: ActionReducerMapBuilder<Record<string, RequestState<T>>>,
  thunk: AppAsyncThunk<T, Arg>,
  keyOf: (arg: Arg) => string,
): void {
  // Immer's draft of a generic record is not assignable from plain values: write through its plain view.
  type Entries = Record<string, RequestState<T>>;
  builder
    .addCase(thunk.pending, (draft, action) => {
      const state = draft as unknown as Entries;
      const key = keyOf(action.meta.arg);
      const data = state[key]?.data ?? null;
      state[key] = { status: 'loading', data, error: null, requestId: action.meta.requestId };
    })
    .addCase(thunk.fulfilled, (draft, action) => {
      const state = draft as unknown as Entries;
      const key = keyOf(action.meta.arg);
      if (state[key]?.requestId !== action.meta.requestId) return;
      state[key] = { status: 'succeeded', data: action.payload, error: null, requestId: null };
    })
    .addCase(thunk.rejected, (draft, action) => {
      const state = draft as unknown as Entries;
      const key = keyOf(action.meta.arg);
      if (state[key]?.requestId !== action.meta.requestId) return;
      state[key] = action.meta.aborted
        ? idleRequest<T>()
        : { status: 'failed', data: null, error: rejectionError(action.payload, action.error), requestId: null };
    });
}
