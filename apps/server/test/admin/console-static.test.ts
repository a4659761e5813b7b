import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { testServer } from '../helpers';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Foyer console</title>' +
  '<script type="module" src="/admin/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the console '.repeat(200))});`;

let root: string;
let server: PreparedServer;
let unbuilt: PreparedServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'foyer-console-'));
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), INDEX);
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = join(root, 'assets', 'index-Ab12Cd.js');
  await writeFile(asset, SCRIPT);
  // The copies scripts/precompress.mjs writes after the build (newer than the file).
  await writeFile(`${asset}.br`, brotliCompressSync(Buffer.from(SCRIPT)));
  await writeFile(`${asset}.gz`, gzipSync(Buffer.from(SCRIPT)));
  server = await testServer({ consoleDist: root });
  unbuilt = await testServer({ consoleDist: join(root, 'missing') });
});
afterAll(async () => {
  await server?.close();
  await unbuilt?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, on = server) =>
  on.app.inject({ method: 'GET', url, headers });

describe('the console at /admin', () => {
  it('serves index.html, never framable, revalidated each time', async () => {
    for (const url of ['/admin', '/admin/']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(INDEX);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers the console's client routes with index.html", async () => {
    for (const url of ['/admin/accounts', '/admin/accounts/4f0c-guid?tab=sessions', '/admin/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('leaves /admin/api to the admin API', async () => {
    // A route of the admin API: its own answer (no credentials), JSON, not the console's page.
    const known = await get('/admin/api/config');
    expect(known.statusCode).toBe(401);
    expect(known.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    // A path under the API that does not exist: a JSON 404, not the page.
    const unknown = await get('/admin/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.body).not.toContain('<!doctype html>');
    expect((await get('/admin/api')).statusCode).toBe(404);
  });

  it('serves a hashed asset compressed by negotiation, cached for good, with Vary', async () => {
    const brotli = await get('/admin/assets/index-Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/admin/assets/index-Ab12Cd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/admin/assets/index-Ab12Cd.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 404 for missing files and compressed copies by name, never the page', async () => {
    expect((await get('/admin/assets/missing-1234.js')).statusCode).toBe(404);
    expect((await get('/admin/assets/index-Ab12Cd.js.br')).statusCode).toBe(404);
    expect((await get('/admin/assets/..%2f..%2fpackage.json')).statusCode).toBe(404);
    expect((await get('/admin/missing.png')).statusCode).toBe(404);
    const favicon = await get('/admin/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
  });

  it('says to build the console when it is not built', async () => {
    for (const url of ['/admin', '/admin/accounts']) {
      const response = await get(url, {}, unbuilt);
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('npm run build');
    }
  });
});
