import { createAction, type UnknownAction } from '@reduxjs/toolkit';
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

export const profileLoaded = createAction<UserProfile>('profile/profileLoaded');
export const profileLocked = createAction('profile/profileLocked');
export const profileNotLoggedIn = createAction('profile/profileNotLoggedIn');
/** A failed load keeps what was shown and adds the error. */
export const profileFailed = createAction<FoyerError>('profile/profileFailed');

const notLoggedIn: ProfileState = { state: 'not-logged-in', data: null, error: null };

export function profileReducer(state: ProfileState = initialState, action: UnknownAction): ProfileState {
  if (profileLoaded.match(action)) {
    const data = action.payload;
    return { state: data.state === 'LOCKED' ? 'account-locked' : 'available', data, error: null };
  }
  if (profileLocked.match(action)) return { state: 'account-locked', data: null, error: null };
  if (profileNotLoggedIn.match(action) || sessionCleared.match(action)) return notLoggedIn;
  if (profileFailed.match(action)) return { ...state, error: action.payload };
  // Another account's profile must never show under a new session.
  if (sessionStarted.match(action)) {
    return state.data && state.data.guid !== action.payload.guid ? initialState : state;
  }
  return state;
}
