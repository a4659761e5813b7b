/**
 * A local stand-in for GoCardless's API (https://developer.gocardless.com/api-reference): redirect
 * flows (create, complete with the session token), billing requests and billing request flows,
 * and payments on a mandate: create (a repeated Idempotency-Key answers 409
 * `idempotent_creation_conflict` with the first payment's id, as GoCardless does), get, and list
 * filtered by mandate with cursor pagination. Requests need the Bearer token and the
 * GoCardless-Version header, as the real API does. The test plays the customer: `sign(flowId)` is
 * the visitor filling in the hosted page. Payments carry `created_at` on the injectable clock `now`
 * and can be listed since a time (`created_at[gte]`); the test plays the banks with
 * `setStatus(payment, status)` and `cancelMandate(mandate)` (further payments on it are refused
 * with `mandate_is_inactive`), and `webhook(events)` makes a delivery signed as GoCardless signs
 * (https://developer.gocardless.com/getting-started/api/staying-up-to-date-with-webhooks:
 * `Webhook-Signature` = hex HMAC-SHA256 of the body with the endpoint secret).
 * Refunds (https://developer.gocardless.com/api-reference#payments-refunds): create on a paid
 * payment, checked as GoCardless checks them — `total_amount_confirmation` must equal all given
 * back so far with this one (`total_amount_confirmation_invalid`), never more than the payment
 * (`refund_payment_invalid_state` for one not collected) — idempotent by key like payments; get.
 * `loseRefundAnswers` drops the answer of that many refund creations after making them. A payment
 * reads back its `amount_refunded`; a refund made in GoCardless's dashboard is one pushed to
 * `refunds` by the test.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CURRENCIES = ['GBP', 'EUR', 'SEK', 'DKK', 'AUD', 'NZD', 'USD', 'CAD'];

export interface GoCardlessStandIn {
  apiUrl: string;
  accessToken: string;
  redirectFlows: Map<string, { sessionToken: string; successUrl: string; signed: boolean; mandate?: string }>;
  billingRequests: Map<string, { status: 'pending' | 'fulfilled'; mandate?: string; redirectUri?: string }>;
  payments: {
    id: string;
    amount: number;
    currency: string;
    mandate: string;
    orderId: string;
    status: string;
    metadata: Record<string, string>;
    created_at: string;
  }[];
  webhookSecret: string;
  /** The banks moved a payment on (submitted, confirmed, paid_out, failed, charged_back …). */
  setStatus(paymentId: string, status: string): void;
  /** The payer cancelled the mandate at their bank: no more payments on it. */
  cancelMandate(mandateId: string): void;
  /** A webhook delivery of these events, signed with the endpoint secret (or another one). */
  webhook(events: GoCardlessEvent[], options?: { secret?: string }): { body: string; headers: Record<string, string> };
  refunds: { id: string; payment: string; amount: number; total_amount_confirmation: number; status: string }[];
  /** Refund creations whose answer is lost after the refund is made (the connection drops). */
  loseRefundAnswers: number;
  /** Payment create calls received so far (counted before the delay, when the payment starts). */
  readonly received: number;
  /** Each payment create answers after this long (a slow bank network); the payment exists after it. */
  delayMs: number;
  /** The customer completes the hosted page of a redirect flow or billing request. */
  sign(id: string): void;
  close(): Promise<void>;
}

/** An event of a webhook delivery, without the id and time the stand-in gives it. */
export interface GoCardlessEvent {
  resource_type: string;
  action: string;
  links: Partial<Record<string, string>>;
  details?: Partial<Record<string, string>>;
}

export interface GoCardlessStandInOptions {
  accessToken?: string;
  webhookSecret?: string;
  /** The stand-in's clock (epoch ms): the test clock of the server under test. */
  now?: () => number;
}

