/**
 * The cancellation reasons (configuration, migration 038): stored one row per reason with its
 * translations, written by the seed, exported, and served to the account widget as the product
 * manager's `List_Reasons_Cancel` property in the visitor's language.
 */
import { CANCEL_REASONS_PROPERTY, type Property } from '@foyer/api';
import { formatCancellationReasons, type CancellationReasonConfig } from '@foyer/api/config';
import type { Db } from '../db';

/** Replaces the stored reasons with `reasons`, in their order; inside the caller's transaction. */
export async function storeCancellationReasons(tx: Db, reasons: readonly CancellationReasonConfig[]): Promise<void> {
  await tx.query('DELETE FROM cancellation_reasons');
  for (const [position, reason] of reasons.entries()) {
    await tx.query('INSERT INTO cancellation_reasons (key, position, label, labels) VALUES ($1, $2, $3, $4)', [
      reason.key,
      position,
      reason.label,
      JSON.stringify(reason.labels ?? {}),
    ]);
  }
}

/** The stored reasons in the order the widget offers them (no `labels` when there is no translation). */
export async function readCancellationReasons(db: Db): Promise<CancellationReasonConfig[]> {
  const rows = await db.query<{ key: string; label: string; labels: Record<string, string> | string }>(
    'SELECT key, label, labels FROM cancellation_reasons ORDER BY position, key',
  );
  return rows.map((row) => {
    const labels = typeof row.labels === 'string' ? (JSON.parse(row.labels) as Record<string, string>) : row.labels;
    return { key: row.key, label: row.label, ...(Object.keys(labels).length ? { labels } : {}) };
  });
}

/** Whether `key` is one of the stored reasons (what a cancel request may send). */
export async function isCancellationReason(db: Db, key: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM cancellation_reasons WHERE key = $1', [key]);
  return rows.length > 0;
}

/**
 * The `List_Reasons_Cancel` property as the account widget reads it (`KEY:label;…`), with each
 * label in `language` (the visitor's first Accept-Language tag), English when it has none.
 */
export async function cancellationReasonsProperty(db: Db, language: string | null): Promise<Property> {
  return {
    name: CANCEL_REASONS_PROPERTY,
    value: formatCancellationReasons(await readCancellationReasons(db), language),
  };
}
