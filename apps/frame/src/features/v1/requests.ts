/**
 * The product-manager data the version 1 widgets show (purchase spec §7): the offers of a group
 * (GET /offers?productGroup=) and one offer (GET /offers/{productId}[/{planId}]). The active payment
 * types the basket's type must be one of: app/store/paymentTypes.ts.
 */
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { createRequest } from '../../app/store/requests';
import { callWidget } from '../../app/store/widgetClient';
import { getOffer, getOfferPlan, getOffers, type V1Offer } from '@foyer/api/v1';

const loadOffers = createAppAsyncThunk<V1Offer[], { productGroup: string | undefined }>(
  'v1Offers/load',
  async ({ productGroup }, api) => {
    const result = await callWidget(api, getOffers, {
      query: productGroup ? { productGroup } : {},
      signal: api.signal,
    });
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
export const v1OffersRequest = createRequest<V1Offer[], { productGroup: string | undefined }>('v1Offers', loadOffers);

const loadOffer = createAppAsyncThunk<V1Offer, { productId: string; planId?: string | undefined }>(
  'v1Offer/load',
  async ({ productId, planId }, api) => {
    const result = planId
      ? await callWidget(api, getOfferPlan, { params: { productId, planId }, signal: api.signal })
      : await callWidget(api, getOffer, { params: { productId }, signal: api.signal });
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
export const v1OfferRequest = createRequest<V1Offer, { productId: string; planId?: string | undefined }>(
  'v1Offer',
  loadOffer,
);
