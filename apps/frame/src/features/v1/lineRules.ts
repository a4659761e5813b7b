/**
 * What the product-manager service says of the basket's products that the basket lines do not
 * carry (purchase spec §3, §7): whether a product is delivered or billed (its offer's
 * requiresDeliveryAddress / requiresBillingAddress) and, when delivered, the earliest first
 * delivery day (`GET /spi/product/{productId}/startDeliveryDate`, `minDate`). The summary shows
 * the date fields from it; the checkout validates the order with it (validateV1Order's rules).
 */
import type { ApiResult } from '@foyer/api';
import { getOffer, getStartDeliveryDate, type V1OrderRules } from '@foyer/api/v1';
import type { IdentityCallApi } from '../../app/store/identityClient';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { createRequest } from '../../app/store/requests';
import { callWidget } from '../../app/store/widgetClient';

export interface V1LineRule {
  delivered: boolean;
  billed: boolean;
  /** `YYYY-MM-DD`: the earliest start delivery date of a delivered product; null otherwise. */
  minDate: string | null;
}
/** productId → its rule. */
export type V1LineRules = Record<string, V1LineRule>;

async function ruleOf(api: IdentityCallApi, productId: string, signal?: AbortSignal): Promise<ApiResult<V1LineRule>> {
  const offer = await callWidget(api, getOffer, { params: { productId }, ...(signal ? { signal } : {}) });
  if (!offer.ok) return offer;
  const delivered = !!offer.data.requiresDeliveryAddress;
  const billed = !!offer.data.requiresBillingAddress;
  if (!delivered) return { ok: true, status: 200, data: { delivered, billed, minDate: null } };
  const start = await callWidget(api, getStartDeliveryDate, { params: { productId }, ...(signal ? { signal } : {}) });
  if (!start.ok) return start;
  return { ok: true, status: 200, data: { delivered, billed, minDate: start.data.minDate } };
}

/** The rules of these products (one call pair per product, in parallel); the first error fails all. */
export async function fetchLineRules(
  api: IdentityCallApi,
  productIds: readonly string[],
  signal?: AbortSignal,
): Promise<ApiResult<V1LineRules>> {
  const answers = await Promise.all(productIds.map((productId) => ruleOf(api, productId, signal)));
  const rules: V1LineRules = {};
  for (const [index, answer] of answers.entries()) {
    if (!answer.ok) return answer;
    rules[productIds[index]!] = answer.data;
  }
  return { ok: true, status: 200, data: rules };
}

const loadLineRules = createAppAsyncThunk<V1LineRules, { productIds: string[] }>(
  'v1LineRules/load',
  async ({ productIds }, api) => {
    const result = await fetchLineRules(api, productIds, api.signal);
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
/** The rules of the basket's products, for the widget that shows its lines. */
export const v1LineRulesRequest = createRequest<V1LineRules, { productIds: string[] }>('v1LineRules', loadLineRules);

/** The rules as validateV1Order takes them. */
export function orderRules(rules: V1LineRules): V1OrderRules {
  const entries = Object.entries(rules);
  return {
    minStartDeliveryDates: Object.fromEntries(
      entries.flatMap(([productId, rule]) => (rule.minDate ? [[productId, rule.minDate]] : [])),
    ),
    requiresDeliveryAddress: entries.filter(([, rule]) => rule.delivered).map(([productId]) => productId),
    requiresBillingAddress: entries.filter(([, rule]) => rule.billed).map(([productId]) => productId),
  };
}
