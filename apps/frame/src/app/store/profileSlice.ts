import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FoyerError, UserProfile } from '@foyer/api';
import type { AsyncStatus } from './asyncStatus';
import { loadProfile } from './loadProfile';
import { sessionCleared, sessionStarted } from './sessionSlice';

/** The profile display's panes (identity spec §2, §4). `none` is the loading state. */
export type ProfilePaneState = 'none' | 'available' | 'not-logged-in' | 'account-locked';

export interface ProfileState {
  state: ProfilePaneState;
  /** The account the profile (or the load awaited) belongs to. */
  guid: string | null;
  data: UserProfile | null;
  /** The last load's failure; a failed load keeps what was shown. */
  error: FoyerError | null;
  status: AsyncStatus;
  /** The load whose answer the slice awaits (createAsyncThunk's requestId). */
  requestId: string | null;
}

const initialState: ProfileState = {
  state: 'none',
  guid: null,
  data: null,
  error: null,
  status: 'idle',
  requestId: null,
};
const notLoggedIn: ProfileState = { ...initialState, state: 'not-logged-in' };

function loaded(data: UserProfile): ProfileState {
  const state = data.state === 'LOCKED' ? 'account-locked' : 'available';
  return { ...initialState, state, guid: data.guid, data, status: 'succeeded' };
}

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    /** A profile fetched by another path (edit profile's reload after an update). */
    profileLoaded: (state, action: PayloadAction<UserProfile>) => ({
      ...loaded(action.payload),
      requestId: state.requestId,
    }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadProfile.pending, (state, action) => {
        state.status = 'loading';
        state.requestId = action.meta.requestId;
        state.guid = action.meta.arg;
      })
      .addCase(loadProfile.fulfilled, (state, action) => {
        if (state.requestId !== action.meta.requestId) return state;
        return action.payload ? loaded(action.payload) : { ...notLoggedIn, status: 'succeeded' };
      })
      .addCase(loadProfile.rejected, (state, action) => {
        if (state.requestId !== action.meta.requestId) return state;
        if (action.payload?.code === 'USER_PROFILE_LOCKED') {
          return { ...initialState, state: 'account-locked', guid: state.guid, status: 'succeeded' };
        }
        state.requestId = null;
        state.status = 'failed';
        state.error = action.payload ?? null;
      })
      .addCase(sessionCleared, () => notLoggedIn)
      // Another account's profile must never show under a new session (nor its load's answer).
      .addCase(sessionStarted, (state, action) =>
        state.guid && state.guid !== action.payload.guid ? initialState : state,
      );
  },
});

export const { profileLoaded } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
