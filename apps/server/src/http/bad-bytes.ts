/**
 * Strings no schema accepts: U+0000 (PostgreSQL's text cannot hold it) and UTF-16 surrogates
 * without their pair (no UTF-8 encoding exists for them). Checked once for every route, on the
 * decoded path parameters, query and JSON body, before any schema or handler sees them, so each
 * answers 400 instead of failing in the database.
 */
import { foyerError } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadString(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The path (`body.identifiers.0.value`) of the first bad string in a decoded value, or null. */
export function findBadString(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isBadString(value) ? path : null;
  // Bodies are at most 64 KB; deeper nesting than this is not something a schema accepts anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = `${path}.${key}`;
    if (isBadString(key)) return innerPath;
    const found = findBadString(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses requests carrying bad strings with VALIDATION_FAILED naming where (API prefixes) or a
 * plain 400 (frame pages and files).
 */
export function refuseBadStrings(app: FastifyInstance, apiPrefixes: readonly string[]): void {
  app.addHook('preValidation', async (request, reply) => {
    const found =
      findBadString(request.params, 'params') ??
      findBadString(request.query, 'query') ??
      findBadString(request.body, 'body');
    if (!found) return;
    if (apiPrefixes.some((prefix) => request.url.startsWith(`${prefix}/`))) {
      return sendError(reply, foyerError('VALIDATION_FAILED', [found.replace(/^body\./, '')]));
    }
    return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
  });
}
