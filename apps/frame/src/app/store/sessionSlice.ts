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
  /**
   * The secure session of this frame's last password proof (secure mode), in memory: storage
   * keeps it too where the browser grants it, but where it refuses third-party storage memory is
   * all. Never shared with the page's other frames.
   */
  secureSession: SecureSession | null;
}

export interface SecureSession {
  sessionId: string;
  /** Expiry, epoch ms. */
  expiry: number;
}

export const loggedOutSession: SessionState = {
  guid: null,
  sessionId: null,
  expiry: null,
  sessionCookie: false,
  loggedIn: false,
  secureSession: null,
};

export function sessionStateFrom(stored: StoredSession | null): SessionState {
  return stored ? { ...stored, loggedIn: true, secureSession: null } : loggedOutSession;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: loggedOutSession,
  reducers: {
    // A refreshed main session of the same account keeps the secure session proved with it.
    sessionStarted: (state, action: PayloadAction<StoredSession>) => ({
      ...sessionStateFrom(action.payload),
      secureSession: state.guid === action.payload.guid ? state.secureSession : null,
    }),
    secureSessionStarted: (state, action: PayloadAction<SecureSession>) => {
      state.secureSession = action.payload;
    },
    sessionCleared: () => loggedOutSession,
  },
});

export const { sessionStarted, sessionCleared, secureSessionStarted } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
