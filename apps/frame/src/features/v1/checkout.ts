/**
 * The version 1 checkout (purchase spec §4, §5, §7): without a session it fails with not_logged_in
 * (and opens the login where the page allows, as the version 2 checkout does); the basket is
 * completed from the catalogue (delivered lines get the earliest start delivery date unless one was
 * picked; delivered or billed lines the account's saved address) and validated client-side (400
 * 'Client-side validation failed'; no saved address: INVALID_FORM); then
 * POST /transaction?channel=web&op=P_SUB, and the loader posts a hidden form with the answer to
 * its payment URL. The server validates and prices the order again: this is for the visitor's sake.
 */
import { catalogueError, getProfileAttributeGroups } from '@foyer/api/widget';
import type { FoyerError } from '@foyer/api';
import type { AppThunk } from '../../app/store/thunk';
import { callWidget } from '../../app/store/widgetClient';
import { postV1Transaction, V1_DEFAULT_PAYMENT_TYPE, v1PaymentFormFields, validateV1Order } from '@foyer/api/v1';
import { selectServiceName } from '../../app/store/selectors';
import { fetchLineRules, orderRules } from './lineRules';
import { withDefaultDeliveryDates, withSavedAddresses } from './lines';
import { currentV1Basket, saveV1Basket } from './v1BasketThunks';

/** validateV1Order's field of a missing address (`products.0.productMetaData.deliveryAddress`). */
const ADDRESS_FIELD = /\.(delivery|billing)Address$/;

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
  const api = { dispatch, getState, extra };
  // What the catalogue says of the lines: delivered products need a start delivery date (the
  // earliest unless the visitor picked one) and an address, billed ones an address.
  const rules = await fetchLineRules(
    api,
    basket.products.map((line) => line.productId),
  );
  if (!rules.ok) return fail(rules.error);
  let filled = withDefaultDeliveryDates(basket, rules.data) ?? basket;
  if (basket.products.some((line) => rules.data[line.productId]?.delivered || rules.data[line.productId]?.billed)) {
    // The addresses come from the account's profile address groups (its saved addresses).
    const groups = await callWidget(api, getProfileAttributeGroups, {
      params: { serviceName: selectServiceName(getState()) },
    });
    if (!groups.ok) return fail(groups.error);
    filled = withSavedAddresses(filled, rules.data, groups.data.savedAddresses).basket;
  }
  // No type chosen (no summary on the page): the page's forced default, else the contract's.
  const paymentType = filled.paymentType || frame.settings.v1PaymentType || V1_DEFAULT_PAYMENT_TYPE;
  const order = { ...filled, accountId: filled.accountId || session.guid, paymentType };
  // The basket keeps what the checkout filled in (the order the server stores carries it too).
  if (filled !== basket) dispatch(saveV1Basket(filled));
  const problems = validateV1Order(order, Date.now(), orderRules(rules.data));
  // One visitor text for every problem (purchase spec §5); the fields go to the console for the site's developers.
  if (problems.length) console.warn('Foyer: the version 1 order is incomplete', problems);
  if (problems.some((problem) => !ADDRESS_FIELD.test(problem.field))) return fail(catalogueError('v1_order_invalid'));
  // Only an address the product requires is missing (the account has none saved): purchase spec
  // §5's INVALID_FORM 'Invalid profile', which the visitor mends in their profile.
  if (problems.length) return fail(catalogueError('INVALID_FORM'));
  extra.host.publish({ name: 'checkout.started', payload: { productCount: order.products.length } });
  const result = await callWidget(api, postV1Transaction, {
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
