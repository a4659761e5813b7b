/**
 * A freshly initialised embedded database, kept as a tarball so the next fresh database loads it
 * instead of running initdb. initdb is what made a PGlite cold start heavy: it runs in a second
 * PGlite instance plus an initdb WASM instance (about 6 s of CPU and 700 MB RSS, most of it left
 * behind until a GC), for every in-memory database (demo stack, e2e, tests, `npm run load`) and
 * on the first start of a data folder. Loading the tarball costs a fraction of that.
 *
 * The tarball is exactly what initdb produced in a throw-away in-memory database, before any
 * migration, so it holds no data and no lock file; it is
 * keyed by a hash of PGlite's initdb program and parameters, so another PGlite version makes its
 * own. Next to it the same database unpacked as a data folder (`<key>.pgdata`, made from the
 * tarball once): a fresh database is a file copy of that folder, so no process holds the unpacked
 * tarball in its memory (about 100 MB of a cold start's RSS, kept by the allocator after use).
 * Folder: FOYER_PGLITE_TEMPLATE_DIR (`off` disables the cache), by default a folder of this
 * user in the system temp folder; a folder that another user owns or can write to is not used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Changes of what we give initdb (none so far) must change the key too. */
const FORMAT = 'initdb-v1';

function templateDir(env: Record<string, string | undefined>): string | null {
  const configured = env.FOYER_PGLITE_TEMPLATE_DIR?.trim();
  if (configured === 'off') return null;
  // process.getuid, not os.userInfo(): the latter throws for a uid without a passwd entry (containers).
  return configured || join(tmpdir(), `foyer-pglite-${process.getuid?.() ?? 'user'}`);
}

/** Refuses a folder someone else could have planted a database in. */
async function safeFolder(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await lstat(dir);
  const uid = process.getuid?.();
  return stats.isDirectory() && (uid === undefined || stats.uid === uid) && (stats.mode & 0o022) === 0;
}

let keyOnce: Promise<string> | null = null;

/** Names the template after the initdb program that made it. */
function templateKey(): Promise<string> {
  keyOnce ??= (async () => {
    const pgliteDir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const hash = createHash('sha256').update(FORMAT);
    for (const file of ['initdb.wasm', 'pglite.wasm']) hash.update(await readFile(join(pgliteDir, file)));
    return hash.digest('hex').slice(0, 16);
  })();
  return keyOnce;
}

export interface TemplateStore {
  /** False when FOYER_PGLITE_TEMPLATE_DIR=off: every fresh database runs initdb. */
  readonly enabled: boolean;
  /** The tarball of an initialised database, or null when there is none yet (or no cache). */
  load(): Promise<Blob | null>;
  /** Keeps the tarball of a database that was just initialised (best effort). */
  save(tarball: Blob): Promise<void>;
  /**
   * The template as a data folder: the one kept, else the one `make` writes into the folder it is
   * given (kept for the next ones). null when there is no cache or `make` failed.
   */
  folder(make: (target: string) => Promise<void>): Promise<string | null>;
  /** Forgets a tarball (and its folder) that failed to load. */
  discard(): Promise<void>;
}

const made = (folder: string) =>
  stat(join(folder, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

export function templateStore(env: Record<string, string | undefined> = process.env): TemplateStore {
  const dir = templateDir(env);
  const path = async () => (dir && (await safeFolder(dir)) ? join(dir, `${await templateKey()}.tar.gz`) : null);
  return {
    enabled: dir !== null,
    async load() {
      try {
        const file = await path();
        return file ? new Blob([await readFile(file)]) : null;
      } catch {
        return null;
      }
    },
    async save(tarball) {
      try {
        const file = await path();
        if (!file) return;
        // Written aside and renamed: a reader never sees half a tarball, concurrent writers never clash.
        const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
        await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()), { mode: 0o600 });
        await rename(partial, file);
      } catch {
        // Only a cache: the next fresh database runs initdb again.
      }
    },
    async folder(make) {
      const file = await path().catch(() => null);
      if (!file) return null;
      const folder = file.replace(/\.tar\.gz$/, '.pgdata');
      if (await made(folder)) return folder;
      // Made aside and renamed, as the tarball: a copy never starts from half a folder.
      const partial = `${folder}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await make(partial);
        await rename(partial, folder);
      } catch {
        // Another process renamed its own first (that one is used), or `make` failed.
      } finally {
        await rm(partial, { recursive: true, force: true }).catch(() => undefined);
      }
      return (await made(folder)) ? folder : null;
    },
    async discard() {
      const file = await path().catch(() => null);
      if (!file) return;
      await unlink(file).catch(() => undefined);
      await rm(file.replace(/\.tar\.gz$/, '.pgdata'), { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
