/**
 * The admin API's figures, webhook deliveries and configuration sections, added to the console's
 * one client (adminApi.ts) so they share its session, CSRF header and error handling.
 */
import {
  deliveryDetailSchema,
  deliverySummarySchema,
  figuresSchema,
  pageOf,
  type DeliveryDetail,
  type DeliverySummary,
  type Figures,
} from '@foyer/api/admin';
import { adminApi, queryString, type Page } from './adminApi';

/** A configuration write's answer: applied (or a dry run), the YAML diff, the configuration after. */
export interface ConfigChange {
  applied: boolean;
  diff: string[];
  config: Record<string, unknown>;
}

const deliveryPage = pageOf(deliverySummarySchema);

export const insightsApi = adminApi.enhanceEndpoints({ addTagTypes: ['Delivery', 'Config'] }).injectEndpoints({
  endpoints: (build) => ({
    getFigures: build.query<Figures, { days: number; service?: string }>({
      query: ({ days, service }) => `/figures${queryString({ days, service })}`,
      responseSchema: figuresSchema,
    }),
    listDeliveries: build.query<Page<DeliverySummary>, { status?: string; type?: string; cursor?: string }>({
      query: (params) => `/webhooks/deliveries${queryString(params)}`,
      responseSchema: deliveryPage,
      providesTags: ['Delivery'],
    }),
    getDelivery: build.query<DeliveryDetail, string>({
      query: (id) => `/webhooks/deliveries/${encodeURIComponent(id)}`,
      responseSchema: deliveryDetailSchema,
      providesTags: (_result, _error, id) => [{ type: 'Delivery', id }],
    }),
    resendDelivery: build.mutation<DeliveryDetail, string>({
      query: (id) => ({ url: `/webhooks/deliveries/${encodeURIComponent(id)}/resend`, method: 'POST', body: {} }),
      responseSchema: deliveryDetailSchema,
      invalidatesTags: (_result, _error, id) => ['Delivery', { type: 'Delivery', id }, 'Audit'],
    }),
    getConfigSection: build.query<unknown, string>({
      query: (section) => `/config/${encodeURIComponent(section)}`,
      providesTags: (_result, _error, section) => [{ type: 'Config', id: section }],
    }),
    putConfigSection: build.mutation<
      ConfigChange,
      { section: string; value: unknown; dryRun: boolean; prune?: boolean }
    >({
      query: ({ section, value, dryRun, prune }) => ({
        url: `/config/${encodeURIComponent(section)}?${new URLSearchParams({
          ...(dryRun ? { dryRun: 'true' } : {}),
          ...(prune ? { prune: 'true' } : {}),
        }).toString()}`,
        method: 'PUT',
        body: value,
      }),
      invalidatesTags: (_result, _error, { section, dryRun }) =>
        dryRun ? [] : [{ type: 'Config', id: section }, 'Audit'],
    }),
  }),
});

export const {
  useGetFiguresQuery,
  useListDeliveriesQuery,
  useGetDeliveryQuery,
  useResendDeliveryMutation,
  useGetConfigSectionQuery,
  usePutConfigSectionMutation,
} = insightsApi;

/** The validation messages of a refused configuration (`services[demo].allowedHostOrigins[2]: not an origin`). */
export function configErrors(error: unknown): string[] {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'errors' in data && Array.isArray(data.errors))
      return data.errors.filter((line): line is string => typeof line === 'string');
  }
  return [];
}
