import { openPglite } from './pglite';
import { openPostgres, type DbTimeouts } from './postgres';
import type { Db } from './types';

export type { Db, SqlParam } from './types';
export { migrate } from './migrate';
export type { DbTimeouts } from './postgres';

export interface DbOptions {
  /** A PostgreSQL connection string; when set, the embedded database is not used. */
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  /** PostgreSQL only: connect, statement and idle-in-transaction timeouts (defaults: DEFAULT_DB_TIMEOUTS). */
  timeouts?: Partial<DbTimeouts> | undefined;
  /** PGlite data folder, or `memory`. */
  dataDir: string;
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl)
    return openPostgres({
      connectionString: options.databaseUrl,
      schema: options.databaseSchema,
      timeouts: options.timeouts,
    });
  return openPglite(options.dataDir);
}

/** node-postgres returns BIGINT as a string, PGlite as a number: epoch-ms columns go through this. */
export function toMillis(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}
