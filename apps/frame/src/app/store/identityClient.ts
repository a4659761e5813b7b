/**
 * Every identity call of the frame goes through `callIdentity`: the base URL and the
 * Authorization header (service name + session id) come from the store, the calling application's
 * name goes in APP_NAME_HEADER (page setting icAppName), responses are validated
 * by the shared endpoint schemas, errors arrive as FoyerError. No cookies: `callEndpoint` sends
 * `credentials: 'omit'` (a third-party frame's cookies are blocked by browsers anyway).
 */
import {
  APP_NAME_HEADER,
  callEndpoint,
  formatAuthorization,
  type ApiResult,
  type CallOptions,
  type Endpoint,
} from '@foyer/api';
import type { UnknownAction, ThunkDispatch } from '@reduxjs/toolkit';
import type { RootState } from './index';
import { selectIcAppName, selectIcDomain, selectServiceName } from './selectors';
import type { FrameServices } from './services';
import { clearSession } from './sessionStorage';
import { sessionCleared } from './sessionSlice';
import type { AppThunk } from './thunk';

/** What a thunk's API (plain or createAsyncThunk's) gives a call. */
export interface IdentityCallApi {
  getState: () => unknown;
  dispatch: ThunkDispatch<RootState, FrameServices, UnknownAction>;
  extra: unknown;
}

/** Any answer SESSION_HAS_EXPIRED: clear everything and tell the page (identity spec §4). */
export const expireSession = (): AppThunk => (dispatch, _getState, extra) => {
  // The shared SSO cookie may still name the dead session: the server drops it when SSO refresh
  // next asks (GET /session/sso), since no script here can touch it.
  clearSession(extra.storage);
  dispatch(sessionCleared());
  extra.host.publish({ name: 'session.expired', payload: {} });
};

export async function callIdentity<P extends Record<string, string>, B, R>(
  api: IdentityCallApi,
  endpoint: Endpoint<P, B, R>,
  call: CallOptions<P, B> = {},
  options: { handleExpiry?: boolean; sessionId?: string } = {},
): Promise<ApiResult<R>> {
  const services = api.extra as FrameServices;
  const state = api.getState() as RootState;
  const sentSession = !!state.session.sessionId;
  const result = await callEndpoint(
    {
      baseUrl: selectIcDomain(state),
      authorization: () => {
        const { session } = api.getState() as RootState;
        return formatAuthorization({
          serviceName: selectServiceName(state),
          sessionId: options.sessionId ?? session.sessionId ?? undefined,
        });
      },
      fetch: services.fetch,
      // Binds the call to the service this frame page was served for (FRAME_TOKEN_HEADER).
      frameToken: state.frame.config.serviceToken,
      // The calling application, named to the identity server (page setting icAppName).
      headers: { [APP_NAME_HEADER]: selectIcAppName(state) },
    },
    endpoint,
    call,
  );
  // A session the server no longer knows (ended elsewhere, deleted, expired and pruned) answers
  // UNAUTHORIZED to a call that carried it: for the visitor that is an expired session as well.
  if (
    !result.ok &&
    (result.error.code === 'SESSION_HAS_EXPIRED' || (result.error.code === 'UNAUTHORIZED' && sentSession)) &&
    options.handleExpiry !== false &&
    (api.getState() as RootState).session.loggedIn
  ) {
    api.dispatch(expireSession());
  }
  return result;
}
