import { useEffect, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, getPaymentPage, type PaymentPage } from '@foyer/api/widget';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { AppThunk } from '../../store/thunk';
import { useBasket } from '../_purchase/useBasket';
import { useServices } from '../_purchase/useServices';
import { callWidget } from '../_purchase/widgetClient';

export const fetchPaymentPage =
  (orderId: string): AppThunk<Promise<{ ok: true; page: PaymentPage } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const result = await callWidget({ dispatch, getState, extra }, getPaymentPage, { params: { orderId } });
    return result.ok ? { ok: true, page: result.data } : { ok: false, error: result.error };
  };

export type PaymentPageState =
  | { status: 'loading'; orderId: string | undefined }
  | { status: 'ready'; orderId: string; page: PaymentPage }
  | { status: 'failed'; orderId: string | undefined; error: FoyerError };

/**
 * The order to pay (the orderId attribute, else the basket's order) and its payment page (GET
 * /widget/payment/{orderId}: provider name and public key). No session: not_logged_in; no order:
 * undefined_order_id — before any request (purchase spec §5).
 */
export function usePaymentPage(attributeOrderId: string | undefined): PaymentPageState {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const services = useServices();
  const [basket] = useBasket();
  // Fixed at the first render that has one: the basket is removed when the payment succeeds.
  const [orderId, setOrderId] = useState(attributeOrderId ?? basket.id);
  useEffect(() => {
    if (!orderId && basket.id) setOrderId(basket.id);
  }, [orderId, basket.id]);
  const [state, setState] = useState<PaymentPageState>({ status: 'loading', orderId });
  useEffect(() => {
    // Errors are published as events as well as shown (purchase spec §8).
    const fail = (error: FoyerError) => {
      services.host.publish({ name: 'payment.failed', payload: { code: error.code, statusCode: error.statusCode } });
      setState({ status: 'failed', orderId, error });
    };
    if (!loggedIn) return fail(catalogueError('not_logged_in'));
    if (!orderId) return fail(catalogueError('undefined_order_id'));
    let live = true;
    setState({ status: 'loading', orderId });
    void dispatch(fetchPaymentPage(orderId)).then((result) => {
      if (!live) return;
      if (result.ok) setState({ status: 'ready', orderId, page: result.page });
      else fail(result.error);
    });
    return () => {
      live = false;
    };
  }, [dispatch, services, loggedIn, orderId]);
  return state;
}
