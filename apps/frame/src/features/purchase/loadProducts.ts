import type { FoyerError } from '@foyer/api';
import {
  catalogueError,
  getProduct,
  getProductGroup,
  PURCHASE_WIDGET_CONFIG_ARG,
  type Product,
} from '@foyer/api/widget';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { createRequest } from '../../app/store/requests';
import { callWidget } from '../../app/store/widgetClient';
import { keepPlans, keepProduct, type SelectionSource } from './picks';

export interface ProductsQuery {
  source: SelectionSource;
  showHidden: boolean;
}

/**
 * The products to show (purchase spec §7): a product group (GET /widget/productgroup/{group}), or
 * one product (GET /widget/product/{name} with a repeated paymentPlan query). With a session the
 * server marks the plans the user already subscribed to. Neither named: INVALID_WIDGET_CONFIG
 * without a request. With the `id` attribute only that product is kept, and a group or product
 * without it is bex0004 'Product not found'. Failures are published as productSelection.failed,
 * unless the request was abandoned meanwhile.
 */
export const loadProducts = createAppAsyncThunk<Product[], ProductsQuery>(
  'products/load',
  async ({ source, showHidden }, api) => {
    const { extra, signal, rejectWithValue } = api;
    const fail = (error: FoyerError) => {
      if (!signal.aborted) {
        extra.host.publish({
          name: 'productSelection.failed',
          payload: { code: error.code, statusCode: error.statusCode },
        });
      }
      return rejectWithValue(error);
    };
    if (!source.groupName && !source.productName) {
      return fail(catalogueError('INVALID_WIDGET_CONFIG', [PURCHASE_WIDGET_CONFIG_ARG]));
    }
    const hidden = showHidden ? { showHidden: 'true' } : {};
    const named = (products: Product[]) =>
      keepProduct(products, source.productId) ?? fail(catalogueError('bex0004', [source.productId ?? '']));
    if (source.groupName) {
      const result = await callWidget(api, getProductGroup, {
        params: { group: source.groupName },
        query: hidden,
        signal,
      });
      // The group call has no plan filter: the given plans are kept here.
      return result.ok ? named(keepPlans(result.data.products, source.paymentPlans)) : fail(result.error);
    }
    const result = await callWidget(api, getProduct, {
      params: { name: source.productName ?? '' },
      query: { ...hidden, paymentPlan: source.paymentPlans },
      signal,
    });
    return result.ok ? named(keepPlans([result.data], source.paymentPlans)) : fail(result.error);
  },
);

export const productsRequest = createRequest<Product[], ProductsQuery>('products', loadProducts);
