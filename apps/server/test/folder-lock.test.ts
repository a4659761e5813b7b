/**
 * One server per embedded database folder: a second open of a folder in use (in this process or
 * by another live process) is refused with a message naming the folder; a lock left by a killed
 * process is taken over.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import { LOCK_FILE, startTimeOf } from '../src/db/folder-lock';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'foyer-lock-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the embedded database folder lock', () => {
  it('refuses a second open of a folder in use and names the folder; frees it on close', async () => {
    const first = await openPglite(folder);
    expect((await readFile(join(folder, LOCK_FILE), 'utf8')).trim().split(' ')[0]).toBe(String(process.pid));
    await expect(openPglite(folder)).rejects.toThrow(
      `The embedded database folder ${folder} is in use by another Foyer server`,
    );
    await first.query('CREATE TABLE kept (n INTEGER)');
    await first.close();
    const second = await openPglite(folder);
    expect(await second.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
    await second.close();
    // The first open of a folder creates a database on disk: slow on a loaded machine.
  }, 120_000);

  it('refuses while another process holds it, and takes over the lock of a process that is gone', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(folder, LOCK_FILE), `${other.pid}\n`);
      await expect(openPglite(folder)).rejects.toThrow(`in use by another Foyer server (pid ${other.pid})`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The holder was killed: its lock is stale.
    const db = await openPglite(folder);
    expect((await readFile(join(folder, LOCK_FILE), 'utf8')).trim().split(' ')[0]).toBe(String(process.pid));
    await db.close();
  }, 60_000);

  it.skipIf(startTimeOf(process.pid) === undefined)(
    'takes over a lock whose pid now belongs to another process (started at another time)',
    async () => {
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
      try {
        const pid = other.pid!;
        // The same live process, as recorded: refused.
        await writeFile(join(folder, LOCK_FILE), `${pid} ${startTimeOf(pid)}\n`);
        await expect(openPglite(folder)).rejects.toThrow(`(pid ${pid})`);
        // A lock written by an earlier process that had the same pid (a reboot, a container restart).
        await writeFile(join(folder, LOCK_FILE), `${pid} 1\n`);
        const db = await openPglite(folder);
        expect((await readFile(join(folder, LOCK_FILE), 'utf8')).trim()).toBe(
          `${process.pid} ${startTimeOf(process.pid)}`,
        );
        await db.close();
      } finally {
        other.kill('SIGKILL');
        await new Promise((resolve) => other.once('exit', resolve));
      }
    },
    60_000,
  );
});
