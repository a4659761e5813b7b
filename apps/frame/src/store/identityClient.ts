/**
 * Every identity call of the frame goes through `callIdentity`: the base URL and the
 * Authorization header (service name + session id) come from the store, responses are validated
 * by the shared endpoint schemas, errors arrive as FoyerError. No cookies: `callEndpoint` sends
 * `credentials: 'omit'` (a third-party frame's cookies are blocked by browsers anyway).
 */
import { callEndpoint, formatAuthorization, type ApiResult, type CallOptions, type Endpoint } from '@foyer/api';
import type { UnknownAction, ThunkDispatch } from '@reduxjs/toolkit';
import type { RootState } from './index';
import { selectIcDomain, selectServiceName } from './selectors';
import type { FrameServices } from './services';
import { clearSession } from './sessionStorage';
import { sessionCleared } from './sessionSlice';
import type { AppThunk } from './thunk';

/** What thunks and RTK Query base queries both have. */
export interface IdentityCallApi {
  getState: () => unknown;
  dispatch: ThunkDispatch<RootState, FrameServices, UnknownAction>;
  extra: unknown;
}

/** Any answer SESSION_HAS_EXPIRED: clear everything and tell the page (identity spec §4). */
export const expireSession = (): AppThunk => (dispatch, _getState, extra) => {
  clearSession(extra.storage);
  dispatch(sessionCleared());
  extra.host.publish({ name: 'session.expired', payload: {} });
};

export async function callIdentity<P extends Record<string, string>, B, R>(
  api: IdentityCallApi,
  endpoint: Endpoint<P, B, R>,
  call: CallOptions<P, B> = {},
  options: { handleExpiry?: boolean } = {},
): Promise<ApiResult<R>> {
  const services = api.extra as FrameServices;
  const state = api.getState() as RootState;
  const result = await callEndpoint(
    {
      baseUrl: selectIcDomain(state),
      authorization: () => {
        const { session } = api.getState() as RootState;
        return formatAuthorization({
          serviceName: selectServiceName(state),
          sessionId: session.sessionId ?? undefined,
        });
      },
      fetch: services.fetch,
    },
    endpoint,
    call,
  );
  if (
    !result.ok &&
    result.error.code === 'SESSION_HAS_EXPIRED' &&
    options.handleExpiry !== false &&
    (api.getState() as RootState).session.loggedIn
  ) {
    api.dispatch(expireSession());
  }
  return result;
}
