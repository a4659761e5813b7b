import { catalogueError, foyerError, type FoyerError } from '@foyer/api';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Thrown by handlers; the error handler answers `{code, message, args}` with the catalogue status. */
export class ApiError extends Error {
  readonly error: FoyerError;
  readonly headers: Record<string, string>;

  constructor(code: string, args: string[] = [], headers: Record<string, string> = {}) {
    const error = catalogueError(code, args);
    super(error.message);
    this.name = 'ApiError';
    this.error = error;
    this.headers = headers;
  }
}

/** VALIDATION_FAILED with the offending paths (`identifiers.0.value`) in one argument. */
export function validationFailed(paths: readonly string[]): ApiError {
  const unique = [...new Set(paths.length ? paths : ['body'])];
  return new ApiError('VALIDATION_FAILED', [unique.join(', ')]);
}

export function issuePaths(prefix: string, issues: readonly { path: readonly PropertyKey[] }[]): string[] {
  return issues.map((issue) => [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix);
}

export function sendError(reply: FastifyReply, error: FoyerError, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send({ code: error.code, message: error.message, args: error.args });
}

/** Every error leaves the server in the catalogue's shape; unexpected ones are logged, never echoed. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return sendError(reply, error.error, error.headers);
  const status = error.statusCode ?? 500;
  if (status === 404) return sendError(reply, foyerError('NOT_FOUND'));
  // Too large a body keeps its own status, so a client knows resending it will not help.
  if (status === 413) return sendError(reply, foyerError('VALIDATION_FAILED', ['body'], 413));
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, empty body, wrong content type, body too large.
    return sendError(reply, foyerError('VALIDATION_FAILED', ['body']));
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is down or frozen. The client may retry; the operator sees one line.
    request.log.error({ err: error }, 'database unavailable');
    return sendError(reply, foyerError('technical_difficulties', [], 503), {
      'retry-after': String(DATABASE_RETRY_AFTER_S),
    });
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, foyerError('technical_difficulties'));
}
