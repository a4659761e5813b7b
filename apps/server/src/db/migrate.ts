import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by all Foyer servers; names the advisory lock that serialises migrations. */
const LOCK_ID = 7_406_001;
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => FILE_NAME.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: FILE_NAME.exec(file)![1]!,
      name: file,
      sql: await readFile(`${dir}/${file}`, 'utf8'),
    })),
  );
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, each in its own
 * transaction. An advisory lock makes servers that start together on one PostgreSQL wait for
 * each other instead of applying a migration twice. Returns the versions applied now.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await db.transaction(async (tx) => {
    // Even CREATE TABLE IF NOT EXISTS can collide when two servers start at once: take the lock.
    // Through exec, like the migrations: exempt from the statement timeout (db/postgres.ts), as
    // another server's long migration may hold the lock for a while.
    await tx.exec(`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
  });
  const applied: string[] = [];
  for (const migration of all) {
    const done = await db.transaction(async (tx) => {
      await tx.exec(`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
