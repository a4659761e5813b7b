import * as z from 'zod/mini';
import { canonicalCode, IDENTITY_ERRORS } from './catalogue';

/**
 * The one error shape of Foyer. A plain object (not a class) so it crosses postMessage and
 * compares by `code` in any frame; never use `instanceof` on errors from elsewhere.
 */
export interface FoyerError {
  code: string;
  /** English developer text; visitor text is looked up by `code` in the translation table. */
  message: string;
  args: string[];
  /** HTTP status, or 0 when the server could not be reached. */
  statusCode: number;
}

/** The error body every Foyer API answers with (and that other backends are normalised to). */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.optional(z.string()),
  args: z.optional(z.array(z.string())),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export type ErrorCatalogue = Readonly<Record<string, { status: number; text: string }>>;

/** A catalogue's English texts by code: where the frame's translation tables take their English. */
export function catalogueTexts<C extends ErrorCatalogue>(catalogue: C): Record<keyof C & string, string> {
  return Object.fromEntries(Object.entries(catalogue).map(([code, entry]) => [code, entry.text])) as Record<
    keyof C & string,
    string
  >;
}

/** Builds a FoyerError, with status and English text defaulted from `catalogue`. */
export type ErrorFactory = (code: string, args?: string[], statusCode?: number, message?: string) => FoyerError;

export function errorFactory(catalogue: ErrorCatalogue): ErrorFactory {
  return (code, args = [], statusCode, message) => {
    const entry = Object.prototype.hasOwnProperty.call(catalogue, code) ? catalogue[code] : undefined;
    return {
      code,
      args,
      statusCode: statusCode ?? entry?.status ?? 500,
      message: message ?? formatMessage(entry?.text ?? code, args),
    };
  };
}

/**
 * Identity errors. The purchase widgets and the server use `catalogueError` (errors/all.ts),
 * which knows the purchase codes too; the identity frames never download those texts.
 */
export const foyerError: ErrorFactory = errorFactory(IDENTITY_ERRORS);

export function isFoyerError(value: unknown): value is FoyerError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FoyerError).code === 'string' &&
    typeof (value as FoyerError).statusCode === 'number'
  );
}

/** Fills `{0}`, `{1}` … with arguments; unknown placeholders stay as they are. */
export function formatMessage(template: string, args: readonly string[] = []): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => args[Number(index)] ?? whole);
}

/**
 * Normalises whatever an API answered into a FoyerError: our own `{code, message, args}` body,
 * the legacy `{error: {code, message}}` and `{errorCode}` shapes, OAuth's `{error: 'access_denied'}`,
 * or a body that is not JSON at all. A third party's access_denied becomes 401 (identity spec §8).
 */
export function normalizeError(statusCode: number, body: unknown): FoyerError {
  const own = apiErrorBodySchema.safeParse(body);
  if (own.success) return foyerError(canonicalCode(own.data.code), own.data.args ?? [], statusCode, own.data.message);
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const nested = record.error;
    if (typeof nested === 'object' && nested !== null) {
      const inner = apiErrorBodySchema.safeParse(nested);
      if (inner.success)
        return foyerError(canonicalCode(inner.data.code), inner.data.args ?? [], statusCode, inner.data.message);
    }
    if (nested === 'access_denied') return foyerError('access_denied', [], 401);
    if (typeof record.errorCode === 'string') return foyerError(canonicalCode(record.errorCode), [], statusCode);
  }
  if (statusCode === 0) return foyerError('NETWORK_ERROR', [], 0);
  return foyerError('technical_difficulties', [], statusCode >= 400 ? statusCode : 500);
}

/** The message box colour of a status (identity spec §2). */
export function severityOfStatus(statusCode: number): 'success' | 'warning' | 'danger' | 'info' {
  if (statusCode >= 200 && statusCode < 300) return 'success';
  if (statusCode >= 300 && statusCode < 400) return 'warning';
  if (statusCode >= 400) return 'danger';
  return 'info';
}
