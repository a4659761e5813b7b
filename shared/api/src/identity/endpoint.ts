/** The shape of one REST call, shared by every endpoint module. */
import type * as z from 'zod/mini';

export interface Endpoint<P extends Record<string, string>, B, R> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path template with `:param` segments, relative to the identity base URL. */
  path: string;
  /** Builds the concrete path; parameters are URI-encoded. */
  toPath(params: P): string;
  body: z.ZodMiniType<B> | null;
  response: z.ZodMiniType<R> | null;
  /**
   * Sent with the identity origin's cookies when it is the frame's own ('same-origin': the SSO
   * cookie of GET /session/sso); every other call carries none ('omit').
   */
  credentials?: 'same-origin';
}

/*#__NO_SIDE_EFFECTS__*/
export function endpoint<P extends Record<string, string>, B, R>(
  method: Endpoint<P, B, R>['method'],
  path: string,
  body: z.ZodMiniType<B> | null,
  response: z.ZodMiniType<R> | null,
  options: { credentials?: 'same-origin' } = {},
): Endpoint<P, B, R> {
  return {
    method,
    path,
    body,
    response,
    ...options,
    toPath: (params) => path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')),
  };
}
