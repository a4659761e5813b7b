#!/usr/bin/env node
// After the build: writes `<file>.br` and `<file>.gz` beside each text file of the built loader
// and frame assets, so the server sends the compressed bytes a browser accepts (the sizes the
// bench budgets) without compressing on every request. apps/server/src/static.ts serves them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIRECTORIES = ['apps/loader/dist', 'apps/frame/dist/assets'];
const TEXT = /\.(?:js|mjs|css|svg|json|map)$/;
// Below this, the headers cost more than the compression saves.
const MIN_BYTES = 1024;

let files = 0;
for (const directory of DIRECTORIES) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (!TEXT.test(name) || !statSync(path).isFile() || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
  }
}
console.log(`precompress: ${files} files, each also as .br and .gz`);
