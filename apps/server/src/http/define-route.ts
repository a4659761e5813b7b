/**
 * Builds fastify routes from the `identityEndpoints` table of `@foyer/api`: the same method, path
 * and zod schemas the frame's client uses. Bodies (and queries, when given a schema) are parsed
 * before the handler runs; what the handler returns is parsed with the response schema before it
 * is sent, so the server cannot answer a shape the client does not expect (and unknown keys,
 * such as a password hash, are stripped).
 */
import type { Endpoint } from '@foyer/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { ApiError, issuePaths, validationFailed } from './errors';

export interface RouteInput<P, B, Q> {
  params: P;
  body: B;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<R> {
  status?: number;
  body: R;
  headers?: Record<string, string>;
}

export function defineRoute<P extends Record<string, string>, B, R, Q = Record<string, never>>(
  app: FastifyInstance,
  endpoint: Endpoint<P, B, R>,
  handler: (input: RouteInput<P, B, Q>) => Promise<RouteResult<R>>,
  options: { query?: z.ZodMiniType<Q> } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      let body = undefined as B;
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(request.body ?? null);
        if (!parsed.success) throw validationFailed(issuePaths('', parsed.error.issues));
        body = parsed.data;
      }
      let query = {} as Q;
      if (options.query) {
        const parsed = options.query.safeParse(request.query ?? {});
        if (!parsed.success) throw validationFailed(issuePaths('query', parsed.error.issues));
        query = parsed.data;
      }
      const result = await handler({ params: request.params as P, body, query, request, reply });
      reply.code(result.status ?? 200);
      if (result.headers) reply.headers(result.headers);
      if (!endpoint.response) return reply.send();
      const checked = endpoint.response.safeParse(result.body);
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues, url: endpoint.path }, 'response failed its schema');
        throw new ApiError('technical_difficulties');
      }
      return reply.send(checked.data);
    },
  });
}
