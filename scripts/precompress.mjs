#!/usr/bin/env node
// After the build (the root `npm run build`): writes `<file>.br` (brotli, quality 11) and
// `<file>.gz` (gzip -9) beside each text file of the built loader, frame app and console, where the copy is
// smaller, so the server sends the bytes the budgets count without compressing on every request
// (apps/server/src/built-files.ts serves them). The frame pages are templated per request (a
// frame token, the route's preloads), so the server compresses those as it sends them; the copies
// of index.html here are for a static host serving the frame app as it is built.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRECTORIES = [
  'apps/loader/dist',
  'apps/frame/dist',
  'apps/frame/dist/assets',
  'apps/console/dist',
  'apps/console/dist/assets',
].map((path) => join(ROOT, path));
// woff2 and images are compressed already; svg, json and maps are text.
const TEXT = /\.(?:js|mjs|css|html|svg|json|map|txt|ttf|otf)$/;

let written = 0;
let files = 0;
for (const directory of DIRECTORIES) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (!TEXT.test(name) || !statSync(path).isFile()) continue;
    const content = readFileSync(path);
    files += 1;
    const copies = {
      br: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
      gz: gzipSync(content, { level: 9 }),
    };
    for (const [extension, copy] of Object.entries(copies)) {
      // A copy no smaller than the file would cost the browser a decoding for nothing.
      if (copy.length >= content.length) continue;
      writeFileSync(`${path}.${extension}`, copy);
      written += 1;
    }
  }
}
console.log(`precompress: ${files} files, ${written} brotli or gzip copies`);
