/**
 * Prints the gzip size of dist/loader.js (what every host page downloads before a widget is
 * requested, penpal included) and of the lazily loaded dist/modal.js and dist/form.js; exits 1 when loader.js is
 * above the 5 KB budget of issue 2.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 5120;
const dist = new URL('../dist/', import.meta.url);
const gzip = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

const loader = gzip('loader.js');
console.log(`loader.js ${loader} B gzip (budget ${BUDGET} B)`);
console.log(`modal.js  ${gzip('modal.js')} B gzip (loaded on the first Foyer.open)`);
console.log(`form.js   ${gzip('form.js')} B gzip (loaded on the first postForm of a version 1 checkout)`);
if (loader > BUDGET) {
  console.error(`loader.js is ${loader - BUDGET} B over budget`);
  process.exit(1);
}
