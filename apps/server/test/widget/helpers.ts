/** Helpers of the widget-service tests: calls under /pm/api with a session as ev_ss or header. */
import { expect } from 'vitest';
import { formatAuthorization, type Order } from '@foyer/api';
import type { PreparedServer } from '../../src/index';
import { providersFromEnv } from '../../src/widget/providers';
import { loginOk } from '../helpers';
import type { GoCardlessStandIn } from './stand-ins/gocardless';

export const PM = '/pm/api';

export interface CallOptions {
  session?: string;
  /** `query`: ev_ss; `header`: the Authorization header. */
  via?: 'query' | 'header';
  payload?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | string[]>;
}

export function call(
  server: PreparedServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const one of [value].flat()) query.append(key, one);
  }
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.session && options.via === 'header') {
    headers.authorization = formatAuthorization({ serviceName: 'demo', sessionId: options.session });
  } else if (options.session) query.set('ev_ss', options.session);
  const search = query.toString();
  return server.app.inject({
    method,
    url: `${PM}${path}${search ? `?${search}` : ''}`,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

export async function demoSession(server: PreparedServer): Promise<string> {
  return (await loginOk(server)).mainSession.sessionId;
}

export const ADDRESS = {
  fullName: 'Demo Visitor',
  line1: '1 Rue de la Loi',
  city: 'Brussels',
  postalCode: '1000',
  country: 'BE',
};

export async function orderOk(
  server: PreparedServer,
  session: string,
  items: { product: string; paymentPlan?: string; bundlePlan?: string }[],
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const response = await call(server, 'POST', '/widget/order', {
    session,
    payload: { orderItems: items, paymentType: 'CARD', ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json<Order>();
}

/** A seeded ACTIVE account of the demo service (password 'right-password-1'), with `roles`. */
export const seededPerson = (email: string, roles: string[] = []) => ({
  realmName: 'default',
  identifiers: { email },
  password: 'right-password-1',
  attributes: { firstName: 'Test', lastName: 'Person' },
  roles,
  services: ['demo'],
  state: 'ACTIVE' as const,
});

/**
 * Pays a DIRECT_DEBIT order as its visitor does: asks for a mandate, signs it on GoCardless's
 * hosted page (the stand-in), and comes back; answers the first payment GoCardless was asked for.
 */
export async function payByDirectDebit(
  server: PreparedServer,
  session: string,
  orderId: string,
  gocardless: GoCardlessStandIn,
): Promise<GoCardlessStandIn['payments'][number]> {
  const requested = await call(server, 'POST', `/widget/payment/${orderId}/directdebit`, {
    session,
    payload: { successRedirectUrl: 'http://localhost:8080/direct-debit-complete?lang=en' },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const { redirectFlowId } = requested.json<{ redirectFlowId: string }>();
  gocardless.sign(redirectFlowId);
  const paid = await call(server, 'PUT', `/widget/payment/${orderId}/directdebit`, {
    session,
    payload: { redirectFlowId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return gocardless.payments.at(-1)!;
}

/** Posts a stand-in's signed webhook delivery to `/webhooks/<provider>`; answers the server's response. */
export function deliverWebhook(
  server: PreparedServer,
  provider: 'stripe' | 'mercadopago' | 'gocardless',
  delivery: { body: string; headers: Record<string, string> },
) {
  return server.app.inject({
    method: 'POST',
    url: `/webhooks/${provider}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

/** Cards by the test card provider and direct debits through the GoCardless stand-in, webhooks signed by it. */
export function goCardlessProviders(gocardless: GoCardlessStandIn) {
  return providersFromEnv({
    FOYER_CARD_PROVIDER: 'manual',
    FOYER_PAYMENT_TYPES: 'CARD,DIRECT_DEBIT',
    GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
    GOCARDLESS_API_URL: gocardless.apiUrl,
    GOCARDLESS_WEBHOOK_SECRET: gocardless.webhookSecret,
  });
}
