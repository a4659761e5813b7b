import type { IncomingHttpHeaders } from 'node:http';
import { FoyerTokenError } from './errors.js';
import { tokenFromHeaders } from './request.js';
import { verifyFoyerToken, type FoyerVisitor, type VerifyOptions } from './verify.js';

export interface GuardOptions extends VerifyOptions {
  /**
   * `true`: a valid token is needed (401 otherwise). A product name or a list: the visitor must
   * also hold one of them (403 otherwise). Left out: nothing is required, `foyer` is just null.
   */
  require?: true | string | readonly string[];
  /** A cookie of the site's own that may carry the token when there is no Authorization header. */
  cookie?: string;
}

/** The answer a refused request gets, the same from the Express and the Fastify guard. */
export interface Refusal {
  status: 401 | 403 | 503;
  body: { error: string; message: string };
  headers: Record<string, string>;
}

/** What both middlewares do: the visitor for the request, or the refusal to send. */
export async function guard(
  headers: IncomingHttpHeaders,
  options: GuardOptions,
): Promise<{ visitor: FoyerVisitor | null; refusal?: Refusal }> {
  const token = tokenFromHeaders(headers, options.cookie);
  let visitor: FoyerVisitor | null = null;
  let failure: FoyerTokenError | null = token ? null : new FoyerTokenError('missing', 'No visitor token');
  if (token) {
    try {
      visitor = await verifyFoyerToken(token, options);
    } catch (error) {
      failure = error instanceof FoyerTokenError ? error : new FoyerTokenError('invalid', String(error));
    }
  }
  const { require } = options;
  if (!require) return { visitor };
  if (!visitor) {
    const status = failure?.code === 'jwks_unavailable' ? 503 : 401;
    const headers: Record<string, string> =
      status === 401
        ? { 'www-authenticate': `Bearer error="invalid_token", error_description="${failure?.code}"` }
        : {};
    return {
      visitor,
      refusal: { status, headers, body: { error: failure?.code ?? 'invalid', message: failure?.message ?? '' } },
    };
  }
  if (require !== true) {
    const wanted: readonly string[] = typeof require === 'string' ? [require] : require;
    if (!wanted.some((product) => visitor.entitlements.includes(product)))
      return {
        visitor,
        refusal: {
          status: 403,
          headers: {},
          body: { error: 'not_entitled', message: `Needs one of: ${wanted.join(', ')}` },
        },
      };
  }
  return { visitor };
}
