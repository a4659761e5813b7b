/**
 * A local stand-in for the parts of Stripe's API the adapter uses, strict where Stripe is
 * (https://docs.stripe.com/api):
 * - `POST /v1/customers`, `POST /v1/payment_intents` (form-encoded, Bearer secret key),
 *   `POST /v1/payment_methods/:id/attach`, `GET /v1/payment_intents/:id`,
 *   `GET /v1/payment_intents/search` (the `metadata['name']:'value'` clause only).
 * - Idempotency (https://docs.stripe.com/api/idempotent_requests): a repeated Idempotency-Key
 *   replays the first answer only when the parameters are the same; other parameters are refused
 *   with 400 `idempotency_error`; 409 while the first request with that key is still running.
 * - Search lags (https://docs.stripe.com/search#data-freshness): a new PaymentIntent is found only
 *   `searchLagMs` after its creation (default one minute), measured on the injectable clock `now`.
 * - Lost answers: `loseAnswers` PaymentIntent creations are carried out (Stripe charged) and never
 *   answered, so the caller's call times out.
 * - Test PaymentMethods as Stripe documents them (https://docs.stripe.com/testing):
 *   pm_card_visa pays; pm_card_chargeDeclined is declined (402 card_declined);
 *   pm_card_chargeCustomerFail pays on session and declines every off-session charge;
 *   pm_card_authenticationRequired (and pm_card_threeDSecure2Required) needs 3-D Secure on every
 *   charge: requires_action on session, 402 authentication_required off session (the intent left in
 *   requires_action for the visitor to authenticate). A test card confirmed with a customer and
 *   `setup_future_usage` becomes a saved PaymentMethod (`pm_saved_<n>`) of that customer.
 * - Checkout Sessions (https://docs.stripe.com/api/checkout/sessions): `POST /v1/checkout/sessions`
 *   (mode=payment, one line with price_data) answers an open session with its hosted page's `url`;
 *   `payCheckout(id, card)` is the visitor paying there (a PaymentIntent, the card saved on a new
 *   customer when `payment_intent_data[setup_future_usage]` asks); `GET /v1/checkout/sessions/:id`
 *   (expand[]=payment_intent) reads it back, `complete` and `paid` once paid;
 *   `POST /v1/checkout/sessions/:id/expire` closes an open one (refused once it is complete).
 * - `POST /v1/payment_intents/:id/cancel` (https://docs.stripe.com/api/payment_intents/cancel)
 *   cancels an intent not yet succeeded; a succeeded or cancelled one is refused (400
 *   `payment_intent_unexpected_state`).
 * - Refunds (https://docs.stripe.com/api/refunds/create): `POST /v1/refunds` with `payment_intent`
 *   and `amount` (default: what is left) refunds a succeeded intent, never more than it took (400
 *   `amount_too_large`, like Stripe's charge_already_refunded when nothing is left);
 *   `loseRefundAnswers` refunds are made and never answered. `refunds` lists them.
 * - Webhooks: `webhook(type, object)` makes a delivery signed as Stripe signs
 *   (https://docs.stripe.com/webhooks#verify-manually: `Stripe-Signature: t=<ts>,v1=<HMAC-SHA256
 *   of "<ts>.<body>">`) with the endpoint secret.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string;
  customer: string | null;
  setup_future_usage: string | null;
  created: number;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
}

interface SavedMethod {
  id: string;
  /** The test PaymentMethod it was made from (decides the outcome of its charges). */
  card: string;
  customer: string | null;
}

export interface StripeStandInOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** How long after its creation search finds a PaymentIntent (Stripe: usually under a minute). */
  searchLagMs?: number;
  /** The stand-in's clock (epoch ms): the test clock of the server under test. */
  now?: () => number;
}

