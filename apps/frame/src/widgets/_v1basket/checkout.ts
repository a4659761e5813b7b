/**
 * The version 1 checkout (purchase spec §4, §5, §7): without a session it fails with not_logged_in
 * (and opens the login where the page allows, as the version 2 checkout does); the basket is
 * validated client-side (400 'Client-side validation failed'); then
 * POST /transaction?channel=web&op=P_SUB, and the loader posts a hidden form with the answer to
 * its payment URL. The server validates and prices the order again: this is for the visitor's sake.
 */
import { catalogueError } from '@foyer/api/widget';
import type { FoyerError } from '@foyer/api';
import type { AppThunk } from '../../store/thunk';
import { callWidget } from '../_purchase/widgetClient';
import { postV1Transaction, validateV1Order } from './contractPlaceholder';
import { currentV1Basket } from './v1BasketThunks';

export type V1CheckoutOutcome = { status: 'posted'; orderId: string } | { status: 'failed'; error: FoyerError };

export const runV1Checkout = (): AppThunk<Promise<V1CheckoutOutcome>> => async (dispatch, getState, extra) => {
  const fail = (error: FoyerError): V1CheckoutOutcome => {
    extra.host.publish({ name: 'checkout.failed', payload: { code: error.code, statusCode: error.statusCode } });
    return { status: 'failed', error };
  };
  const basket = dispatch(currentV1Basket());
  if (!basket?.products.length) return fail(catalogueError('no_products_selected'));
  const { session, frame } = getState();
  if (!session.loggedIn || !session.guid) {
    const outcome = fail(catalogueError('not_logged_in'));
    // The login opens in the modal; at login the basket is synced and the visitor checks out again.
    if (frame.settings.login) await extra.host.open('login', {}).catch(() => false);
    return outcome;
  }
  const order = { ...basket, accountId: basket.accountId ?? session.guid };
  const invalid = validateV1Order(order);
  if (invalid) return fail(invalid);
  extra.host.publish({ name: 'checkout.started', payload: { productCount: order.products.length } });
  const result = await callWidget({ dispatch, getState, extra }, postV1Transaction, {
    query: { channel: 'web', op: 'P_SUB' },
    body: order,
  });
  if (!result.ok) return fail(result.error);
  const { paymentUrl, ...fields } = result.data;
  extra.host.publish({ name: 'transaction.created', payload: { orderId: fields.orderId } });
  const posted = await (
    extra.host.postForm?.(paymentUrl, {
      siteId: fields.siteId,
      orderId: fields.orderId,
      quantity: String(fields.quantity),
      payload: fields.payload,
    }) ?? Promise.resolve(false)
  ).catch(() => false);
  return posted ? { status: 'posted', orderId: fields.orderId } : fail(catalogueError('checkout_error'));
};
