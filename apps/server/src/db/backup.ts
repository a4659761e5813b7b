/**
 * Backup and restore of the embedded database (PGlite), for `npm run foyer -- db backup|restore`.
 * A backup is PGlite's own dump of its data folder (a gzipped tar, `dumpDataDir`): consistent, as
 * it is taken with the folder locked (no server running on it; a running server refuses the CLI,
 * folder-lock.ts). A restore loads it into an empty (or new) folder and refuses any other, so it
 * never mixes with or overwrites a live database. PostgreSQL has its own tools (pg_dump,
 * docs/operations.md).
 */
import { mkdir, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataFolder } from './folder-lock';
import { startParams } from './pglite';

/** A restore was refused: the target folder holds something. */
export class DataFolderNotEmpty extends Error {
  constructor(readonly folder: string) {
    super(`${folder} is not empty: restore into a new or empty folder (nothing was changed)`);
    this.name = 'DataFolderNotEmpty';
  }
}

/** Writes a consistent dump of the PGlite database in `dataDir` to `file`; answers its size in bytes. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  if (!entries.includes('PG_VERSION')) throw new Error(`${dataDir} holds no database`);
  const unlock = await lockDataFolder(dataDir);
  try {
    const pg = await PGlite.create(dataDir, { startParams: startParams() });
    try {
      // A checkpoint first: the dump then needs no WAL replay to be complete.
      await pg.exec('CHECKPOINT');
      const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
      await writeFile(file, dump, { flag: 'wx' });
      return dump.length;
    } finally {
      await pg.close();
    }
  } finally {
    await unlock();
  }
}

/** Loads the dump `file` into `dataDir`, which must be empty or absent (DataFolderNotEmpty otherwise). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const dump = await readFile(file);
  const entries = await readdir(dataDir).catch(() => null);
  if (entries && entries.length > 0) throw new DataFolderNotEmpty(dataDir);
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataFolder(dataDir);
  let loaded = false;
  try {
    const pg = await PGlite.create(dataDir, { startParams: startParams(), loadDataDir: new Blob([dump]) });
    try {
      // Read something: a dump that does not load fails here, not at the server's start.
      await pg.query('SELECT 1');
      loaded = true;
    } finally {
      await pg.close();
    }
  } finally {
    // The dump holds the lock file of the folder it was taken from, which is nobody's here.
    await unlink(join(dataDir, LOCK_FILE)).catch(() => undefined);
    await unlock();
    // A failed restore leaves the folder as it found it: empty.
    if (!loaded) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
