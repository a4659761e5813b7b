/**
 * The people-and-money half of the admin API (issue 28) for its OpenAPI document, one row per
 * call, each with the zod schemas the server validates with and the console types with
 * (@foyer/api/admin): queries become parameters, bodies and answers JSON schemas.
 */
import {
  accountDetailSchema,
  accountExportSchema,
  accountListQuerySchema,
  accountSummarySchema,
  auditPageSchema,
  auditQuerySchema,
  cancelSubscriptionSchema,
  deliveryDetailSchema,
  deliveryListQuerySchema,
  deliverySummarySchema,
  endSessionsResultSchema,
  endSessionsSchema,
  figuresQuerySchema,
  figuresSchema,
  operatorCreatedSchema,
  operatorCreateSchema,
  operatorLoginSchema,
  operatorSchema,
  operatorSessionSchema,
  operatorUpdateSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderSummarySchema,
  pageOf,
  paymentSchema,
  refundSchema,
  rejectPaymentSchema,
  subscriptionListQuerySchema,
  subscriptionSchema,
  type AdminPermission,
} from '@foyer/api/admin';
import * as z from 'zod/mini';

interface Call {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  /** The permission (scope) it needs; none for signing in. */
  permission?: AdminPermission;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  answer?: z.ZodMiniType;
}

