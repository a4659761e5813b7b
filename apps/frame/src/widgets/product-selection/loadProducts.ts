import type { ApiResult } from '@foyer/api';
import { getProduct, getProductGroup, type Product } from '@foyer/api/widget';
import type { AppThunk } from '../../store/thunk';
import { callWidget } from '../_purchase/widgetClient';
import { keepPlans, type SelectionSource } from './picks';

/**
 * The products to show (purchase spec §7): a product group (GET /widget/productgroup/{group}), or
 * one product (GET /widget/product/{name} with a repeated paymentPlan query). With a session the
 * server marks the plans the user already subscribed to.
 */
export const loadProducts =
  (source: SelectionSource, showHidden: boolean, signal: AbortSignal): AppThunk<Promise<ApiResult<Product[]>>> =>
  async (dispatch, getState, extra) => {
    const api = { dispatch, getState, extra };
    const hidden = showHidden ? { showHidden: 'true' } : {};
    if (source.groupName) {
      const result = await callWidget(api, getProductGroup, {
        params: { group: source.groupName },
        query: hidden,
        signal,
      });
      // The group call has no plan filter: the given plans are kept here.
      return result.ok ? { ...result, data: keepPlans(result.data.products, source.paymentPlans) } : result;
    }
    const result = await callWidget(api, getProduct, {
      params: { name: source.productName ?? '' },
      query: { ...hidden, paymentPlan: source.paymentPlans },
      signal,
    });
    return result.ok ? { ...result, data: keepPlans([result.data], source.paymentPlans) } : result;
  };
