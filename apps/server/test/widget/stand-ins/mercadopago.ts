/**
 * A local stand-in for Mercado Pago's Payments API (`POST /v1/payments`, `GET /v1/payments/:id`,
 * `GET /v1/payments/search?external_reference=…`,
 * Bearer access token, X-Idempotency-Key replays the first answer). As with Mercado Pago's test
 * cards, the cardholder name the token was made with decides the outcome; here the token names
 * it: tok_APRO approved, tok_CONT in_process, tok_SECU rejected (cc_rejected_bad_filled_security_code),
 * tok_FUND rejected (cc_rejected_insufficient_amount). A missing payment_method_id is a 400 with a cause.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MercadoPayment {
  id: number;
  status: string;
  status_detail: string;
  /** transaction_amount exactly as it appeared in the request's JSON. */
  rawAmount: string;
  body: Record<string, unknown>;
}

export interface MercadoStandIn {
  apiUrl: string;
  accessToken: string;
  payments: MercadoPayment[];
  close(): Promise<void>;
}

const OUTCOMES: Record<string, [string, string]> = {
  tok_APRO: ['approved', 'accredited'],
  tok_CONT: ['in_process', 'pending_contingency'],
  tok_SECU: ['rejected', 'cc_rejected_bad_filled_security_code'],
  tok_FUND: ['rejected', 'cc_rejected_insufficient_amount'],
};

export async function startMercadoStandIn(accessToken = 'TEST-standin'): Promise<MercadoStandIn> {
  const payments: MercadoPayment[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
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
          }));
        return answer({ status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } });
      }
      const byId = /^\/v1\/payments\/(\d+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && byId) {
        const found = payments.find((payment) => payment.id === Number(byId[1]));
        return answer(found ? { status: 200, body: found } : { status: 404, body: { message: 'not found' } });
      }
      if (request.method !== 'POST' || request.url !== '/v1/payments') return answer({ status: 404, body: {} });
      const key = request.headers['x-idempotency-key'];
      const replay = typeof key === 'string' ? replays.get(key) : undefined;
      if (replay) return answer(replay);
      const body = JSON.parse(raw) as Record<string, unknown>;
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
        const [status, detail] = OUTCOMES[String(body.token)] ?? ['rejected', 'cc_rejected_other_reason'];
        const payment = { id: 1000 + payments.length, status, status_detail: detail, rawAmount, body };
        payments.push(payment);
        result = { status: 201, body: { id: payment.id, status, status_detail: detail } };
      }
      if (typeof key === 'string') replays.set(key, result);
      answer(result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessToken,
    payments,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
