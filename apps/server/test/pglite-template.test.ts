/**
 * The embedded database's cold start: a fresh database is loaded from the template of an
 * initialised one (no initdb after the first), copied from its unpacked folder, with small memory
 * settings; an in-memory one lives in a scratch folder. PGlite only.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db';
import { LOCK_FILE } from '../src/db/folder-lock';
import { PGLITE_SETTINGS } from '../src/db/pglite';
import { templateStore } from '../src/db/pglite-template';
import { makeScratchFolder } from '../src/db/scratch-folder';

const scratchFolders = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith(`foyer-pglite-memory-${process.pid}-`));

const postgres = Boolean(process.env.DATABASE_URL);
let root = '';
const saved = process.env.FOYER_PGLITE_TEMPLATE_DIR;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'foyer-template-test-'));
});
afterAll(async () => {
  if (saved === undefined) delete process.env.FOYER_PGLITE_TEMPLATE_DIR;
  else process.env.FOYER_PGLITE_TEMPLATE_DIR = saved;
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(postgres)('the PGlite template', () => {
  it('is made by the first fresh database and loaded by the next ones, in memory and in a folder', async () => {
    const templates = join(root, 'templates');
    process.env.FOYER_PGLITE_TEMPLATE_DIR = templates;
    const first = await openDb({ dataDir: 'memory' });
    await first.close();
    // The tarball, and the same database unpacked: the folder fresh databases are copied from.
    const [folderName, file, ...others] = (await readdir(templates)).sort();
    expect(others).toEqual([]);
    expect(file).toMatch(/^[0-9a-f]{16}\.tar\.gz$/);
    expect(folderName).toBe(file!.replace('.tar.gz', '.pgdata'));
    expect((await stat(templates)).mode & 0o777).toBe(0o700);
    const made = (await stat(join(templates, file!))).mtimeMs;

    const scratchBefore = await scratchFolders();
    const memory = await openDb({ dataDir: 'memory' });
    // An in-memory database's files are in a scratch folder of this process, not in its memory.
    const [scratch, ...moreScratch] = (await scratchFolders()).filter((name) => !scratchBefore.includes(name));
    expect(moreScratch).toEqual([]);
    expect(scratch).toMatch(new RegExp(`^foyer-pglite-memory-${process.pid}-`));
    expect(await migrate(memory)).toContain('001');
    const [buffers] = await memory.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(`shared_buffers=${buffers?.shared_buffers}`).toBe(
      PGLITE_SETTINGS.find((setting) => setting.startsWith('shared_buffers=')),
    );
    await memory.close();
    expect(await scratchFolders()).not.toContain(scratch);

    const folder = join(root, 'data');
    const db = await openDb({ dataDir: folder });
    // The folder's lock is this server's, not one carried in by the template.
    expect(await readFile(join(folder, LOCK_FILE), 'utf8')).toContain(String(process.pid));
    await migrate(db);
    await db.query(`INSERT INTO realms (name, attributes) VALUES ('kept', '[]')`);
    await db.close();
    const reopened = await openDb({ dataDir: folder });
    expect(await reopened.query(`SELECT name FROM realms WHERE name = 'kept'`)).toHaveLength(1);
    await reopened.close();
    // Nobody rewrote the template: every fresh database after the first loaded it.
    expect((await stat(join(templates, file!))).mtimeMs).toBe(made);
  }, 120_000);

  it("removes the scratch folders of processes that are gone, and no one else's", async () => {
    const scratchRoot = join(root, 'scratch');
    await mkdir(scratchRoot);
    // A pid above the kernel's limit (4194304) never runs.
    const gone = join(scratchRoot, 'foyer-pglite-memory-9999999-abc');
    const alive = join(scratchRoot, `foyer-pglite-memory-${process.ppid}-abc`);
    await mkdir(gone);
    await mkdir(alive);
    const made = await makeScratchFolder(scratchRoot);
    expect((await readdir(scratchRoot)).sort()).toEqual([basename(alive), basename(made.path)].sort());
    await made.remove();
    expect(await readdir(scratchRoot)).toEqual([basename(alive)]);
  });

  it('is not kept in a folder other users can write to, nor when turned off', async () => {
    const shared = join(root, 'shared');
    process.env.FOYER_PGLITE_TEMPLATE_DIR = shared;
    const store = templateStore();
    await store.load();
    await chmod(shared, 0o777);
    await store.save(new Blob(['not a database']));
    expect(await readdir(shared)).toEqual([]);
    expect(await store.load()).toBeNull();
    expect(templateStore({ FOYER_PGLITE_TEMPLATE_DIR: 'off' }).enabled).toBe(false);
  });
});