export interface StripeStandIn {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Every intent created (replays through Idempotency-Key create none). */
  intents: Intent[];
  customers: { id: string; email: string | null; metadata: Record<string, string> }[];
  /** Saved PaymentMethods by id. */
  paymentMethods: Map<string, SavedMethod>;
  /** Create calls received so far (counted before the delay, when the charge starts). */
  readonly received: number;
  /** The visitor answers the 3-D Secure challenge of an intent. */
  completeChallenge(id: string, passed: boolean): void;
  /** Checkout Sessions created (replays create none). */
  checkoutSessions: CheckoutSession[];
  /** The visitor pays checkout session `id` on Stripe's hosted page with test card `card`. */
  payCheckout(id: string, card?: string): void;
  /** Milliseconds the create call takes (to overlap concurrent submissions). */
  delayMs: number;
  /** Answer 503 to everything (provider outage). */
  down: boolean;
  /** This many next PaymentIntent creations happen but are never answered (the caller times out). */
  loseAnswers: number;
  /** Refunds made (replays through Idempotency-Key make none). */
  refunds: { id: string; payment_intent: string; amount: number; status: string }[];
  /** This many next refunds are made but never answered. */
  loseRefundAnswers: number;
  searchLagMs: number;
  /** A webhook delivery of `type` about `object`, signed with the endpoint secret at the stand-in's clock. */
  webhook(
    type: string,
    object: Record<string, unknown>,
    options?: { secret?: string; id?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const CARDS = new Set([
  'pm_card_visa',
  'pm_card_chargeDeclined',
  'pm_card_chargeCustomerFail',
  'pm_card_authenticationRequired',
  'pm_card_threeDSecure2Required',
]);
const NEEDS_AUTHENTICATION = new Set(['pm_card_authenticationRequired', 'pm_card_threeDSecure2Required']);

type Result = { status: number; body: unknown };

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  setup_future_usage: string | null;
}

const cardError = (code: string, message: string, intent: Intent): Result => ({
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code,
      ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
      message,
      payment_intent: intent,
    },
  },
});

const invalid = (code: string, message: string): Result => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

