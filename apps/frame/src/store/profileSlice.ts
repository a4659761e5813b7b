import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FoyerError, UserProfile } from '@foyer/api';
import { sessionCleared, sessionStarted } from './sessionSlice';

/** The profile display's panes (identity spec §2, §4). `none` is the loading state. */
export type ProfilePaneState = 'none' | 'available' | 'not-logged-in' | 'account-locked';

export interface ProfileState {
  state: ProfilePaneState;
  data: UserProfile | null;
  error: FoyerError | null;
}

const initialState: ProfileState = { state: 'none', data: null, error: null };

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileLoaded: (_state, action: PayloadAction<UserProfile>) => ({
      state: action.payload.state === 'LOCKED' ? 'account-locked' : 'available',
      data: action.payload,
      error: null,
    }),
    profileLocked: () => ({ state: 'account-locked' as const, data: null, error: null }),
    profileNotLoggedIn: () => ({ state: 'not-logged-in' as const, data: null, error: null }),
    /** A failed load keeps what was shown and adds the error. */
    profileFailed: (state, action: PayloadAction<FoyerError>) => {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => ({ state: 'not-logged-in' as const, data: null, error: null }))
      // Another account's profile must never show under a new session.
      .addCase(sessionStarted, (state, action) =>
        state.data && state.data.guid !== action.payload.guid ? initialState : state,
      );
  },
});

export const { profileLoaded, profileLocked, profileNotLoggedIn, profileFailed } = profileSlice.actions;
