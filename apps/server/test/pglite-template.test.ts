/**
 * The embedded database's cold start: a fresh database is loaded from the template of an
 * initialised one (no initdb after the first), with small memory settings. PGlite only.
 */
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db';
import { LOCK_FILE } from '../src/db/folder-lock';
import { PGLITE_SETTINGS } from '../src/db/pglite';
import { templateStore } from '../src/db/pglite-template';

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
    const [file, ...others] = await readdir(templates);
    expect(others).toEqual([]);
    expect(file).toMatch(/^[0-9a-f]{16}\.tar\.gz$/);
    expect((await stat(templates)).mode & 0o777).toBe(0o700);
    const made = (await stat(join(templates, file!))).mtimeMs;

    const memory = await openDb({ dataDir: 'memory' });
    expect(await migrate(memory)).toContain('001');
    const [buffers] = await memory.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(`shared_buffers=${buffers?.shared_buffers}`).toBe(
      PGLITE_SETTINGS.find((setting) => setting.startsWith('shared_buffers=')),
    );
    await memory.close();

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
