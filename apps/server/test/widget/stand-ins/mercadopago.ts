/**
 * A local stand-in for Mercado Pago's Payments API (`POST /v1/payments`, `GET /v1/payments/:id`,
 * `GET /v1/payments/search?external_reference=…`,
 * Bearer access token, X-Idempotency-Key replays the first answer). As with Mercado Pago's test
 * cards, the cardholder name the token was made with decides the outcome; here the token names
 * it: tok_APRO approved, tok_CONT in_process, tok_SECU rejected (cc_rejected_bad_filled_security_code),
 * tok_FUND rejected (cc_rejected_insufficient_amount). A missing payment_method_id is a 400 with a cause.
 * Saved cards (https://www.mercadopago.com/developers/en/docs/checkout-api/customer-management):
 * `POST /v1/customers`, `GET /v1/customers/search?email=`, `POST /v1/customers/:id/cards {token}`
 * (the card keeps its token's outcome; a test may change it: `cards.get(id).outcome = 'tok_FUND'`),
 * `POST /v1/card_tokens {card_id, customer_id}` makes a token that pays as its card does.
 * `POST /v1/payments/:id/refunds {amount}` (https://www.mercadopago.com/developers/en/reference/chargebacks/_payments_id_refunds/post)
 * refunds an approved payment, never more than is left (400); refunded whole, the payment is `refunded`.
 * Checkout Pro preferences (https://www.mercadopago.com/developers/en/reference/preferences/_checkout_preferences/post):
 * create (X-Idempotency-Key replays the first), get, and update (`expires` + `expiration_date_to`
 * close it); `payPreference(id, token)` is the visitor paying on the hosted page (refused once
 * the preference has expired), a payment with the preference's `external_reference`.
 * `setStatus(payment, status, detail)` plays Mercado Pago moving a payment on (refunded,
 * charged_back …), and `webhook(paymentId)` makes a notification signed as Mercado Pago signs
 * (https://www.mercadopago.com/developers/en/docs/your-integrations/notifications/webhooks:
 * `x-signature: ts=<seconds>,v1=<hex HMAC-SHA256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MercadoPayment {
  id: number;
  status: string;
  status_detail: string;
  /** transaction_amount exactly as it appeared in the request's JSON. */
  rawAmount: string;
  body: Record<string, unknown>;
  dateCreated: string;
}