/** The request's parameters in a canonical order: what Stripe compares for a repeated key. */
function fingerprint(path: string, form: URLSearchParams): string {
  const entries = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([path, entries]))
    .digest('hex');
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const webhookSecret = options.webhookSecret ?? 'whsec_standin';
  const now = options.now ?? Date.now;
  const intents: Intent[] = [];
  const checkoutSessions: CheckoutSession[] = [];
  /** Known once listening: the hosted checkout pages' base. */
  let apiUrl = '';
  const createdAt = new Map<string, number>();
  const customers: StripeStandIn['customers'] = [];
  const paymentMethods = new Map<string, SavedMethod>();
  const refunds: StripeStandIn['refunds'] = [];
  const replays = new Map<string, { fingerprint: string; result: Result }>();
  const running = new Set<string>();
  const state = {
    delayMs: 0,
    down: false,
    received: 0,
    loseAnswers: 0,
    loseRefundAnswers: 0,
    searchLagMs: options.searchLagMs ?? 60_000,
    events: 0,
  };

  const attach = (card: string, customer: string): SavedMethod => {
    const saved = { id: `pm_saved_${paymentMethods.size + 1}`, card, customer };
    paymentMethods.set(saved.id, saved);
    return saved;
  };

  function createIntent(form: URLSearchParams): Result {
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1 || !form.get('currency') || form.get('confirm') !== 'true') {
      return invalid('parameter_invalid', 'amount, currency and confirm=true are required');
    }
    const customer = form.get('customer');
    if (customer && !customers.some((candidate) => candidate.id === customer)) {
      return invalid('resource_missing', `No such customer: '${customer}'`);
    }
    const offSession = form.get('off_session') === 'true';
    const method = form.get('payment_method') ?? '';
    const saved = paymentMethods.get(method);
    if (saved && saved.customer !== customer) {
      return invalid('payment_method_unexpected_state', 'The PaymentMethod is not attached to this customer.');
    }
    if (offSession && !saved) {
      return invalid(
        'payment_method_unexpected_state',
        'Off-session charges need a PaymentMethod saved on the customer.',
      );
    }
    const card = saved?.card ?? method;
    if (!CARDS.has(card)) return invalid('resource_missing', `No such PaymentMethod: '${method}'`);
    const setupFutureUsage = form.get('setup_future_usage');
    if (setupFutureUsage && !customer) return invalid('parameter_missing', 'setup_future_usage needs a customer');
    const id = `pi_${intents.length + 1}`;
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      currency: form.get('currency')!,
      status: 'succeeded',
      client_secret: `${id}_secret_standin`,
      // Confirmed to be kept for later, the test card becomes a PaymentMethod of the customer.
      payment_method: !saved && setupFutureUsage && customer ? attach(card, customer).id : method,
      customer: customer ?? null,
      setup_future_usage: setupFutureUsage ?? null,
      created: Math.floor(now() / 1000),
      metadata: Object.fromEntries(
        [...form.entries()]
          .filter(([name]) => name.startsWith('metadata['))
          .map(([name, value]) => [name.slice(9, -1), value]),
      ),
      last_payment_error: null,
    };
    intents.push(intent);
    createdAt.set(id, now());
    if (card === 'pm_card_chargeDeclined' || (card === 'pm_card_chargeCustomerFail' && offSession)) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
      return cardError('card_declined', 'Your card was declined.', intent);
    }
    if (NEEDS_AUTHENTICATION.has(card)) {
      intent.status = 'requires_action';
      if (offSession) {
        intent.last_payment_error = {
          code: 'authentication_required',
          message: 'This payment requires authentication by the cardholder.',
        };
        return cardError('authentication_required', intent.last_payment_error.message, intent);
      }
      return { status: 200, body: { ...intent, next_action: { type: 'use_stripe_sdk' } } };
    }
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, form: URLSearchParams): Result {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: `cus_${customers.length + 1}`,
        email: form.get('email'),
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice(9, -1), value]),
        ),
      };
      customers.push(customer);
      return { status: 200, body: { object: 'customer', ...customer } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = intents.find((candidate) => candidate.id === decodeURIComponent(cancel[1]!));
      if (!intent) return invalid('resource_missing', 'No such payment_intent');
      // Stripe cancels an intent only before it succeeded (and never twice).
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return invalid(
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      intent.status = 'canceled';
      return { status: 200, body: { ...intent, cancellation_reason: form.get('cancellation_reason') } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.find((candidate) => candidate.id === form.get('payment_intent'));
      if (!intent) return invalid('resource_missing', 'No such payment_intent');
      if (intent.status !== 'succeeded') return invalid('charge_not_refundable', 'This payment was not completed.');
      const given = refunds
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((total, refund) => total + refund.amount, 0);
      const left = intent.amount - given;
      if (left <= 0) return invalid('charge_already_refunded', 'This charge has already been refunded.');
      const amount = form.has('amount') ? Number(form.get('amount')) : left;
      if (!Number.isInteger(amount) || amount < 1 || amount > left)
        return invalid('amount_too_large', `Refund amount is greater than unrefunded amount on charge (${left})`);
      const refund = {
        id: `re_${refunds.length + 1}`,
        object: 'refund',
        payment_intent: intent.id,
        amount,
        status: 'succeeded',
        currency: intent.currency,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = checkoutSessions.find((candidate) => candidate.id === decodeURIComponent(expire[1]!));
      if (!session) return invalid('resource_missing', 'No such checkout.session');
      // Only an open session can be expired.
      if (session.status !== 'open') return invalid('checkout_session_not_open', `The session is ${session.status}.`);
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const currency = form.get('line_items[0][price_data][currency]');
      if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || amount < 1 || !currency)
        return invalid('parameter_invalid', 'mode=payment and one line with price_data are required');
      if (!form.get('success_url') || !form.get('cancel_url'))
        return invalid('parameter_missing', 'success_url and cancel_url are required');
      const id = `cs_test_${checkoutSessions.length + 1}`;
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * Number(form.get('line_items[0][quantity]') ?? 1),
        currency,
        url: `${apiUrl}/pay/${id}`,
        success_url: form.get('success_url')!,
        cancel_url: form.get('cancel_url')!,
        client_reference_id: form.get('client_reference_id'),
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice(9, -1), value]),
        ),
        payment_intent: null,
        setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
      };
      checkoutSessions.push(session);
      return { status: 200, body: session };
    }
    const attachTo = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && attachTo) {
      const card = decodeURIComponent(attachTo[1]!);
      const customer = form.get('customer') ?? '';
      if (!CARDS.has(card)) return invalid('resource_missing', `No such PaymentMethod: '${card}'`);
      if (!customers.some((candidate) => candidate.id === customer))
        return invalid('resource_missing', 'No such customer');
      const saved = attach(card, customer);
      return { status: 200, body: { id: saved.id, object: 'payment_method', type: 'card', customer } };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
    };
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', async () => {
      const answer = ({ status, body }: Result) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.down) return answer({ status: 503, body: { error: { type: 'api_error', message: 'unavailable' } } });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer({
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        });
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
        const clause = /^metadata\['([a-z_]+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(url.searchParams.get('query') ?? '');
        if (!clause) return answer(invalid('parameter_invalid', 'unsupported query'));
        const [, name, value] = clause;
        // Search reads an index that is behind: the newest intents are not in it yet.
        const indexed = intents.filter((intent) => createdAt.get(intent.id)! + state.searchLagMs <= now());
        const data = indexed.filter((intent) => intent.metadata[name!] === value!.replace(/\\(.)/g, '$1'));
        return answer({ status: 200, body: { object: 'search_result', data, has_more: false } });
      }
      const sessionById = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && sessionById) {
        const session = checkoutSessions.find((candidate) => candidate.id === decodeURIComponent(sessionById[1]!));
        if (!session) return answer(invalid('resource_missing', 'No such checkout.session'));
        // The SDK writes arrays as expand[0]=…; curl users write expand[]=….
        const expand = [...url.searchParams.entries()].some(
          ([name, value]) => /^expand\[\d*\]$/.test(name) && value === 'payment_intent',
        );
        const intent = expand ? intents.find((candidate) => candidate.id === session.payment_intent) : undefined;
        return answer({ status: 200, body: { ...session, ...(intent ? { payment_intent: intent } : {}) } });
      }
      const byId = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && byId) {
        const intent = intents.find((candidate) => candidate.id === decodeURIComponent(byId[1]!));
        return answer(intent ? { status: 200, body: intent } : invalid('resource_missing', 'No such payment_intent'));
      }
      const form = new URLSearchParams(raw);
      const key = request.headers['idempotency-key'];
      const print = fingerprint(url.pathname, form);
      if (typeof key === 'string') {
        const first = replays.get(key);
        if (first && first.fingerprint !== print) {
          return answer({
            status: 400,
            body: {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            },
          });
        }
        if (first) return answer(first.result);
        if (running.has(key)) {
          return answer({
            status: 409,
            body: { error: { type: 'idempotency_error', message: 'Another request with this key is in progress.' } },
          });
        }
        running.add(key);
      }
      const charging = request.method === 'POST' && url.pathname === '/v1/payment_intents';
      const refunding = request.method === 'POST' && url.pathname === '/v1/refunds';
      if (charging) state.received += 1;
      if (charging && state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const result = route(request.method ?? 'GET', url.pathname, form);
      if (typeof key === 'string') {
        running.delete(key);
        // Stripe keeps the answer of a request that ran, not of one refused before it started (400).
        if (result.status !== 400) replays.set(key, { fingerprint: print, result });
      }
      if (refunding && result.status === 200 && state.loseRefundAnswers > 0) {
        state.loseRefundAnswers -= 1;
        return;
      }
      if (charging && state.loseAnswers > 0) {
        // Charged, but the answer never comes: the caller's timeout ends the call. (A cut
        // connection would not do: the SDK sends the request again on ECONNRESET, with its key.)
        state.loseAnswers -= 1;
        return;
      }
      answer(result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  apiUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl,
    secretKey,
    webhookSecret,
    intents,
    customers,
    paymentMethods,
    checkoutSessions,
    payCheckout(id, card = 'pm_card_visa') {
      const session = checkoutSessions.find((candidate) => candidate.id === id);
      if (!session || session.status !== 'open') throw new Error(`no open checkout session ${id}`);
      const form = new URLSearchParams({
        amount: String(session.amount_total),
        currency: session.currency,
        payment_method: card,
        confirm: 'true',
        ...Object.fromEntries(Object.entries(session.metadata).map(([name, value]) => [`metadata[${name}]`, value])),
      });
      if (session.setup_future_usage) {
        const customer = { id: `cus_${customers.length + 1}`, email: null, metadata: {} };
        customers.push(customer);
        form.set('customer', customer.id);
        form.set('setup_future_usage', session.setup_future_usage);
      }
      const result = createIntent(form);
      const intent = result.body as Intent;
      if (result.status !== 200 || intent.status !== 'succeeded') throw new Error(`test card ${card} did not pay`);
      session.payment_intent = intent.id;
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    completeChallenge(id, passed) {
      const intent = intents.find((candidate) => candidate.id === id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = passed ? 'succeeded' : 'requires_payment_method';
      intent.last_payment_error = passed
        ? null
        : { code: 'payment_intent_authentication_failure', message: 'Authentication failed.' };
    },
    get received() {
      return state.received;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get loseAnswers() {
      return state.loseAnswers;
    },
    set loseAnswers(value: number) {
      state.loseAnswers = value;
    },
    refunds,
    get loseRefundAnswers() {
      return state.loseRefundAnswers;
    },
    set loseRefundAnswers(value: number) {
      state.loseRefundAnswers = value;
    },
    get searchLagMs() {
      return state.searchLagMs;
    },
    set searchLagMs(value: number) {
      state.searchLagMs = value;
    },
    webhook(type, object, signing = {}) {
      state.events += 1;
      const created = Math.floor(now() / 1000);
      const body = JSON.stringify({
        id: signing.id ?? `evt_${state.events}`,
        object: 'event',
        type,
        created,
        data: { object },
        livemode: false,
      });
      const signature = createHmac('sha256', signing.secret ?? webhookSecret)
        .update(`${created}.${body}`, 'utf8')
        .digest('hex');
      return {
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${created},v1=${signature}` },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Unanswered calls hold their connections open.
        server.closeAllConnections();
      }),
  };
}
