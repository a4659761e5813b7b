/**
 * The console's one client of the admin API (shared/api/src/admin/console-api.ts): RTK Query over
 * fetch, same-origin with the operator's cookie, the session's CSRF token on every write, answers
 * checked against the shared schemas. A 401 on any call but the session's own ends the console's
 * session (the operator sees the sign-in page with "Your session ended").
 */
import {
  ADMIN_API_PREFIX,
  CSRF_HEADER,
  accountDetailSchema,
  accountSummarySchema,
  auditPageSchema,
  endSessionsResultSchema,
  operatorCreatedSchema,
  operatorSchema,
  operatorSessionSchema,
  orderDetailSchema,
  orderSummarySchema,
  pageOf,
  paymentSchema,
  subscriptionSchema,
  type AccountDetail,
  type AccountSummary,
  type Operator,
  type OperatorLogin,
  type OperatorSession,
  type OrderDetail,
  type OrderSummary,
  type Payment,
  type Subscription,
  type accountListQuerySchema,
  type auditQuerySchema,
  type operatorCreateSchema,
  type operatorUpdateSchema,
  type orderListQuerySchema,
  type subscriptionListQuerySchema,
} from '@foyer/api/admin';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type * as z from 'zod/mini';
import { sessionEnded } from '../app/authSlice';

export interface ApiErrorBody {
  code: string;
  message: string;
  args?: unknown[];
}

/** The state the base query reads (the store's; declared here to keep the import one way). */
interface WithAuth {
  auth: { session: OperatorSession | null };
}

const raw = fetchBaseQuery({
  // Absolute on this origin (a Request needs one outside a browser, as in the unit tests).
  baseUrl: `${globalThis.location?.origin ?? ''}${ADMIN_API_PREFIX}`,
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
});

/** Endpoints whose 401 is an answer, not the end of a session. */
const SIGN_IN_ENDPOINTS = new Set(['getSession', 'signIn']);

const isWrite = (args: string | FetchArgs) => typeof args !== 'string' && (args.method ?? 'GET') !== 'GET';

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let request = args;
  if (isWrite(args)) {
    const csrf = (api.getState() as WithAuth).auth.session?.csrfToken;
    const fetchArgs = args as FetchArgs;
    const headers = new Headers(fetchArgs.headers as HeadersInit | undefined);
    if (csrf) headers.set(CSRF_HEADER, csrf);
    request = { ...fetchArgs, headers };
  }
  const result = await raw(request, api, extra);
  if (result.error?.status === 401 && !SIGN_IN_ENDPOINTS.has(api.endpoint)) api.dispatch(sessionEnded());
  return result;
};

