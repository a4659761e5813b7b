/**
 * Error normalisation of the purchase spec §8: an array answer's first entry gives appErrorCode,
 * message and httpErrorCode; a message starting with 'IDM Error:' embeds a structure with the
 * real code and message; our own `{code, message, args}` body passes through; anything else is
 * technical_difficulties. A failed payment without an app error code is payment_fail.
 */
import { catalogueError as foyerError } from '../errors/all';
import { normalizeError, type FoyerError } from '../errors/foyer-error';

const IDM_PREFIX = 'IDM Error:';

function fromIdmMessage(message: string, statusCode: number): FoyerError | null {
  if (!message.startsWith(IDM_PREFIX)) return null;
  const rest = message.slice(IDM_PREFIX.length).trim();
  try {
    const inner = JSON.parse(rest) as unknown;
    const record = (Array.isArray(inner) ? inner[0] : inner) as Record<string, unknown> | undefined;
    const code = record?.code ?? record?.errorCode ?? record?.appErrorCode;
    if (typeof code === 'string' && code) {
      return foyerError(code, [], statusCode, typeof record?.message === 'string' ? record.message : undefined);
    }
  } catch {
    // Not JSON: the structure is unreadable, fall through to technical_difficulties.
  }
  return null;
}

export function normalizePurchaseError(statusCode: number, body: unknown): FoyerError {
  const status = statusCode >= 400 ? statusCode : 500;
  if (Array.isArray(body)) {
    const first = body[0] as Record<string, unknown> | undefined;
    if (first && typeof first === 'object') {
      const http = typeof first.httpErrorCode === 'number' ? first.httpErrorCode : status;
      const message = typeof first.message === 'string' ? first.message : undefined;
      const idm = message ? fromIdmMessage(message, http) : null;
      if (idm) return idm;
      if (typeof first.appErrorCode === 'string' && first.appErrorCode) {
        return foyerError(first.appErrorCode, [], http, message);
      }
    }
    return foyerError('technical_difficulties', [], status);
  }
  if (typeof body === 'object' && body !== null) {
    const message = (body as Record<string, unknown>).message;
    const idm = typeof message === 'string' ? fromIdmMessage(message, status) : null;
    if (idm) return idm;
  }
  return normalizeError(statusCode, body);
}

/** A failed payment call: its app error code when it has one, otherwise payment_fail. */
export function normalizePaymentError(statusCode: number, body: unknown): FoyerError {
  const error = normalizePurchaseError(statusCode, body);
  if (error.code === 'technical_difficulties' && statusCode !== 0) return foyerError('payment_fail', [], statusCode);
  return error;
}
