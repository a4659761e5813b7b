/**
 * The widget service's active payment types (GET /widget/payment/types), one request for every
 * widget that offers a choice: the version 2 payment-type selector and the version 1 basket.
 */
import { getPaymentTypes, type PaymentTypeOption } from '@foyer/api/widget';
import { createAppAsyncThunk } from './asyncStatus';
import { createRequest } from './requests';
import { callWidget } from './widgetClient';

const loadPaymentTypes = createAppAsyncThunk<PaymentTypeOption[], void>('paymentTypes/load', async (_arg, api) => {
  const result = await callWidget(api, getPaymentTypes, { signal: api.signal });
  return result.ok ? result.data : api.rejectWithValue(result.error);
});

export const paymentTypesRequest = createRequest<PaymentTypeOption[], void>('paymentTypes', loadPaymentTypes);
