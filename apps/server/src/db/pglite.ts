import { access, cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { commitSignals, withAnnouncements, type CommitSignals, type CommitTopic } from './commit-signals';
import { lockDataFolder } from './folder-lock';
import { templateStore, type TemplateStore } from './pglite-template';
import { makeScratchFolder } from './scratch-folder';
import { turns, type Turns } from './turns';
import type { Db, SqlParam } from './types';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

/**
 * `inTurn` wraps each operation of the outer database (turns.ts); inside a transaction, none.
 * `announce` is the outer database's (told at once) or the transaction's (told at its commit).
 */
function wrap(
  target: Queryable,
  transaction: Db['transaction'],
  close: () => Promise<void>,
  signals: { signals: CommitSignals; announce: (topic: CommitTopic) => void },
  inTurn: Turns = (operation) => operation(),
): Db {
  return {
    kind: 'pglite',
    announce: signals.announce,
    onAnnounce: (listener) => signals.signals.listen(listener),
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await inTurn(() => target.query<T>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await inTurn(() => target.exec(sql));
    },
    async script<T>(sql: string) {
      const results = await inTurn(() => target.exec(sql));
      return (results.at(-1)?.rows ?? []) as T[];
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

/** PGlite's start parameters with our memory settings (also for the backup, db/backup.ts). */
export function startParams(): string[] {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The tarball of an initialised database: the kept one, else one made by initdb now (and kept). */
async function initialisedTarball(store: TemplateStore, options: PGliteOptions): Promise<Blob> {
  const kept = await store.load();
  if (kept) return kept;
  const initialised = await PGlite.create(options);
  let tarball: Blob;
  try {
    tarball = await initialised.dumpDataDir('gzip');
  } finally {
    await initialised.close();
  }
  await store.save(tarball);
  return tarball;
}

interface Created {
  pg: PGlite;
  /** Removes what the database leaves behind when closed (an in-memory one's scratch folder). */
  dispose(): Promise<void>;
}

/**
 * Creates the PGlite database of `dataDir` (or an in-memory one). A fresh one is a copy of the
 * template folder of an initialised database (see pglite-template.ts), made first when there is
 * none; an in-memory one lives in a scratch folder (scratch-folder.ts) removed on close. Without
 * the template cache, as before: initdb, and an in-memory one in PGlite's own memory.
 */
async function createPglite(dataDir: string): Promise<Created> {
  const location = dataDir === 'memory' ? undefined : dataDir;
  const options: PGliteOptions = { startParams: startParams() };
  const none = async () => undefined;
  const store = templateStore();
  const fresh = !location || !(await exists(join(location, 'PG_VERSION')));
  if (!fresh || !store.enabled) return { pg: await PGlite.create(location, options), dispose: none };
  const template = await store.folder(async (target) => {
    const seeded = await PGlite.create(target, { ...options, loadDataDir: await initialisedTarball(store, options) });
    await seeded.close();
  });
  if (!template)
    return {
      pg: await PGlite.create(location, { ...options, loadDataDir: await initialisedTarball(store, options) }),
      dispose: none,
    };
  const scratch = location ? null : await makeScratchFolder();
  const target = location ?? scratch!.path;
  const dispose = async () => void (await scratch?.remove());
  try {
    // Into the folder as it is: a new data folder already holds this server's lock file.
    await cp(template, target, { recursive: true, force: false, errorOnExist: false });
    return { pg: await PGlite.create(target, options), dispose };
  } catch (error) {
    await dispose();
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
  let created: Created;
  try {
    created = await createPglite(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const { pg, dispose } = created;
  // PGlite's own lock already runs one operation (statement or transaction) at a time; this queue
  // keeps that order and gives the event loop a turn before each (turns.ts).
  const inTurn = turns();
  const signals = commitSignals();
  const db: Db = wrap(
    pg,
    (fn) =>
      withAnnouncements(signals, (announce) =>
        inTurn(() =>
          pg.transaction((tx) => {
            // PGlite has one connection: a nested transaction() simply joins the outer one.
            const inner: Db = wrap(
              tx,
              (nested) => nested(inner),
              async () => undefined,
              { signals, announce },
            );
            return fn(inner);
          }),
        ),
      ),
    async () => {
      try {
        await pg.close();
      } finally {
        await dispose();
        await unlock();
      }
    },
    { signals, announce: (topic) => signals.tell([topic]) },
    inTurn,
  );
  return db;
}
