/**
 * A local stand-in for Stripe's PaymentIntents API (https://docs.stripe.com/api/payment_intents):
 * `POST /v1/payment_intents` (form-encoded, Bearer secret key, Idempotency-Key replays the first
 * answer, 409 while the first request with that key is still running), `GET /v1/payment_intents/:id`
 * and `GET /v1/payment_intents/search` (the `metadata['name']:'value'` clause only). Stripe's documented test payment methods decide the
 * outcome: pm_card_visa succeeds, pm_card_chargeDeclined is refused with card_declined (402), and
 * pm_card_threeDSecure2Required needs a challenge (requires_action) that the test then passes or
 * fails, as the visitor would in the frame.
 */
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
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
}

export interface StripeStandIn {
  apiUrl: string;
  secretKey: string;
  /** Every intent created (replays through Idempotency-Key create none). */
  intents: Intent[];
  /** Create calls received so far (counted before the delay, when the charge starts). */
  readonly received: number;
  /** The visitor answers the 3-D Secure challenge of an intent. */
  completeChallenge(id: string, passed: boolean): void;
  /** Milliseconds the create call takes (to overlap concurrent submissions). */
  delayMs: number;
  /** Answer 503 to everything (provider outage). */
  down: boolean;
  close(): Promise<void>;
}

export async function startStripeStandIn(secretKey = 'sk_test_standin'): Promise<StripeStandIn> {
  const intents: Intent[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const running = new Set<string>();
  const state = { delayMs: 0, down: false, received: 0 };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', async () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.down) return answer(503, { error: { type: 'api_error', message: 'unavailable' } });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
        const clause = /^metadata\['([a-z_]+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(url.searchParams.get('query') ?? '');
        if (!clause) return answer(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid' } });
        const [, name, value] = clause;
        const data = intents.filter((intent) => intent.metadata[name!] === value!.replace(/\\(.)/g, '$1'));
        return answer(200, { object: 'search_result', data, has_more: false });
      }
      const byId = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && byId) {
        const intent = intents.find((candidate) => candidate.id === decodeURIComponent(byId[1]!));
        return intent ? answer(200, intent) : answer(404, { error: { code: 'resource_missing' } });
      }
      if (request.method !== 'POST' || url.pathname !== '/v1/payment_intents') return answer(404, {});
      const key = request.headers['idempotency-key'];
      const replay = typeof key === 'string' ? replays.get(key) : undefined;
      if (replay) return answer(replay.status, replay.body);
      if (typeof key === 'string' && running.has(key)) {
        return answer(409, {
          error: { type: 'idempotency_error', message: 'Another request with this key is in progress.' },
        });
      }
      if (typeof key === 'string') running.add(key);
      state.received += 1;
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (typeof key === 'string') running.delete(key);
      const form = new URLSearchParams(raw);
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 1 || !form.get('currency') || form.get('confirm') !== 'true') {
        return answer(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid' } });
      }
      const id = `pi_${intents.length + 1}`;
      const method = form.get('payment_method') ?? '';
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.get('currency')!,
        status: 'succeeded',
        client_secret: `${id}_secret_standin`,
        payment_method: method,
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice(9, -1), value]),
        ),
        last_payment_error: null,
      };
      let result: { status: number; body: unknown };
      if (method === 'pm_card_visa') result = { status: 200, body: intent };
      else if (method === 'pm_card_threeDSecure2Required') {
        intent.status = 'requires_action';
        result = { status: 200, body: { ...intent, next_action: { type: 'use_stripe_sdk' } } };
      } else if (method === 'pm_card_chargeDeclined') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
        result = {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          },
        };
      } else {
        result = { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      }
      if (result.status < 400 || result.status === 402) intents.push(intent);
      if (typeof key === 'string') replays.set(key, result);
      answer(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
