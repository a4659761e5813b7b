/**
 * One typed client per service over `fetch`: calls return `{ ok: true, data, status }` or
 * `{ ok: false, error }` with a normalised FoyerError. Never throws for HTTP or network failures.
 */
import { foyerError, normalizeError, type FoyerError } from './errors/foyer-error';
import type { Endpoint } from './identity/endpoints';

/**
 * Request header of every identity and widget-service call of the frame: the signed token of the
 * frame config (`serviceToken`) naming the service the frame page was served for. The reference
 * server refuses a call without a valid one for the call's service (FRAME_NOT_BOUND).
 */
export const FRAME_TOKEN_HEADER = 'X-Foyer-Frame-Token';

/** `headers` of a success carry, for example, the SSO domains header of login and logout. */
export type ApiResult<R> = { ok: true; data: R; status: number; headers?: Headers } | { ok: false; error: FoyerError };

export interface ClientOptions {
  baseUrl: string;
  /** The Authorization header value for a call, or undefined for anonymous calls. */
  authorization?: () => string | undefined;
  fetch?: typeof fetch;
  /** How an error answer becomes a FoyerError; the widget service uses normalizePurchaseError. */
  normalize?: (statusCode: number, body: unknown) => FoyerError;
  /** Extra request headers (the payment call's Idempotency-Key). */
  headers?: Record<string, string>;
  /** The frame config's serviceToken, sent in FRAME_TOKEN_HEADER on every call. */
  frameToken?: string | undefined;
}

export interface CallOptions<P, B> {
  params?: P;
  body?: B;
  /** A list value is sent as a repeated parameter (`?paymentPlan=a&paymentPlan=b`). */
  query?: Record<string, string | readonly string[] | undefined>;
  signal?: AbortSignal;
}

export async function callEndpoint<P extends Record<string, string>, B, R>(
  options: ClientOptions,
  endpoint: Endpoint<P, B, R>,
  call: CallOptions<P, B> = {},
): Promise<ApiResult<R>> {
  const url = new URL(options.baseUrl.replace(/\/$/, '') + endpoint.toPath((call.params ?? {}) as P));
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (typeof value === 'string') url.searchParams.set(key, value);
    else if (value) for (const item of value) url.searchParams.append(key, item);
  }
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.frameToken) headers[FRAME_TOKEN_HEADER] = options.frameToken;
  const authorization = options.authorization?.();
  if (authorization) headers.authorization = authorization;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: endpoint.method,
      headers,
      body: call.body === undefined ? null : JSON.stringify(call.body),
      credentials: endpoint.credentials ?? 'omit',
      signal: call.signal ?? null,
    });
  } catch {
    return { ok: false, error: foyerError('NETWORK_ERROR', [], 0) };
  }
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) return { ok: false, error: (options.normalize ?? normalizeError)(response.status, json) };
  if (!endpoint.response) return { ok: true, data: undefined as R, status: response.status, headers: response.headers };
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      error: foyerError('technical_difficulties', [], 502, 'The server answered with an unexpected body'),
    };
  }
  return { ok: true, data: parsed.data, status: response.status, headers: response.headers };
}
