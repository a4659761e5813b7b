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

/** Newest first; `before` (epoch ms) pages back. */
export async function readAudit(
  db: Db,
  options: { limit: number; before?: number | undefined },
): Promise<AuditEntry[]> {
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
      WHERE ($1::bigint IS NULL OR at < $1) ORDER BY at DESC, id DESC LIMIT $2`,
    [options.before ?? null, options.limit],
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