export async function startGoCardlessStandIn(options: GoCardlessStandInOptions = {}): Promise<GoCardlessStandIn> {
  const accessToken = options.accessToken ?? 'gc_sandbox_standin';
  const webhookSecret = options.webhookSecret ?? 'gc_webhook_secret_standin';
  const now = options.now ?? Date.now;
  const cancelledMandates = new Set<string>();
  let events = 0;
  let counter = 0;
  const next = (prefix: string) => `${prefix}${String(++counter).padStart(6, '0')}`;
  const redirectFlows: GoCardlessStandIn['redirectFlows'] = new Map();
  const billingRequests: GoCardlessStandIn['billingRequests'] = new Map();
  const payments: GoCardlessStandIn['payments'] = [];
  /** Idempotency-Key → the payment created with it. */
  const created = new Map<string, string>();
  const state = { delayMs: 0, received: 0, loseRefundAnswers: 0 };
  const refunds: GoCardlessStandIn['refunds'] = [];
  let base = '';
  /** A repeated Idempotency-Key: GoCardless names the resource the first request made. */
  const conflict = (first: string) => ({
    status: 409,
    body: {
      error: {
        type: 'invalid_state',
        code: 409,
        message: 'A resource has already been created with this idempotency key',
        errors: [
          {
            reason: 'idempotent_creation_conflict',
            message: 'A resource has already been created with this idempotency key',
            links: { conflicting_resource_id: first },
          },
        ],
      },
    },
  });
  const error = (status: number, reason: string) => ({
    status,
    body: { error: { type: 'invalid_api_usage', code: status, message: reason, errors: [{ reason }] } },
  });

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', async () => {
      const answer = ({ status, body }: { status: number; body: unknown }) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.headers.authorization !== `Bearer ${accessToken}`) return answer(error(401, 'unauthorized'));
      if (request.headers['gocardless-version'] !== '2015-07-06') return answer(error(400, 'missing_version_header'));
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, Record<string, unknown>>;
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const method = request.method;

      if (method === 'POST' && path === '/redirect_flows') {
        const input = body.redirect_flows ?? {};
        if (typeof input.session_token !== 'string' || typeof input.success_redirect_url !== 'string') {
          return answer(error(422, 'validation_failed'));
        }
        const id = next('RE');
        redirectFlows.set(id, {
          sessionToken: input.session_token,
          successUrl: input.success_redirect_url,
          signed: false,
        });
        return answer({ status: 201, body: { redirect_flows: { id, redirect_url: `${base}/flow/${id}` } } });
      }
      const complete = /^\/redirect_flows\/([^/]+)\/actions\/complete$/.exec(path);
      if (method === 'POST' && complete) {
        const flow = redirectFlows.get(complete[1]!);
        if (!flow) return answer(error(404, 'resource_not_found'));
        const data = (body.data ?? {}) as { session_token?: unknown };
        if (data.session_token !== flow.sessionToken) return answer(error(422, 'session_token_mismatch'));
        if (!flow.signed) return answer(error(400, 'redirect_flow_incomplete'));
        flow.mandate ??= next('MD');
        return answer({
          status: 200,
          body: { redirect_flows: { id: complete[1], links: { mandate: flow.mandate, customer: next('CU') } } },
        });
      }
      if (method === 'POST' && path === '/billing_requests') {
        if (!body.billing_requests?.mandate_request) return answer(error(422, 'validation_failed'));
        const id = next('BRQ');
        billingRequests.set(id, { status: 'pending' });
        return answer({ status: 201, body: { billing_requests: { id, status: 'pending' } } });
      }
      if (method === 'POST' && path === '/billing_request_flows') {
        const input = body.billing_request_flows ?? {};
        const links = (input.links ?? {}) as { billing_request?: string };
        const billingRequest = billingRequests.get(links.billing_request ?? '');
        if (!billingRequest || typeof input.redirect_uri !== 'string') return answer(error(422, 'validation_failed'));
        billingRequest.redirectUri = input.redirect_uri;
        const id = next('BRF');
        return answer({
          status: 201,
          body: { billing_request_flows: { id, authorisation_url: `${base}/billing/static/flow?id=${id}` } },
        });
      }
      const billingRequest = /^\/billing_requests\/([^/]+)$/.exec(path);
      if (method === 'GET' && billingRequest) {
        const found = billingRequests.get(billingRequest[1]!);
        if (!found) return answer(error(404, 'resource_not_found'));
        return answer({
          status: 200,
          body: {
            billing_requests: {
              id: billingRequest[1],
              status: found.status,
              links: found.mandate ? { mandate_request_mandate: found.mandate } : {},
            },
          },
        });
      }
      if (method === 'POST' && path === '/payments') {
        const key = request.headers['idempotency-key'];
        const input = body.payments ?? {};
        const links = (input.links ?? {}) as { mandate?: string };
        const metadata = (input.metadata ?? {}) as Record<string, string>;
        const known = [...redirectFlows.values(), ...billingRequests.values()].some(
          (entry) => entry.mandate === links.mandate,
        );
        if (!known) return answer(error(404, 'mandate_not_found'));
        if (cancelledMandates.has(links.mandate!)) {
          return answer({
            status: 422,
            body: {
              error: {
                type: 'invalid_state',
                code: 422,
                message: 'The mandate is not active',
                errors: [{ reason: 'mandate_is_inactive', message: 'The mandate is not active' }],
              },
            },
          });
        }
        if (!CURRENCIES.includes(String(input.currency))) return answer(error(422, 'currency_not_supported'));
        state.received += 1;
        if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        const first = typeof key === 'string' ? created.get(key) : undefined;
        if (first) return answer(conflict(first));
        const payment = {
          id: next('PM'),
          amount: Number(input.amount),
          currency: String(input.currency),
          mandate: links.mandate!,
          orderId: metadata.order_id ?? '',
          status: 'pending_submission',
          metadata,
          created_at: new Date(now()).toISOString(),
        };
        payments.push(payment);
        if (typeof key === 'string') created.set(key, payment.id);
        return answer({ status: 201, body: { payments: resource(payment) } });
      }
      if (method === 'POST' && path === '/refunds') {
        const key = request.headers['idempotency-key'];
        const first = typeof key === 'string' ? created.get(`refund:${key}`) : undefined;
        if (first) return answer(conflict(first));
        const input = body.refunds ?? {};
        const of = payments.find((entry) => entry.id === (input.links as { payment?: string } | undefined)?.payment);
        if (!of) return answer(error(404, 'resource_not_found'));
        if (!['confirmed', 'paid_out'].includes(of.status)) return answer(error(422, 'refund_payment_invalid_state'));
        const given = refunds.filter((entry) => entry.payment === of.id).reduce((sum, entry) => sum + entry.amount, 0);
        const amount = Number(input.amount);
        if (Number(input.total_amount_confirmation) !== given + amount)
          return answer(error(422, 'total_amount_confirmation_invalid'));
        if (given + amount > of.amount) return answer(error(422, 'number_of_refunds_exceeded'));
        const refund = {
          id: next('RF'),
          payment: of.id,
          amount,
          total_amount_confirmation: given + amount,
          status: 'created',
        };
        refunds.push(refund);
        if (typeof key === 'string') created.set(`refund:${key}`, refund.id);
        if (state.loseRefundAnswers > 0) {
          state.loseRefundAnswers -= 1;
          return response.destroy();
        }
        return answer({ status: 201, body: { refunds: refundResource(refund) } });
      }
      const refundPath = /^\/refunds\/([^/]+)$/.exec(path);
      if (method === 'GET' && refundPath) {
        const found = refunds.find((entry) => entry.id === refundPath[1]);
        if (!found) return answer(error(404, 'resource_not_found'));
        return answer({ status: 200, body: { refunds: refundResource(found) } });
      }
      const payment = /^\/payments\/([^/]+)$/.exec(path);
      if (method === 'GET' && payment) {
        const found = payments.find((entry) => entry.id === payment[1]);
        if (!found) return answer(error(404, 'resource_not_found'));
        return answer({ status: 200, body: { payments: resource(found) } });
      }
      if (method === 'GET' && path === '/payments') {
        // Newest first, `limit` per page, `after` continues past a payment id (cursor pagination).
        const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
        const limit = Math.min(Number(query.get('limit') ?? 50), 500);
        const mandate = query.get('mandate');
        const since = query.get('created_at[gte]');
        const all = payments
          .filter((entry) => !mandate || entry.mandate === mandate)
          .filter((entry) => !since || entry.created_at >= since)
          .reverse();
        const after = query.get('after');
        const start = after ? all.findIndex((entry) => entry.id === after) + 1 : 0;
        const page = all.slice(start, start + limit);
        const more = start + limit < all.length;
        return answer({
          status: 200,
          body: {
            payments: page.map(resource),
            meta: { cursors: { before: null, after: more ? page.at(-1)!.id : null }, limit },
          },
        });
      }
      answer(error(404, 'not_found'));
    });
  });
  const resource = (entry: GoCardlessStandIn['payments'][number]) => ({
    id: entry.id,
    amount: entry.amount,
    currency: entry.currency,
    status: entry.status,
    // What was given back of it so far, as GoCardless's payment resource says.
    amount_refunded: refunds
      .filter((refund) => refund.payment === entry.id)
      .reduce((sum, refund) => sum + refund.amount, 0),
    metadata: entry.metadata,
    created_at: entry.created_at,
    links: { mandate: entry.mandate },
  });
  const refundResource = (entry: GoCardlessStandIn['refunds'][number]) => ({
    id: entry.id,
    amount: entry.amount,
    currency: payments.find((found) => found.id === entry.payment)?.currency,
    status: entry.status,
    links: { payment: entry.payment },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: base,
    accessToken,
    redirectFlows,
    billingRequests,
    payments,
    refunds,
    get loseRefundAnswers() {
      return state.loseRefundAnswers;
    },
    set loseRefundAnswers(value: number) {
      state.loseRefundAnswers = value;
    },
    webhookSecret,
    setStatus(paymentId, status) {
      const payment = payments.find((entry) => entry.id === paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
    },
    cancelMandate(mandateId) {
      cancelledMandates.add(mandateId);
    },
    webhook(list, signing = {}) {
      const body = JSON.stringify({
        events: list.map((event) => ({
          id: `EV${String(++events).padStart(6, '0')}`,
          created_at: new Date(now()).toISOString(),
          ...event,
        })),
        meta: { webhook_id: `WB${String(events).padStart(6, '0')}` },
      });
      const signature = createHmac('sha256', signing.secret ?? webhookSecret)
        .update(body)
        .digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'webhook-signature': signature } };
    },
    get received() {
      return state.received;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    sign(id) {
      const flow = redirectFlows.get(id);
      if (flow) {
        flow.signed = true;
        return;
      }
      const billing = billingRequests.get(id);
      if (!billing) throw new Error(`no flow ${id}`);
      billing.status = 'fulfilled';
      billing.mandate = next('MD');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
