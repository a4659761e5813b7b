import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockDataFolder } from './folder-lock';
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
    pg = dataDir === 'memory' ? await PGlite.create() : await PGlite.create(dataDir);
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
