import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { syncSessionFromStorage } from '../../app/store/sessionThunks';
import { useFrameEvents } from '../../app/store/useFrameEvents';

/**
 * Events after which the account widgets read their data again (issue 13: login, logout and the
 * session events; and the account area's own changes made in another frame of the page).
 */
const RELOAD_ON: ReadonlySet<string> = new Set([
  'login.success',
  'logout.action',
  'session.refresh',
  'session.expired',
  'beneficiary.invited',
  'beneficiary.removed',
  'grant.accepted',
  'grant.declined',
  'subscription.cancelled',
  'subscription.paid',
]);

/**
 * Whether the visitor is logged in, and the session id the widgets' requests depend on (pass it
 * as `reloadOn`); `onChange` runs after another frame's session or account event was adopted.
 */
export function useAccountSession(onChange: () => void): { loggedIn: boolean; sessionId: string | null } {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const sessionId = useAppSelector((state) => state.session.sessionId);
  const handler = useCallback(() => {
    dispatch(syncSessionFromStorage());
    onChange();
  }, [dispatch, onChange]);
  useFrameEvents(RELOAD_ON, handler);
  return { loggedIn, sessionId };
}
