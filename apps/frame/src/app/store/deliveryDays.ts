/**
 * The server's days for the basket's products (purchase spec §7, version 1's
 * `GET /spi/product/{productId}/startDeliveryDate`, the rule version 2 keeps): `minDate`, the
 * earliest first delivery of a delivered product (today for others), and the server's `today`.
 * The profile step offers the delivery start from them, and the checkout dates the order lines
 * with them: the visitor's clock, time zone or a server's test clock never make the two disagree.
 */
import type { ApiResult } from '@foyer/api';
import { getStartDeliveryDate, type V1StartDeliveryDate } from '@foyer/api/v1';
import type { IdentityCallApi } from './identityClient';
import { createAppAsyncThunk } from './asyncStatus';
import { createRequest } from './requests';
import { callWidget } from './widgetClient';

/** Product name → its days. */
export type DeliveryDays = Record<string, V1StartDeliveryDate>;

/** The days of these products (one call each, in parallel); the first error fails all. */
export async function fetchDeliveryDays(
  api: IdentityCallApi,
  products: readonly string[],
  signal?: AbortSignal,
): Promise<ApiResult<DeliveryDays>> {
  const answers = await Promise.all(
    products.map((productId) =>
      callWidget(api, getStartDeliveryDate, { params: { productId }, ...(signal ? { signal } : {}) }),
    ),
  );
  const days: DeliveryDays = {};
  for (const [index, answer] of answers.entries()) {
    if (!answer.ok) return answer;
    days[products[index]!] = answer.data;
  }
  return { ok: true, status: 200, data: days };
}

const loadDeliveryDays = createAppAsyncThunk<DeliveryDays, { products: string[] }>(
  'deliveryDays/load',
  async ({ products }, api) => {
    const result = await fetchDeliveryDays(api, products, api.signal);
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
/** The days of the delivered products, for the profile step's delivery start fields. */
export const deliveryDaysRequest = createRequest<DeliveryDays, { products: string[] }>(
  'deliveryDays',
  loadDeliveryDays,
);
