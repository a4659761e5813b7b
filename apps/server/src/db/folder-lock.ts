/**
 * One server per embedded database folder. PGlite has no lock of its own: two servers on one
 * folder each keep their own copy of the pages and overwrite each other's writes (issue 10 lost
 * acknowledged accounts that way). The server that opens a folder writes `foyer.lock` with its
 * pid; another refuses to start while that process lives. A lock left by a killed server (its pid
 * no longer running) is taken over.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'foyer.lock';

/** Folders this process holds (two opens in one process are refused as well). */
const held = new Set<string>();

export class DataFolderInUse extends Error {
  constructor(folder: string, pid: number | null) {
    super(
      `The embedded database folder ${folder} is in use by another Foyer server` +
        `${pid === null ? '' : ` (pid ${pid})`}. Stop that server, or give this one another folder ` +
        '(FOYER_DATA_DIR) or a PostgreSQL database (DATABASE_URL).',
    );
    this.name = 'DataFolderInUse';
  }
}

/** The process still runs (ours or another user's). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holder(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Takes the folder's lock; the returned function releases it. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const file = join(folder, LOCK_FILE);
  if (held.has(folder)) throw new DataFolderInUse(folder, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = await holder(file);
      if (pid !== null && pid !== process.pid && running(pid)) throw new DataFolderInUse(folder, pid);
      // Left by a server that is gone (or half-written): take it over.
      await unlink(file).catch(() => undefined);
      continue;
    }
    // Two servers taking over one stale lock at once: only the one whose pid is in it goes on.
    if ((await holder(file)) !== process.pid) throw new DataFolderInUse(folder, await holder(file));
    held.add(folder);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      held.delete(folder);
      if ((await holder(file)) === process.pid) await unlink(file).catch(() => undefined);
    };
  }
  throw new DataFolderInUse(folder, await holder(file));
}
