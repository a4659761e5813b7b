/**
 * Activity the console's figures count (issue 28; migration 039): sign-ins and the paywall shown
 * to a reader. One insert beside the action, on the action's own connection: counted exactly when
 * the action happened.
 */
import type { Db } from './db';

export type ActivityKind = 'login' | 'paywall.shown';

export async function recordActivity(
  db: Db,
  event: { kind: ActivityKind; serviceName: string | null; guid?: string | null; reader?: string | null },
  now: number,
): Promise<void> {
  await db.query('INSERT INTO activity_events (kind, service_name, guid, reader, at) VALUES ($1, $2, $3, $4, $5)', [
    event.kind,
    event.serviceName,
    event.guid ?? null,
    event.reader ?? null,
    now,
  ]);
}

/** Older than any window the dashboard offers (366 days) with a margin. */
export async function pruneActivity(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM activity_events WHERE at < $1', [now - 400 * 86_400_000]);
}
