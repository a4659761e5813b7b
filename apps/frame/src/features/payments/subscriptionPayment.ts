/**
 * Paying a PAST_DUE subscription with a new card (the purchases list's "Update payment"): what is
 * due and through which provider (GET /widget/account/subscription/:id/payment), and the payment
 * target the card forms post to (POST the same path with an Idempotency-Key, as order payments).
 */
import type { FoyerError } from '@foyer/api';
import {
  authenticateSubscriptionPayment,
  catalogueError,
  getSubscriptionPayment,
  IDEMPOTENCY_KEY_HEADER,
  normalizePaymentError,
  paySubscription,
  type SubscriptionPaymentResult,
  type SubscriptionPaymentPage,
} from '@foyer/api/widget';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import type { AppThunk } from '../../app/store/thunk';
import { createRequest } from '../../app/store/requests';
import type { PaymentOutcome } from './submitPayment';
import type { PaymentTarget } from './types';
import { callWidget } from '../../app/store/widgetClient';

const loadSubscriptionPayment = createAppAsyncThunk<SubscriptionPaymentPage, string>(
  'account/subscriptionPayment',
  async (subscriptionId, api) => {
    const result = await callWidget(api, getSubscriptionPayment, { params: { subscriptionId }, signal: api.signal });
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
export const subscriptionPaymentRequest = createRequest<SubscriptionPaymentPage, string>(
  'accountSubscriptionPayment',
  loadSubscriptionPayment,
);

/**
 * The subscription's payment page as what the card forms pay. `onPaid` hears the renewed
 * subscription (ACTIVE again, its new period) when the payment succeeded.
 */
export function subscriptionTarget(
  page: SubscriptionPaymentPage,
  onPaid: (subscription: SubscriptionPaymentResult['subscription']) => void,
): PaymentTarget {
  return {
    providerName: page.providerName,
    total: page.amountDue,
    publishableKey: page.publishableKey,
    testMode: page.testMode,
    submit: (token, attempts) => async (dispatch, getState, extra) => {
      const result = await callWidget(
        { dispatch, getState, extra },
        paySubscription,
        { params: { subscriptionId: page.subscriptionId }, body: token },
        { normalize: normalizePaymentError, headers: { [IDEMPOTENCY_KEY_HEADER]: attempts.keyFor(token.token) } },
      );
      if (!result.ok) return { status: 'failed', error: result.error } satisfies PaymentOutcome;
      if (result.data.status === 'REQUIRES_ACTION') {
        return result.data.clientSecret
          ? { status: 'requires_action', clientSecret: result.data.clientSecret }
          : { status: 'failed', error: catalogueError('payment_requires_action') };
      }
      extra.host.publish({ name: 'subscription.paid', payload: { subscriptionId: page.subscriptionId } });
      onPaid(result.data.subscription);
      return { status: 'succeeded' };
    },
  };
}

/**
 * After the visitor answered their bank for the renewal's own charge (the page's
 * `authentication`): the server reads that charge back and settles it.
 */
export const authenticateRenewal =
  (
    subscriptionId: string,
  ): AppThunk<
    Promise<
      | { status: 'succeeded'; subscription: SubscriptionPaymentResult['subscription'] }
      | { status: 'failed'; error: FoyerError }
    >
  > =>
  async (dispatch, getState, extra) => {
    const result = await callWidget(
      { dispatch, getState, extra },
      authenticateSubscriptionPayment,
      { params: { subscriptionId } },
      { normalize: normalizePaymentError },
    );
    if (!result.ok) return { status: 'failed', error: result.error };
    // Still waiting: the challenge did not end (closed, or the bank has not answered yet).
    if (result.data.status !== 'SUCCEEDED')
      return { status: 'failed', error: catalogueError('payment_requires_action') };
    extra.host.publish({ name: 'subscription.paid', payload: { subscriptionId } });
    return { status: 'succeeded', subscription: result.data.subscription };
  };
