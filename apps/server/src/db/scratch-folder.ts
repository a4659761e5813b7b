/**
 * Throw-away data folders for in-memory embedded databases (`dataDir: memory`). PGlite keeps an
 * in-memory database's files inside the server process (its virtual file system); in a folder
 * they stay in the OS's file cache instead, outside the server's memory. The folder is removed
 * when the database closes, when the process exits, and otherwise (a killed process) by the next
 * process that makes one: each is named after the pid that owns it.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { running } from './folder-lock';

const PREFIX = 'foyer-pglite-memory-';
const OWNER = /^foyer-pglite-memory-(\d+)-/;

/** This process's folders, removed synchronously if it exits with some still open. */
const open = new Set<string>();
let exitHook = false;

/** Removes the folders of processes that no longer run (killed before they could). */
async function sweep(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(OWNER.exec(name)?.[1]);
      if (pid && pid !== process.pid && !running(pid))
        await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

export interface ScratchFolder {
  path: string;
  remove(): Promise<void>;
}

export async function makeScratchFolder(root = tmpdir()): Promise<ScratchFolder> {
  await sweep(root);
  const path = await mkdtemp(join(root, `${PREFIX}${process.pid}-`));
  open.add(path);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const folder of open) rmSync(folder, { recursive: true, force: true });
    });
  }
  return {
    path,
    async remove() {
      open.delete(path);
      await rm(path, { recursive: true, force: true });
    },
  };
}
