import { createAction, type UnknownAction } from '@reduxjs/toolkit';
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

/*
 * The slices are plain reducers over RTK's createAction, not createSlice: createSlice brings immer
 * (~7 KB gzip) onto every route, and these few transitions are as clear written immutably.
 */
export const sessionStarted = createAction<StoredSession>('session/sessionStarted');
export const sessionCleared = createAction('session/sessionCleared');

export function sessionReducer(state: SessionState = loggedOutSession, action: UnknownAction): SessionState {
  if (sessionStarted.match(action)) return sessionStateFrom(action.payload);
  if (sessionCleared.match(action)) return loggedOutSession;
  return state;
}
