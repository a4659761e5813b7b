/**
 * Every widget-service call of the purchase widgets (purchase spec §7) goes through `callWidget`:
 * the base URL is the page's pmDomain (default: the widgets server's `/pm/api`), the session
 * travels in the Authorization header (never in the URL, where logs would keep it), responses are
 * checked by the shared schemas and errors are normalised by purchase spec §8.
 */
import { callEndpoint, formatAuthorization, type ApiResult, type CallOptions, type Endpoint } from '@foyer/api';
import { normalizePurchaseError } from '@foyer/api/widget';
import { expireSession, type IdentityCallApi } from './identityClient';
import type { RootState } from './index';
import { selectServiceName } from './selectors';
import type { FrameServices } from './services';

/** The widget-service base URL: the page's pmDomain, else `/pm/api` beside the identity API. */
export function selectPmDomain(state: RootState): string {
  if (state.frame.settings.pmDomain) return state.frame.settings.pmDomain;
  if (state.frame.config.pmDomain) return state.frame.config.pmDomain;
  try {
    return new URL(state.frame.config.icDomain).origin + '/pm/api';
  } catch {
    return '/pm/api';
  }
}

export async function callWidget<P extends Record<string, string>, B, R>(
  api: IdentityCallApi,
  endpoint: Endpoint<P, B, R>,
  call: CallOptions<P, B> = {},
  options: { normalize?: typeof normalizePurchaseError; headers?: Record<string, string> } = {},
): Promise<ApiResult<R>> {
  const services = api.extra as FrameServices;
  const state = api.getState() as RootState;
  const sentSession = !!state.session.sessionId;
  const result = await callEndpoint(
    {
      baseUrl: selectPmDomain(state),
      authorization: () => {
        const { session } = api.getState() as RootState;
        return formatAuthorization({
          serviceName: selectServiceName(state),
          sessionId: session.sessionId ?? undefined,
        });
      },
      fetch: services.fetch,
      frameToken: state.frame.config.serviceToken,
      normalize: options.normalize ?? normalizePurchaseError,
      ...(options.headers ? { headers: options.headers } : {}),
    },
    endpoint,
    call,
  );
  // An expired session mid-checkout: clear it and tell the page, as identity calls do (identity
  // spec §4). The widget service answers not_logged_in to a session it no longer knows (ended
  // elsewhere): for the visitor that session has ended too, and the next checkout asks for a login.
  const code = result.ok ? null : result.error.code;
  if (
    (code === 'SESSION_HAS_EXPIRED' || (code === 'not_logged_in' && sentSession)) &&
    (api.getState() as RootState).session.loggedIn
  ) {
    api.dispatch(expireSession());
  }
  return result;
}
