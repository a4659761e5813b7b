/**
 * Compression on the wire (issue 29): the loader and the frame assets go out as the build's brotli
 * or gzip copies (scripts/precompress.mjs) by Accept-Encoding, the frame pages compressed as they
 * are sent, the API's larger JSON answers through @fastify/compress.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/built-files';
import type { PreparedServer } from '../src/index';
import { fakeDist, testServer } from './helpers';
import { call } from './widget/helpers';

let server: PreparedServer;
let dist: Awaited<ReturnType<typeof fakeDist>>;

/** Text that compresses (the fake dist's files are too short to). */
const LOADER = `(function(){${'/* the loader */ var a = 1;\n'.repeat(200)}})();`;
const ASSET = `console.log("frame");${'export const x = "frame asset";\n'.repeat(200)}`;

beforeAll(async () => {
  dist = await fakeDist();
  const files = [
    [join(dist.loaderDist, 'loader.js'), LOADER],
    [join(dist.frameDist, 'assets', 'app-abc123.js'), ASSET],
  ] as const;
  for (const [path, content] of files) {
    await writeFile(path, content);
    // As the build writes them: after their file.
    await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
  server = await testServer({ frameDist: dist.frameDist, loaderDist: dist.loaderDist });
});
afterAll(async () => {
  await server.close();
  await dist.cleanup();
});

const fetch = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url, headers });

const decode = (encoding: unknown, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('the loader and the frame assets', () => {
  const urls = { '/loader.js': LOADER, '/assets/app-abc123.js': ASSET };

  it('sends brotli, gzip or the file itself as Accept-Encoding asks, with Vary and the encoded length', async () => {
    const cases = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['', undefined],
    ] as const;
    for (const [url, content] of Object.entries(urls)) {
      for (const [acceptEncoding, expected] of cases) {
        const response = await fetch(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        const what = `${url} with "${acceptEncoding}"`;
        expect(response.statusCode, what).toBe(200);
        expect(response.headers['content-encoding'], what).toBe(expected);
        expect(String(response.headers.vary).toLowerCase(), what).toContain('accept-encoding');
        expect(Number(response.headers['content-length']), what).toBe(response.rawPayload.length);
        expect(decode(expected, response.rawPayload), what).toBe(content);
      }
    }
  });

  it('gives each encoding its own ETag and answers 304, with Vary, to the one a browser holds', async () => {
    for (const url of Object.keys(urls)) {
      const etags = new Map<string, string>();
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await fetch(url, { 'accept-encoding': acceptEncoding });
        const etag = String(first.headers.etag);
        etags.set(acceptEncoding, etag);
        const again = await fetch(url, { 'accept-encoding': acceptEncoding, 'if-none-match': etag });
        expect(again.statusCode, url).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(String(again.headers.vary).toLowerCase(), url).toContain('accept-encoding');
        expect(again.headers.etag).toBe(etag);
      }
      expect(new Set(etags.values()).size, url).toBe(3);
      // A browser holding the brotli copy that now asks for gzip gets the gzip copy, not a 304.
      const switched = await fetch(url, { 'accept-encoding': 'gzip', 'if-none-match': etags.get('br')! });
      expect(switched.statusCode).toBe(200);
      expect(switched.headers['content-encoding']).toBe('gzip');
    }
  });

  it('answers HEAD with the headers of the GET, and a Range request with the whole file', async () => {
    const get = await fetch('/loader.js', { 'accept-encoding': 'br' });
    const head = await fetch('/loader.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    const range = await fetch('/loader.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.statusCode).toBe(200);
    expect(range.headers['accept-ranges']).toBeUndefined();
    expect(decode('br', range.rawPayload)).toBe(LOADER);
  });

  it('never serves the copies by name', async () => {
    expect((await fetch('/assets/app-abc123.js.br')).statusCode).toBe(404);
    expect((await fetch('/assets/app-abc123.js.gz')).statusCode).toBe(404);
  });
});

describe('frame pages', () => {
  it('are compressed as they are sent, with Vary and their length, and decode to the plain page', async () => {
    const plain = await fetch('/w/login', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch('/w/login', { 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      // The frame token differs per request: the rest of the page is the same.
      const withoutToken = (html: string) => html.replace(/"serviceToken":"[^"]*"/, '');
      expect(withoutToken(decode(encoding, response.rawPayload))).toBe(withoutToken(plain.body));
    }
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KB, once, and leaves smaller answers as they are', async () => {
    const plain = await call(server, 'GET', '/widget/productgroup/demo');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const response = await call(server, 'GET', '/widget/productgroup/demo', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const vary = String(response.headers.vary).toLowerCase();
    expect(vary).toContain('accept-encoding');
    expect(vary).toContain('origin');
    expect(JSON.parse(decode('br', response.rawPayload))).toEqual(plain.json());
    const small = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  it('reads q values and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('BR')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});