export interface MercadoStandIn {
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  payments: MercadoPayment[];
  customers: { id: string; email: string }[];
  /** Saved cards by id: their customer and the test token whose outcome their payments get. */
  cards: Map<string, { customer: string; outcome: string }>;
  /** Refunds made (replays through X-Idempotency-Key make none); `amount` in major units. */
  refunds: { id: number; payment_id: number; amount: number; status: string }[];
  preferences: MercadoPreference[];
  /** The visitor pays preference `id` on Mercado Pago's page with a test card token. */
  payPreference(id: string, token?: string): MercadoPayment;
  /** Mercado Pago moved a payment on (approved, refunded, charged_back …). */
  setStatus(paymentId: number, status: string, detail?: string): void;
  /** A `payment` notification about this payment, signed with the secret (or another one). */
  webhook(paymentId: number | string, options?: { secret?: string }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export interface MercadoPreference {
  id: string;
  init_point: string;
  external_reference: string;
  back_urls: { success?: string; pending?: string; failure?: string };
  items: { unit_price: number; currency_id: string }[];
  expires: boolean;
  expiration_date_to?: string;
}

export interface MercadoStandInOptions {
  accessToken?: string;
  webhookSecret?: string;
  /** The stand-in's clock (epoch ms): the test clock of the server under test. */
  now?: () => number;
}

const OUTCOMES: Record<string, [string, string]> = {
  tok_APRO: ['approved', 'accredited'],
  tok_CONT: ['in_process', 'pending_contingency'],
  tok_SECU: ['rejected', 'cc_rejected_bad_filled_security_code'],
  tok_FUND: ['rejected', 'cc_rejected_insufficient_amount'],
};

export async function startMercadoStandIn(options: MercadoStandInOptions = {}): Promise<MercadoStandIn> {
  const accessToken = options.accessToken ?? 'TEST-standin';
  const webhookSecret = options.webhookSecret ?? 'mp-webhook-secret-standin';
  const now = options.now ?? Date.now;
  const payments: MercadoPayment[] = [];
  const customers: MercadoStandIn['customers'] = [];
  const cards: MercadoStandIn['cards'] = new Map();
  /** Card tokens made from saved cards: token → card id. */
  const cardTokens = new Map<string, string>();
  const bad = (message: string) => ({ status: 400, body: { message, error: 'bad_request', status: 400, cause: [] } });
  const replays = new Map<string, { status: number; body: unknown }>();
  const refunds: MercadoStandIn['refunds'] = [];
  const preferences: MercadoPreference[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const answer = ({ status, body }: { status: number; body: unknown }) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return answer({ status: 401, body: { message: 'invalid access token', error: 'unauthorized', status: 401 } });
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'GET' && url.pathname === '/v1/payments/search') {
        const reference = url.searchParams.get('external_reference');
        const results = payments
          .filter((payment) => payment.body.external_reference === reference)
          .map((payment) => ({
            id: payment.id,
            status: payment.status,
            status_detail: payment.status_detail,
            external_reference: reference,
            metadata: payment.body.metadata,
            date_created: payment.dateCreated,
          }));
        return answer({ status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } });
      }
      if (request.method === 'GET' && url.pathname === '/v1/customers/search') {
        const email = url.searchParams.get('email');
        const results = customers.filter((customer) => !email || customer.email === email);
        return answer({ status: 200, body: { paging: { total: results.length, limit: 10, offset: 0 }, results } });
      }
      const preferenceOf = /^\/checkout\/preferences\/([^/]+)$/.exec(url.pathname);
      if (preferenceOf && (request.method === 'GET' || request.method === 'PUT')) {
        const preference = preferences.find((candidate) => candidate.id === decodeURIComponent(preferenceOf[1]!));
        if (!preference) return answer({ status: 404, body: { message: 'preference not found', status: 404 } });
        if (request.method === 'PUT') {
          const change = JSON.parse(raw || '{}') as Partial<MercadoPreference>;
          if (change.expires !== undefined) preference.expires = change.expires;
          if (change.expiration_date_to !== undefined) preference.expiration_date_to = change.expiration_date_to;
        }
        return answer({ status: 200, body: preference });
      }
      const byId = /^\/v1\/payments\/(\d+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && byId) {
        const found = payments.find((payment) => payment.id === Number(byId[1]));
        if (!found) return answer({ status: 404, body: { message: 'not found' } });
        return answer({
          status: 200,
          body: { ...found, external_reference: found.body.external_reference, metadata: found.body.metadata },
        });
      }
      if (request.method !== 'POST') return answer({ status: 404, body: {} });
      const key = request.headers['x-idempotency-key'];
      const replay = typeof key === 'string' ? replays.get(key) : undefined;
      if (replay) return answer(replay);
      const body = JSON.parse(raw) as Record<string, unknown>;
      const remember = (result: { status: number; body: unknown }) => {
        if (typeof key === 'string') replays.set(key, result);
        answer(result);
      };
      // The SDK posts with a trailing slash; the API takes both.
      if (url.pathname === '/checkout/preferences' || url.pathname === '/checkout/preferences/') {
        const items = body.items as MercadoPreference['items'] | undefined;
        if (!items?.length) return answer(bad('items are required'));
        const id = `${200000 + preferences.length}-pref`;
        const preference: MercadoPreference = {
          id,
          init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
          external_reference: String(body.external_reference ?? ''),
          back_urls: (body.back_urls ?? {}) as MercadoPreference['back_urls'],
          items,
          expires: false,
        };
        preferences.push(preference);
        return remember({ status: 201, body: preference });
      }
      if (url.pathname === '/v1/customers') {
        if (typeof body.email !== 'string') return answer(bad('email is required'));
        if (customers.some((customer) => customer.email === body.email)) {
          return answer(bad('the customer already exists'));
        }
        const customer = { id: `${100000 + customers.length}-cust`, email: body.email };
        customers.push(customer);
        return remember({ status: 201, body: customer });
      }
      const cardsOf = /^\/v1\/customers\/([^/]+)\/cards$/.exec(url.pathname);
      if (cardsOf) {
        const customer = customers.find((candidate) => candidate.id === decodeURIComponent(cardsOf[1]!));
        if (!customer) return answer({ status: 404, body: { message: 'customer not found', status: 404 } });
        if (typeof body.token !== 'string' || !OUTCOMES[body.token]) return answer(bad('invalid card token'));
        const id = String(9000 + cards.size);
        cards.set(id, { customer: customer.id, outcome: body.token });
        return remember({ status: 201, body: { id, customer_id: customer.id } });
      }
      if (url.pathname === '/v1/card_tokens') {
        const card = cards.get(String(body.card_id));
        if (!card || card.customer !== body.customer_id) return answer(bad('invalid card_id'));
        const token = `tok_saved_${cardTokens.size + 1}`;
        cardTokens.set(token, String(body.card_id));
        return remember({ status: 201, body: { id: token, card_id: body.card_id, status: 'active' } });
      }
      const refundOf = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
      if (refundOf) {
        const payment = payments.find((candidate) => candidate.id === Number(refundOf[1]));
        if (!payment) return answer({ status: 404, body: { message: 'Payment not found', status: 404 } });
        if (payment.status !== 'approved') return answer(bad('Payment not refundable'));
        const total = Number(payment.rawAmount);
        const given = refunds
          .filter((refund) => refund.payment_id === payment.id)
          .reduce((sum, refund) => sum + refund.amount, 0);
        const left = Math.round((total - given) * 10_000) / 10_000;
        const amount = typeof body.amount === 'number' ? body.amount : left;
        if (!(amount > 0) || amount > left) return answer(bad('Invalid refund amount'));
        const refund = { id: 5000 + refunds.length, payment_id: payment.id, amount, status: 'approved' };
        refunds.push(refund);
        if (amount === left) payment.status = 'refunded';
        return remember({ status: 201, body: refund });
      }
      if (url.pathname !== '/v1/payments') return answer({ status: 404, body: {} });
      const rawAmount = /"transaction_amount":([0-9.]+)/.exec(raw)?.[1] ?? '';
      let result: { status: number; body: unknown };
      if (!body.payment_method_id) {
        result = {
          status: 400,
          body: {
            message: 'payment_method_id attribute can not be empty',
            error: 'bad_request',
            status: 400,
            cause: [{ code: 4020, description: 'payment_method_id attribute can not be empty' }],
          },
        };
      } else {
        const savedCard = cardTokens.get(String(body.token));
        const payer = (body.payer ?? {}) as { type?: unknown; id?: unknown };
        // A token of a saved card pays for that card's customer only.
        const owner = savedCard && cards.get(savedCard)!.customer;
        if (savedCard && (payer.type !== 'customer' || payer.id !== owner)) {
          return answer(bad('the card token belongs to another customer'));
        }
        const test = savedCard ? cards.get(savedCard)!.outcome : String(body.token);
        const [status, detail] = OUTCOMES[test] ?? ['rejected', 'cc_rejected_other_reason'];
        const payment = {
          id: 1000 + payments.length,
          status,
          status_detail: detail,
          rawAmount,
          body,
          dateCreated: new Date(now()).toISOString(),
        };
        payments.push(payment);
        result = { status: 201, body: { id: payment.id, status, status_detail: detail } };
      }
      if (typeof key === 'string') replays.set(key, result);
      answer(result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: base,
    preferences,
    payPreference(id, token = 'tok_APRO') {
      const preference = preferences.find((candidate) => candidate.id === id);
      if (!preference) throw new Error(`no preference ${id}`);
      if (preference.expires && preference.expiration_date_to && Date.parse(preference.expiration_date_to) <= now())
        throw new Error(`preference ${id} has expired`);
      const [status, detail] = OUTCOMES[token] ?? ['rejected', 'cc_rejected_other_reason'];
      const item = preference.items[0]!;
      const payment: MercadoPayment = {
        id: 1000 + payments.length,
        status,
        status_detail: detail,
        rawAmount: String(item.unit_price),
        body: { external_reference: preference.external_reference, metadata: {}, transaction_amount: item.unit_price },
        dateCreated: new Date(now()).toISOString(),
      };
      payments.push(payment);
      return payment;
    },
    accessToken,
    webhookSecret,
    payments,
    customers,
    cards,
    refunds,
    setStatus(paymentId, status, detail = status) {
      const payment = payments.find((candidate) => candidate.id === paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
      payment.status_detail = detail;
    },
    webhook(paymentId, signing = {}) {
      const dataId = String(paymentId);
      const body = JSON.stringify({
        id: Math.floor(now() / 1000) * 1000 + payments.length,
        live_mode: false,
        type: 'payment',
        date_created: new Date(now()).toISOString(),
        user_id: 1,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: dataId },
      });
      const requestId = randomUUID();
      const ts = String(Math.floor(now() / 1000));
      const signature = createHmac('sha256', signing.secret ?? webhookSecret)
        .update(`id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${signature}`,
          'x-request-id': requestId,
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