/** The error's catalogue text (the server's English message), or a plain one. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  }
  if (error && typeof error === 'object' && 'status' in error && error.status === 'FETCH_ERROR')
    return 'The server could not be reached. Check your connection and try again.';
  return 'Something went wrong. Try again.';
}

/** The catalogue code of an API error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  }
  return undefined;
}

/** Query parameters without the empty ones (an empty filter is no filter). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Query<S extends z.ZodMiniType> = Partial<Record<keyof z.input<S>, string | number | undefined>>;
export type AccountListQuery = Query<typeof accountListQuerySchema>;
export type OrderListQuery = Query<typeof orderListQuerySchema>;
export type SubscriptionListQuery = Query<typeof subscriptionListQuerySchema>;
export type AuditQuery = Query<typeof auditQuerySchema>;
export type OperatorCreate = z.infer<typeof operatorCreateSchema>;
export type OperatorCreated = z.infer<typeof operatorCreatedSchema>;
export type OperatorUpdate = z.infer<typeof operatorUpdateSchema>;
export interface Page<T> {
  items: T[];
  next: string | null;
}

const accountPage = pageOf(accountSummarySchema);
const orderPage = pageOf(orderSummarySchema);
const subscriptionPage = pageOf(subscriptionSchema);
const operatorPage = pageOf(operatorSchema);

const post = (url: string, body: unknown = {}): FetchArgs => ({ url, method: 'POST', body });

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  tagTypes: ['Account', 'Order', 'Subscription', 'Operator', 'Audit'],
  // An answer the console does not understand is an error it shows, not a crash further down.
  catchSchemaFailure: (error) => ({
    status: 'CUSTOM_ERROR' as const,
    error: error.message,
    data: { code: 'UNEXPECTED_ANSWER', message: 'The server answered something this console does not understand.' },
  }),
  endpoints: (build) => ({
    getSession: build.query<OperatorSession, void>({
      query: () => '/session',
      responseSchema: operatorSessionSchema,
    }),
    signIn: build.mutation<OperatorSession, OperatorLogin>({
      query: (body) => post('/session', body),
      responseSchema: operatorSessionSchema,
    }),
    signOut: build.mutation<void, void>({ query: () => ({ url: '/session', method: 'DELETE' }) }),

    listAccounts: build.query<Page<AccountSummary>, AccountListQuery>({
      query: (params) => `/accounts${queryString(params)}`,
      responseSchema: accountPage,
      providesTags: ['Account'],
    }),
    getAccount: build.query<AccountDetail, string>({
      query: (guid) => `/accounts/${encodeURIComponent(guid)}`,
      responseSchema: accountDetailSchema,
      providesTags: (_result, _error, guid) => [{ type: 'Account', id: guid }],
    }),
    accountAction: build.mutation<
      AccountDetail,
      { guid: string; action: 'lock' | 'unlock' | 'activation/resend' | 'password-reset' }
    >({
      query: ({ guid, action }) => post(`/accounts/${encodeURIComponent(guid)}/${action}`),
      responseSchema: accountDetailSchema,
      invalidatesTags: (_result, _error, { guid }) => ['Account', { type: 'Account', id: guid }, 'Audit'],
    }),
    endSessions: build.mutation<{ ended: number }, { guid: string; sessionId?: string }>({
      query: ({ guid, sessionId }) =>
        post(`/accounts/${encodeURIComponent(guid)}/sessions/end`, sessionId ? { sessionId } : {}),
      responseSchema: endSessionsResultSchema,
      invalidatesTags: (_result, _error, { guid }) => [{ type: 'Account', id: guid }, 'Audit'],
    }),
    eraseAccount: build.mutation<AccountDetail, string>({
      query: (guid) => ({ url: `/accounts/${encodeURIComponent(guid)}`, method: 'DELETE' }),
      responseSchema: accountDetailSchema,
      invalidatesTags: (_result, _error, guid) => ['Account', { type: 'Account', id: guid }, 'Audit'],
    }),

    listOrders: build.query<Page<OrderSummary>, OrderListQuery>({
      query: (params) => `/orders${queryString(params)}`,
      responseSchema: orderPage,
      providesTags: ['Order'],
    }),
    getOrder: build.query<OrderDetail, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      responseSchema: orderDetailSchema,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    confirmPayment: build.mutation<OrderDetail, string>({
      query: (id) => post(`/orders/${encodeURIComponent(id)}/confirm-payment`),
      responseSchema: orderDetailSchema,
      invalidatesTags: (_result, _error, id) => ['Order', { type: 'Order', id }, 'Account', 'Subscription', 'Audit'],
    }),
    rejectPayment: build.mutation<OrderDetail, { id: string; reason?: string }>({
      query: ({ id, reason }) => post(`/orders/${encodeURIComponent(id)}/reject-payment`, reason ? { reason } : {}),
      responseSchema: orderDetailSchema,
      invalidatesTags: (_result, _error, { id }) => ['Order', { type: 'Order', id }, 'Account', 'Audit'],
    }),
    refundPayment: build.mutation<
      Payment,
      { paymentId: string; orderId: string; amountMinor?: number; reason?: string }
    >({
      query: ({ paymentId, amountMinor, reason }) =>
        post(`/payments/${encodeURIComponent(paymentId)}/refund`, {
          ...(amountMinor === undefined ? {} : { amountMinor }),
          ...(reason ? { reason } : {}),
        }),
      responseSchema: paymentSchema,
      invalidatesTags: (_result, _error, { orderId }) => ['Order', { type: 'Order', id: orderId }, 'Audit'],
    }),

    listSubscriptions: build.query<Page<Subscription>, SubscriptionListQuery>({
      query: (params) => `/subscriptions${queryString(params)}`,
      responseSchema: subscriptionPage,
      providesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<Subscription, { id: string; when: 'now' | 'period_end' }>({
      query: ({ id, when }) => post(`/subscriptions/${encodeURIComponent(id)}/cancel`, { when }),
      responseSchema: subscriptionSchema,
      invalidatesTags: ['Subscription', 'Account', 'Audit'],
    }),
    resumeSubscription: build.mutation<Subscription, string>({
      query: (id) => post(`/subscriptions/${encodeURIComponent(id)}/resume`),
      responseSchema: subscriptionSchema,
      invalidatesTags: ['Subscription', 'Account', 'Audit'],
    }),

    listAudit: build.query<z.infer<typeof auditPageSchema>, AuditQuery>({
      query: (params) => `/audit${queryString(params)}`,
      responseSchema: auditPageSchema,
      providesTags: ['Audit'],
    }),

    listOperators: build.query<Page<Operator>, void>({
      query: () => '/operators',
      // A page of operators; a plain array is read as one page.
      transformResponse: (answer: unknown) =>
        (Array.isArray(answer) ? { items: answer, next: null } : answer) as Page<Operator>,
      responseSchema: operatorPage,
      providesTags: ['Operator'],
    }),
    createOperator: build.mutation<OperatorCreated, OperatorCreate>({
      query: (body) => post('/operators', body),
      responseSchema: operatorCreatedSchema,
      invalidatesTags: ['Operator', 'Audit'],
    }),
    updateOperator: build.mutation<Operator, { id: string } & OperatorUpdate>({
      query: ({ id, ...body }) => ({ url: `/operators/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      responseSchema: operatorSchema,
      invalidatesTags: ['Operator', 'Audit'],
    }),
  }),
});

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useListAccountsQuery,
  useGetAccountQuery,
  useAccountActionMutation,
  useEndSessionsMutation,
  useEraseAccountMutation,
  useListOrdersQuery,
  useGetOrderQuery,
  useConfirmPaymentMutation,
  useRejectPaymentMutation,
  useRefundPaymentMutation,
  useListSubscriptionsQuery,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useListAuditQuery,
  useListOperatorsQuery,
  useCreateOperatorMutation,
  useUpdateOperatorMutation,
} = adminApi;
