import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { lockDataFolder } from './folder-lock';
import { templateStore } from './pglite-template';
import type { Db, SqlParam } from './types';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(target: Queryable, transaction: Db['transaction'], close: () => Promise<void>): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    transaction,
    close,
  };
}

/**
 * PostgreSQL's memory settings for the embedded database, on top of PGlite's own start parameters.
 * PGlite keeps PostgreSQL's server defaults (128 MB of shared buffers, 100 connections' worth of
 * shared memory) inside its WASM memory, which only grows: most of the 800 MB a cold start used.
 * One process, one connection, and the pages live in memory or in the OS's file cache anyway: a
 * small buffer pool loses little.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'max_connections=5',
  'temp_buffers=2MB',
  'maintenance_work_mem=16MB',
];

function startParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Creates the PGlite database of `dataDir` (or an in-memory one). A fresh one is loaded from the
 * template of an initialised database (see pglite-template.ts), made first when there is none.
 */
async function createPglite(dataDir: string): Promise<PGlite> {
  const location = dataDir === 'memory' ? undefined : dataDir;
  const options: PGliteOptions = { startParams: startParams() };
  const store = templateStore();
  const fresh = !location || !(await exists(join(location, 'PG_VERSION')));
  if (!fresh || !store.enabled) return PGlite.create(location, options);
  let template = await store.load();
  if (!template) {
    const initialised = await PGlite.create(options);
    try {
      template = await initialised.dumpDataDir('gzip');
    } finally {
      await initialised.close();
    }
    await store.save(template);
  }
  try {
    return await PGlite.create(location, { ...options, loadDataDir: template });
  } catch (error) {
    // A template that does not load (another build wrote it, a damaged file) is made again next time.
    await store.discard();
    throw error;
  }
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` is a folder that keeps the data between runs, or
 * `memory` for a throw-away database (tests, the e2e stack).
 */
export async function openPglite(dataDir: string): Promise<Db> {
  let unlock: () => Promise<void> = async () => undefined;
  if (dataDir !== 'memory') {
    await mkdir(dataDir, { recursive: true });
    // Before PGlite reads a page: a second server must not even open the folder.
    unlock = await lockDataFolder(dataDir);
  }
  let pg: PGlite;
  try {
    pg = await createPglite(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const db: Db = wrap(
    pg,
    (fn) =>
      pg.transaction((tx) => {
        // PGlite has one connection: a nested transaction() simply joins the outer one.
        const inner: Db = wrap(
          tx,
          (nested) => nested(inner),
          async () => undefined,
        );
        return fn(inner);
      }),
    async () => {
      try {
        await pg.close();
      } finally {
        await unlock();
      }
    },
  );
  return db;
}
