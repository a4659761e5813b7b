/**
 * The built loader and frame assets, sent as the build's brotli or gzip copy (scripts/precompress.mjs)
 * to a browser that takes it, as they are to one that does not. Every answer says
 * `Vary: Accept-Encoding` (a 304 too, so no cache hands one encoding to a client that asked for
 * another); each encoding has its own ETag and its own Content-Length; a Range request gets the whole
 * file (ranges of an encoded body are offsets nobody can check against the file).
 */
import { createHash } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings we send, best first, with the build copies' file extensions. */
const COPY_EXTENSION = { br: 'br', gzip: 'gz' } as const;
export type Encoding = keyof typeof COPY_EXTENSION;
const ENCODINGS = Object.keys(COPY_EXTENSION) as Encoding[];

/**
 * The encoding to send of those `available`, for an Accept-Encoding header: the highest q value,
 * brotli before gzip on a tie; none the header gives q=0 (`*` stands for those it does not name);
 * 'identity' when it takes none of them or is absent.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | 'identity' {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*') ?? 0;
  let best: Encoding | 'identity' = 'identity';
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? wildcard;
    if (available.includes(encoding) && weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

interface Variant {
  body: Buffer;
  etag: string;
}

interface BuiltFile {
  mtimeMs: number;
  size: number;
  variants: Partial<Record<Encoding | 'identity', Variant>>;
}

/**
 * Read once per build of a file (the cache key is its path, checked against its size and mtime):
 * the loader and the frame assets are a few hundred KB in all, and hashing them on every request
 * would cost more than keeping them.
 */
const cache = new Map<string, BuiltFile>();

async function copyOf(path: string, original: { mtimeMs: number; size: number }): Promise<Buffer | null> {
  try {
    const info = await stat(path);
    // A copy older than its file is from an earlier build (a workspace rebuilt without the
    // precompress step): sending it would send old code.
    if (!info.isFile() || info.mtimeMs < original.mtimeMs || info.size >= original.size) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/** The file and its build copies, or null when there is no such file. */
async function builtFile(path: string): Promise<BuiltFile | null> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const cached = cache.get(path);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
  const body = await readFile(path);
  // The ETag names the content and the encoding: a browser holding the gzip copy must not be told
  // its copy is the brotli one (If-None-Match would match across encodings otherwise). 72 bits of
  // the hash tell one build of a file from another as surely as more would; every answer carries
  // it, so each character counts 15–25 times on a route.
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const file: BuiltFile = {
    mtimeMs: info.mtimeMs,
    size: info.size,
    variants: { identity: { body, etag: `"${hash}"` } },
  };
  for (const encoding of ENCODINGS) {
    const copy = await copyOf(`${path}.${COPY_EXTENSION[encoding]}`, info);
    if (copy) file.variants[encoding] = { body: copy, etag: `"${hash}-${COPY_EXTENSION[encoding]}"` };
  }
  cache.set(path, file);
  return file;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Adds accept-encoding to the reply's Vary header (keeping what is there). */
export function varyOnEncoding(reply: FastifyReply): void {
  const values = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === 'accept-encoding')) {
    reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
  }
}

/**
 * Sends the built file at `path` in the encoding the request takes (with the headers the caller
 * set: type, caching), or answers 304 when the request holds that encoding's ETag. Returns null
 * when there is no such file (the caller answers 404).
 */
export async function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<FastifyReply | null> {
  const file = await builtFile(path);
  if (!file) return null;
  const available = ENCODINGS.filter((encoding) => file.variants[encoding]);
  const encoding = negotiateEncoding(request.headers['accept-encoding'], available);
  const variant = file.variants[encoding] ?? file.variants.identity!;
  varyOnEncoding(reply);
  // Whole files only: a Range over an encoded body would be offsets into the copy, not the file,
  // so Range is ignored (a 200 with the whole body) and no Accept-Ranges is announced.
  reply.header('etag', variant.etag);
  if (matches(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  // Fastify sets Content-Length from the Buffer: the encoded body's length.
  return reply.send(variant.body);
}

/**
 * A frame page (templated per request: its frame token, its route's preloads) compressed as it is
 * sent, in one buffer with its Content-Length, not streamed in chunks. A few KB: brotli at quality
 * 5 takes well under a millisecond and gets within a few per cent of 11.
 */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  varyOnEncoding(reply);
  const body = Buffer.from(html, 'utf8');
  if (encoding === 'identity') return reply.send(body);
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: 6 });
  if (encoded.length >= body.length) return reply.send(body);
  return reply.header('content-encoding', encoding).send(encoded);
}
