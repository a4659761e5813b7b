/**
 * Direct debit (purchase spec §4, §5): request a mandate (the provider answers a redirect URL the
 * loader sends the top window to), then complete it from the page the provider sends back to.
 */
import type { FoyerError } from '@foyer/api';
import { catalogueError, completeDirectDebit, requestDirectDebit } from '@foyer/api/widget';
import type { FrameServices } from '../../../app/store/services';
import type { AppThunk } from '../../../app/store/thunk';
import { basketPaid } from '../../../app/store/basketThunks';
import { callWidget } from '../../../app/store/widgetClient';

/** Query parameters the provider appends to the return page; never carried into a new return URL. */
const RETURN_PARAMETERS = ['orderId', 'redirect_flow_id'];

/** https anywhere; http only on this machine (local development and the stand-ins). */
export function isSafeRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** The return page: the returnUrl attribute, else the host page itself without old return parameters. */
export function returnUrlOf(attribute: string | undefined, hostUrl: string | null): string | null {
  const base = attribute ?? hostUrl;
  if (!base) return null;
  try {
    const url = new URL(base);
    for (const name of RETURN_PARAMETERS) url.searchParams.delete(name);
    return url.href;
  } catch {
    return null;
  }
}

const failed = (extra: FrameServices, error: FoyerError) => {
  extra.host.publish({ name: 'directDebit.failed', payload: { code: error.code, statusCode: error.statusCode } });
  return error;
};

/** Requests the mandate and hands the top window to the provider. null: navigating away. */
export const startDirectDebit =
  (input: { orderId: string | undefined; returnUrl: string | undefined }): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    if (!getState().session.loggedIn) return failed(extra, catalogueError('not_logged_in'));
    if (!input.orderId) return failed(extra, catalogueError('undefined_order_id'));
    const successRedirectUrl = returnUrlOf(input.returnUrl, getState().frame.hostUrl);
    if (!successRedirectUrl) return failed(extra, catalogueError('checkout_error'));
    const result = await callWidget({ dispatch, getState, extra }, requestDirectDebit, {
      params: { orderId: input.orderId },
      body: { successRedirectUrl },
    });
    if (!result.ok) return failed(extra, result.error);
    if (!isSafeRedirect(result.data.redirectUrl)) return failed(extra, catalogueError('redirect_url_invalid'));
    extra.host.publish({ name: 'directDebit.redirect', payload: { orderId: input.orderId } });
    const accepted = await extra.host.navigate(result.data.redirectUrl);
    return accepted ? null : failed(extra, catalogueError('redirect_url_invalid'));
  };

/** Ids as the server issues them (order uuids, provider flow ids): nothing else is sent on. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Completes the mandate from the return page's orderId and redirect_flow_id (spec §5). */
export const finishDirectDebit =
  (query: Record<string, string>): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const orderId = query.orderId ?? '';
    const redirectFlowId = query.redirect_flow_id ?? '';
    if (!ID.test(orderId)) return failed(extra, catalogueError('directdebit_query_param_order_id_invalid'));
    if (!ID.test(redirectFlowId)) {
      return failed(extra, catalogueError('directdebit_query_param_redirect_flow_id_invalid'));
    }
    if (!getState().session.loggedIn) return failed(extra, catalogueError('not_logged_in'));
    const result = await callWidget({ dispatch, getState, extra }, completeDirectDebit, {
      params: { orderId },
      body: { redirectFlowId, processImmediately: true },
    });
    if (!result.ok) return failed(extra, result.error);
    dispatch(basketPaid(orderId));
    extra.host.publish({ name: 'directDebit.success', payload: { orderId } });
    return null;
  };
