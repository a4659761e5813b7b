import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredSession } from './sessionStorage';

export interface SessionState {
  guid: string | null;
  sessionId: string | null;
  /** Idle expiry, epoch ms. */
  expiry: number | null;
  /** True: the session is kept in tab storage only. */
  sessionCookie: boolean;
  loggedIn: boolean;
}

export const loggedOutSession: SessionState = {
  guid: null,
  sessionId: null,
  expiry: null,
  sessionCookie: false,
  loggedIn: false,
};

export function sessionStateFrom(stored: StoredSession | null): SessionState {
  return stored ? { ...stored, loggedIn: true } : loggedOutSession;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: loggedOutSession,
  reducers: {
    sessionStarted: (_state, action: PayloadAction<StoredSession>) => sessionStateFrom(action.payload),
    sessionCleared: () => loggedOutSession,
  },
});

export const { sessionStarted, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
