/**
 * One server per embedded database folder. PGlite has no lock of its own: two servers on one
 * folder each keep their own copy of the pages and overwrite each other's writes (issue 10 lost
 * acknowledged accounts that way). The server that opens a folder writes `foyer.lock` with its
 * pid and the process's start time; another refuses to start while that process lives. A lock left
 * by a killed server is taken over: its pid no longer runs, or (after a reboot or in a container,
 * where pids are reused soon) it now belongs to another process, one started at another time.
 */
import { readFileSync } from 'node:fs';
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

/**
 * When a process started (clock ticks since boot, /proc/<pid>/stat's 22nd field), or undefined
 * where /proc is not (macOS: the pid alone decides there).
 */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

interface Holder {
  pid: number;
  /** Absent in a lock written before the start time was recorded. */
  start?: string | undefined;
}

async function holder(file: string): Promise<Holder | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, start } : null;
}

/** The lock's process still runs: its pid, and the same process (started when the lock says). */
function alive(lock: Holder): boolean {
  if (!running(lock.pid)) return false;
  const now = startTimeOf(lock.pid);
  return lock.start === undefined || now === undefined || now === lock.start;
}

/** Takes the folder's lock; the returned function releases it. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const file = join(folder, LOCK_FILE);
  if (held.has(folder)) throw new DataFolderInUse(folder, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim() + '\n', { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lock = await holder(file);
      if (lock !== null && lock.pid !== process.pid && alive(lock)) throw new DataFolderInUse(folder, lock.pid);
      // Left by a server that is gone (or half-written): take it over.
      await unlink(file).catch(() => undefined);
      continue;
    }
    // Two servers taking over one stale lock at once: only the one whose pid is in it goes on.
    const taken = await holder(file);
    if (taken?.pid !== process.pid) throw new DataFolderInUse(folder, taken?.pid ?? null);
    held.add(folder);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      held.delete(folder);
      if ((await holder(file))?.pid === process.pid) await unlink(file).catch(() => undefined);
    };
  }
  throw new DataFolderInUse(folder, (await holder(file))?.pid ?? null);
}
