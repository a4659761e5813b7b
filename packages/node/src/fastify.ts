import type { IncomingHttpHeaders } from 'node:http';
import { guard, type GuardOptions } from './guard.js';
import type { FoyerVisitor } from './verify.js';

/** The parts of Fastify's request and reply the hook uses, so the package needs no Fastify. */
export interface FoyerFastifyRequest {
  headers: IncomingHttpHeaders;
  foyer?: FoyerVisitor | null;
}
export interface FoyerFastifyReply {
  code(statusCode: number): unknown;
  header(name: string, value: string): unknown;
  send(payload?: unknown): unknown;
}

/**
 * A Fastify `onRequest`/`preHandler` hook: `app.addHook('preHandler', foyerFastify({ ... }))` for
 * every route, or `{ preHandler: foyerFastify({ ..., require: 'product' }) }` on one. Puts the
 * visitor (or null) on `request.foyer`; with `require`, answers 401/403/503 with a JSON error.
 * (Type `request.foyer` with `declare module 'fastify' { interface FastifyRequest { foyer?: FoyerVisitor | null } }`.)
 */
export function foyerFastify(options: GuardOptions) {
  return async (request: FoyerFastifyRequest, reply: FoyerFastifyReply): Promise<unknown> => {
    const { visitor, refusal } = await guard(request.headers, options);
    request.foyer = visitor;
    if (!refusal) return undefined;
    reply.code(refusal.status);
    for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
    // An async hook that answers returns the reply, so Fastify stops there.
    return reply.send(refusal.body);
  };
}
