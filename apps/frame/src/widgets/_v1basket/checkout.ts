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
import { postV1Transaction, V1_DEFAULT_PAYMENT_TYPE, v1PaymentFormFields, validateV1Order } from '@foyer/api/v1';
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
  // No type chosen (no summary on the page): the page's forced default, else the contract's.
  const paymentType = basket.paymentType || frame.settings.v1PaymentType || V1_DEFAULT_PAYMENT_TYPE;
  const order = { ...basket, accountId: basket.accountId || session.guid, paymentType };
  const problems = validateV1Order(order);
  // One visitor text for every problem (purchase spec §5); the fields go to the console for the site's developers.
  if (problems.length) {
    console.warn('Foyer: the version 1 order is incomplete', problems);
    return fail(catalogueError('v1_order_invalid'));
  }
  extra.host.publish({ name: 'checkout.started', payload: { productCount: order.products.length } });
  const result = await callWidget({ dispatch, getState, extra }, postV1Transaction, {
    // After paying, the visitor comes back to this page (the server checks it is one of the site's).
    query: { channel: 'web', op: 'P_SUB', ...(frame.hostUrl ? { returnUrl: frame.hostUrl } : {}) },
    body: order,
  });
  if (!result.ok) return fail(result.error);
  const transaction = result.data;
  extra.host.publish({ name: 'transaction.created', payload: { orderId: transaction.orderId } });
  const posted = await (
    extra.host.postForm?.(transaction.paymentUrl, v1PaymentFormFields(transaction)) ?? Promise.resolve(false)
  ).catch(() => false);
  return posted ? { status: 'posted', orderId: transaction.orderId } : fail(catalogueError('checkout_error'));
};
