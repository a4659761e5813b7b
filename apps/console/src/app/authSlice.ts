/**
 * Who is signed in to the console, and the CSRF token their writes carry. Set from GET /session on
 * load and from POST /session on sign-in; cleared by a sign-out, or by a 401 from any call (the
 * session ended: idle timeout, or ended elsewhere), which the sign-in page then says.
 */
import type { OperatorSession } from '@foyer/api/admin';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  session: OperatorSession | null;
  /** The last session ended by the server (a 401), not by the operator: the sign-in page says so. */
  ended: boolean;
}

const initialState: AuthState = { session: null, ended: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted: (_state, action: PayloadAction<OperatorSession>) => ({ session: action.payload, ended: false }),
    sessionEnded: () => ({ session: null, ended: true }),
    signedOut: () => ({ session: null, ended: false }),
  },
});

export const { sessionStarted, sessionEnded, signedOut } = authSlice.actions;
