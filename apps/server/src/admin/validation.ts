/**
 * Validating the admin API's queries and bodies with the zod schemas of @foyer/api/admin: a bad
 * value answers 400 VALIDATION_FAILED naming its path (`limit: …`), like the configuration's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';

function refuse(reply: FastifyReply, error: z.core.$ZodError): void {
  const errors = error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
  void reply
    .code(400)
    .send({ code: 'VALIDATION_FAILED', message: 'Some of the information sent is not valid.', args: [], errors });
}

/** The parsed value, or null after answering 400. */
export function parseWith<T extends z.ZodMiniType>(schema: T, input: unknown, reply: FastifyReply): z.infer<T> | null {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  refuse(reply, parsed.error);
  return null;
}

export const parseQuery = <T extends z.ZodMiniType>(schema: T, request: FastifyRequest, reply: FastifyReply) =>
  parseWith(schema, request.query ?? {}, reply);

export const parseBody = <T extends z.ZodMiniType>(schema: T, request: FastifyRequest, reply: FastifyReply) =>
  parseWith(schema, request.body ?? {}, reply);
