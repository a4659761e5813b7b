/**
 * The database stops and comes back: frame pages answer an HTML page that retries (never a JSON
 * 500 in the widget's place), the API answers its catalogue error with 503 and Retry-After, the readiness check 503 (liveness
 * stays 200); then
 * everything recovers without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import type { PreparedServer } from '../src/index';
import { fakeDist, login, DEMO, testServer } from './helpers';

let server: PreparedServer;
let dist: Awaited<ReturnType<typeof fakeDist>>;
beforeAll(async () => {
  dist = await fakeDist();
  server = await testServer({ frameDist: dist.frameDist, loaderDist: dist.loaderDist });
});
afterAll(async () => {
  await server.close();
  await dist.cleanup();
});

/** Makes every query fail as with a stopped database, until the returned function is called. */
function stopDatabase(db: Db): () => void {
  const { query, transaction } = db;
  const down = async (): Promise<never> => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  };
  Object.assign(db, { query: down, transaction: down });
  return () => Object.assign(db, { query, transaction });
}

/** What the server writes to stderr (its log) while `fn` runs. */
async function stderrOf(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  }) as typeof process.stderr.write;
  try {
    await fn();
  } finally {
    process.stderr.write = write;
  }
  return lines;
}

describe('a database outage', () => {
  it('frame pages retry in HTML, the API errs clearly, and all recovers', async () => {
    const start = stopDatabase(server.db);
    try {
      const page = await server.app.inject({ method: 'GET', url: '/w/login?serviceName=demo' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.body).toContain('temporarily unavailable');
      expect(page.body).toContain('<meta http-equiv="refresh"');
      expect(page.body).toContain('Retry now');
      const api = await login(server, DEMO.email, DEMO.password);
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toMatchObject({ code: 'technical_difficulties' });
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      // Liveness does not depend on the database: the process is fine, no restart is wanted.
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      start();
    }
    const page = await server.app.inject({ method: 'GET', url: '/w/login?serviceName=demo' });
    expect(page.statusCode).toBe(200);
    expect((await login(server, DEMO.email, DEMO.password)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is logged by default (FOYER_LOG off): one JSON error line, no request lines', async () => {
    const start = stopDatabase(server.db);
    let lines: string[];
    try {
      lines = await stderrOf(async () => {
        expect((await login(server, DEMO.email, DEMO.password)).statusCode).toBe(503);
      });
    } finally {
      start();
    }
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 50, msg: 'database unavailable' });
    // Nothing while all is well: request logs stay off.
    expect(await stderrOf(async () => void (await login(server, DEMO.email, DEMO.password)))).toEqual([]);
  });
});
