import { useEffect, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, getPaymentPage, type PaymentPage } from '@foyer/api/widget';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { useAppSelector } from '../../app/store/hooks';
import { createRequest } from '../../app/store/requests';
import { useRequest } from '../../app/store/useRequest';
import { useBasket } from '../../app/store/useBasket';
import { callWidget } from '../../app/store/widgetClient';

interface OrderPaymentPage {
  orderId: string;
  page: PaymentPage;
}

/**
 * The order's payment page (GET /widget/payment/{orderId}: provider name and public key). No
 * session: not_logged_in; no order: undefined_order_id — before any request (purchase spec §5).
 * Errors are published as events as well as shown (purchase spec §8), unless the request was
 * abandoned meanwhile.
 */
export const loadPaymentPage = createAppAsyncThunk<OrderPaymentPage, string | undefined>(
  'paymentPage/load',
  async (orderId, api) => {
    const { extra, signal, rejectWithValue } = api;
    const fail = (error: FoyerError) => {
      if (!signal.aborted) {
        extra.host.publish({ name: 'payment.failed', payload: { code: error.code, statusCode: error.statusCode } });
      }
      return rejectWithValue(error);
    };
    if (!api.getState().session.loggedIn) return fail(catalogueError('not_logged_in'));
    if (!orderId) return fail(catalogueError('undefined_order_id'));
    const result = await callWidget(api, getPaymentPage, { params: { orderId }, signal });
    return result.ok ? { orderId, page: result.data } : fail(result.error);
  },
);

const paymentPageRequest = createRequest<OrderPaymentPage, string | undefined>('paymentPage', loadPaymentPage);

export type PaymentPageState =
  | { status: 'loading'; orderId: string | undefined }
  | { status: 'ready'; orderId: string; page: PaymentPage }
  | { status: 'failed'; orderId: string | undefined; error: FoyerError };

/** The order to pay (the orderId attribute, else the basket's order) and its payment page. */
export function usePaymentPage(attributeOrderId: string | undefined): PaymentPageState {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [basket] = useBasket();
  // Fixed at the first render that has one: the basket is removed when the payment succeeds.
  const [orderId, setOrderId] = useState(attributeOrderId ?? basket.id);
  useEffect(() => {
    if (!orderId && basket.id) setOrderId(basket.id);
  }, [orderId, basket.id]);
  const request = useRequest(paymentPageRequest, orderId, { reloadOn: [loggedIn] });
  switch (request.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading', orderId };
    case 'failed':
      return { status: 'failed', orderId, error: request.error };
    case 'succeeded':
      return { status: 'ready', ...request.data };
  }
}
