/**
 * The audit log of configuration writes (issue 27): who (an API key, or the CLI), when, what (the
 * section), before and after (secrets already masked by the export), and from where. Written in
 * the transaction of the change, so a change is never without its record, nor a record without it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

export interface AuditEntry {
  id: string;
  at: number;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address: string | null;
  userAgent: string | null;
}

export interface AuditWrite {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address?: string | undefined;
  userAgent?: string | undefined;
}

export async function recordAudit(tx: Db, entry: AuditWrite, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO admin_audit (id, at, actor, action, target, before, after, address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      now,
      entry.actor,
      entry.action,
      entry.target,
      JSON.stringify(entry.before ?? null),
      JSON.stringify(entry.after ?? null),
      entry.address ?? null,
      entry.userAgent?.slice(0, 300) ?? null,
    ],
  );
}

const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

export interface AuditFilter {
  limit: number;
  /** Pages back: entries strictly before this time (epoch ms). */
  before?: number | undefined;
  /** Parts of the actor, the target (case-insensitive); the action's start (`account.` for every account action). */
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const contains = (text: string | undefined) =>
  text?.trim()
    ? `%${text
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : null;

/** Newest first; `before` (epoch ms) pages back; the filters narrow it. */
export async function readAudit(db: Db, options: AuditFilter): Promise<AuditEntry[]> {
  const rows = await db.query<{
    id: string;
    at: string | number;
    actor: string;
    action: string;
    target: string;
    before: unknown;
    after: unknown;
    address: string | null;
    user_agent: string | null;
  }>(
    `SELECT id, at, actor, action, target, before, after, address, user_agent FROM admin_audit
      WHERE ($1::bigint IS NULL OR at < $1)
        AND ($3::text IS NULL OR lower(actor) LIKE $3) AND ($4::text IS NULL OR lower(action) LIKE $4)
        AND ($5::text IS NULL OR lower(target) LIKE $5)
        AND ($6::bigint IS NULL OR at >= $6) AND ($7::bigint IS NULL OR at <= $7)
      ORDER BY at DESC, id DESC LIMIT $2`,
    [
      options.before ?? null,
      options.limit,
      contains(options.actor),
      options.action?.trim() ? `${options.action.trim().toLowerCase()}%` : null,
      contains(options.target),
      options.from ?? null,
      options.to ?? null,
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.at),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: parsed(row.before),
    after: parsed(row.after),
    address: row.address,
    userAgent: row.user_agent,
  }));
}

/**
 * The entries as CSV (RFC 4180): quoted fields, and a cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  const header = ['at', 'actor', 'action', 'target', 'address', 'user_agent', 'before', 'after'];
  const rows = entries.map((entry) =>
    [
      new Date(entry.at).toISOString(),
      entry.actor,
      entry.action,
      entry.target,
      entry.address,
      entry.userAgent,
      entry.before,
      entry.after,
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}
