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
const notLoggedIn: ProfileState = { state: 'not-logged-in', data: null, error: null };

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileLoaded: (_state, action: PayloadAction<UserProfile>): ProfileState => {
      const data = action.payload;
      return { state: data.state === 'LOCKED' ? 'account-locked' : 'available', data, error: null };
    },
    profileLocked: (): ProfileState => ({ state: 'account-locked', data: null, error: null }),
    profileNotLoggedIn: () => notLoggedIn,
    /** A failed load keeps what was shown and adds the error. */
    profileFailed: (state, action: PayloadAction<FoyerError>) => {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => notLoggedIn);
    // Another account's profile must never show under a new session.
    builder.addCase(sessionStarted, (state, action) =>
      state.data && state.data.guid !== action.payload.guid ? initialState : state,
    );
  },
});

export const { profileLoaded, profileLocked, profileNotLoggedIn, profileFailed } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
