/**
 * Whether an error means the database cannot be reached or did not answer in time (as opposed to
 * a bug or a refused statement): such requests answer 503 with Retry-After (http/errors.ts).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** SQLSTATEs: query_canceled (statement_timeout), shutdowns, too many connections; class 08 is connection exceptions. */
const SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
/** node-postgres's own messages: its read timeout, its connect timeout, the pool's acquire timeout, a lost connection. */
const MESSAGES =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')))
    return true;
  return MESSAGES.test(error.message);
}