const CALLS: Call[] = [
  {
    method: 'post',
    path: '/session',
    summary: 'Sign an operator in (password, then the TOTP code); sets the console cookie.',
    body: operatorLoginSchema,
    answer: operatorSessionSchema,
  },
  {
    method: 'get',
    path: '/session',
    summary: 'The signed-in operator, their permissions and the CSRF token.',
    answer: operatorSessionSchema,
  },
  { method: 'delete', path: '/session', summary: 'Sign out.' },
  {
    method: 'get',
    path: '/operators',
    summary: 'The operators.',
    permission: 'operators:manage',
    answer: pageOf(operatorSchema),
  },
  {
    method: 'post',
    path: '/operators',
    summary: 'Make an operator (its TOTP secret answered once).',
    permission: 'operators:manage',
    body: operatorCreateSchema,
    answer: operatorCreatedSchema,
  },
  {
    method: 'patch',
    path: '/operators/{id}',
    summary: 'Change a role or disable (never the last owner).',
    permission: 'operators:manage',
    body: operatorUpdateSchema,
    answer: operatorSchema,
  },
  {
    method: 'get',
    path: '/accounts',
    summary: 'Search accounts, newest first.',
    permission: 'accounts:read',
    query: accountListQuerySchema,
    answer: pageOf(accountSummarySchema),
  },
  {
    method: 'get',
    path: '/accounts/{guid}',
    summary: 'One account.',
    permission: 'accounts:read',
    answer: accountDetailSchema,
  },
  {
    method: 'post',
    path: '/accounts/{guid}/lock',
    summary: 'Lock (sessions end, login refused).',
    permission: 'accounts:write',
    answer: accountDetailSchema,
  },
  {
    method: 'post',
    path: '/accounts/{guid}/unlock',
    summary: 'Unlock.',
    permission: 'accounts:write',
    answer: accountDetailSchema,
  },
  {
    method: 'post',
    path: '/accounts/{guid}/sessions/end',
    summary: 'End one session or all.',
    permission: 'accounts:write',
    body: endSessionsSchema,
    answer: endSessionsResultSchema,
  },
  {
    method: 'post',
    path: '/accounts/{guid}/activation/resend',
    summary: 'Send the activation mail again.',
    permission: 'accounts:write',
    answer: accountDetailSchema,
  },
  {
    method: 'post',
    path: '/accounts/{guid}/password-reset',
    summary: 'Send a reset link.',
    permission: 'accounts:write',
    answer: accountDetailSchema,
  },
  {
    method: 'delete',
    path: '/accounts/{guid}/second-factor',
    summary: 'Remove the second factor (lost app and backup codes); the person is mailed.',
    permission: 'accounts:write',
    answer: accountDetailSchema,
  },
  {
    method: 'get',
    path: '/accounts/{guid}/export',
    summary: 'Everything held about the person (a download).',
    permission: 'accounts:erase',
    answer: accountExportSchema,
  },
  {
    method: 'delete',
    path: '/accounts/{guid}',
    summary: 'Erase the person; financial records kept, anonymised.',
    permission: 'accounts:erase',
    answer: accountDetailSchema,
  },
  {
    method: 'get',
    path: '/orders',
    summary: 'Orders, newest first.',
    permission: 'orders:read',
    query: orderListQuerySchema,
    answer: pageOf(orderSummarySchema),
  },
  {
    method: 'get',
    path: '/orders/{id}',
    summary: 'One order with its payments and events.',
    permission: 'orders:read',
    answer: orderDetailSchema,
  },
  {
    method: 'post',
    path: '/orders/{id}/confirm-payment',
    summary: 'A bank transfer or cash payment arrived.',
    permission: 'orders:write',
    answer: orderDetailSchema,
  },
  {
    method: 'post',
    path: '/orders/{id}/reject-payment',
    summary: 'A bank transfer or cash payment never will.',
    permission: 'orders:write',
    body: rejectPaymentSchema,
    answer: orderDetailSchema,
  },
  {
    method: 'post',
    path: '/payments/{id}/refund',
    summary: 'Refund all that is left, or an amount (minor units), once.',
    permission: 'payments:refund',
    body: refundSchema,
    answer: paymentSchema,
  },
  {
    method: 'get',
    path: '/subscriptions',
    summary: 'Subscriptions, newest first.',
    permission: 'subscriptions:read',
    query: subscriptionListQuerySchema,
    answer: pageOf(subscriptionSchema),
  },
  {
    method: 'post',
    path: '/subscriptions/{id}/cancel',
    summary: 'Cancel now or at the period end.',
    permission: 'subscriptions:write',
    body: cancelSubscriptionSchema,
    answer: subscriptionSchema,
  },
  {
    method: 'post',
    path: '/subscriptions/{id}/resume',
    summary: 'Resume a cancelled subscription before its end.',
    permission: 'subscriptions:write',
    answer: subscriptionSchema,
  },
  {
    method: 'get',
    path: '/figures',
    summary: 'The dashboard: registrations, sign-ins, subscriptions, MRR, renewals, the paywall funnel.',
    permission: 'figures:read',
    query: figuresQuerySchema,
    answer: figuresSchema,
  },
  {
    method: 'get',
    path: '/webhooks/deliveries',
    summary: 'Webhook deliveries, newest first.',
    permission: 'webhooks:read',
    query: deliveryListQuerySchema,
    answer: pageOf(deliverySummarySchema),
  },
  {
    method: 'get',
    path: '/webhooks/deliveries/{id}',
    summary: 'One delivery with its tries and body.',
    permission: 'webhooks:read',
    answer: deliveryDetailSchema,
  },
  {
    method: 'post',
    path: '/webhooks/deliveries/{id}/resend',
    summary: 'Send again, with the same webhook-id.',
    permission: 'webhooks:write',
    answer: deliveryDetailSchema,
  },
  {
    method: 'get',
    path: '/audit',
    summary: 'The audit log, newest first (format=csv: a download).',
    permission: 'audit:read',
    query: auditQuerySchema,
    answer: auditPageSchema,
  },
];

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const made = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete made.$schema;
  return made;
};

/** The paths object of these calls, with `errors` (the shared error answers) on each. */
export function peopleAndMoneyPaths(errors: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of CALLS) {
    const pathParameters = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = call.query ? jsonSchema(call.query, 'input') : null;
    const queryParameters = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query?.required?.includes(name) ?? false,
      schema,
    }));
    paths[call.path] ??= {};
    paths[call.path]![call.method] = {
      summary: call.permission ? `${call.summary} (${call.permission})` : call.summary,
      ...(call.permission ? {} : { security: [] }),
      parameters: [...pathParameters, ...queryParameters],
      ...(call.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(call.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [call.method === 'delete' && !call.answer ? '204' : '200']: {
          description: 'Done.',
          ...(call.answer ? { content: { 'application/json': { schema: jsonSchema(call.answer, 'output') } } } : {}),
        },
        ...errors,
      },
    };
  }
  return paths;
}
