/**
 * The compiled server (issue 29): what the image runs. The bundle is built (esbuild, a fraction of
 * a second), started on an empty PGlite folder, migrates, answers /readyz and the identity API,
 * and its CLI bundle runs a command.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverRoot = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'foyer-compiled-'));
// Beside src/ (apps/server/<name>), so the bundle's paths to ../.data and ../../frame/dist hold as in dist/.
const outdir = join(serverRoot, `dist-test-${process.pid}`);

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts from dist/main.mjs on an empty database and serves', async () => {
    const child = spawn(process.execPath, [join(outdir, 'main.mjs')], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        FOYER_DATA_DIR: join(work, 'data'),
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${errors}`)));
        child.stdout.on('data', (chunk: Buffer) => {
          const found = /listening on (http:\/\/\S+)/.exec(chunk.toString());
          if (found) resolve(found[1]!);
        });
      });
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // The signing key made on the first start, in the database the bundle migrated.
      const jwks = await fetch(`${url}/.well-known/jwks.json`);
      expect(jwks.status).toBe(200);
      expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('runs the CLI from dist/cli.mjs: db migrate brings a new database to this version, once', () => {
    const run = spawnSync(process.execPath, [join(outdir, 'cli.mjs'), 'help'], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toMatch(/config validate/);
    const env = { ...process.env, FOYER_DATA_DIR: join(work, 'migrated'), DATABASE_URL: '' };
    const migrate = () =>
      spawnSync(process.execPath, [join(outdir, 'cli.mjs'), 'db', 'migrate'], { encoding: 'utf8', env });
    expect(migrate().stdout).toMatch(/^Applied migrations 001, .*\d{3}\.$/m);
    expect(migrate().stdout).toMatch(/^The database is up to date\.$/m);
  });
});
