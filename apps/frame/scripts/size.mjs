#!/usr/bin/env node
/**
 * Prints the gzip size of all JS a widget route downloads: the entry chunk that index.html loads,
 * the widget's lazy chunk, and every chunk either imports statically (read from Vite's manifest).
 * Usage: node scripts/size.mjs [widget=login] [--budget=<KB>]   (run `npx vite build` first)
 * KB = 1024 bytes, gzip level 9. Exits 1 when the total is over the budget (the route's own from
 * ROUTE_BUDGETS_KB, the budgets of `npm run bench`, unless --budget is given).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const widget = args.find((arg) => !arg.startsWith('--')) ?? 'login';
const budgetArg = args.find((arg) => arg.startsWith('--budget='));
/** Everything the route downloads, React included (issue 8's budgets). */
const ROUTE_BUDGETS_KB = { login: 150, registration: 170, 'product-selection': 150, payment: 170 };
const budgetKb = budgetArg ? Number(budgetArg.slice('--budget='.length)) : (ROUTE_BUDGETS_KB[widget] ?? Infinity);

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = 'index.html';
const widgetKey = `src/widgets/${widget}/index.tsx`;
for (const key of [entryKey, widgetKey]) {
  if (!manifest[key]) {
    console.error(`No ${key} in the manifest: build first (npx vite build) or check the widget name.`);
    process.exit(2);
  }
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(entryKey);
visit(widgetKey);

let total = 0;
const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(join(dist, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return { file, raw: bytes.length, gzip };
  });
for (const row of rows) {
  console.log(
    `${(row.gzip / 1024).toFixed(2).padStart(8)} KB gzip  ${(row.raw / 1024).toFixed(1).padStart(8)} KB raw  ${row.file}`,
  );
}
const totalKb = total / 1024;
const budgetText = Number.isFinite(budgetKb) ? ` (budget ${budgetKb} KB)` : '';
console.log(`${totalKb.toFixed(2).padStart(8)} KB gzip  total JS of the ${widget} route${budgetText}`);
if (totalKb > budgetKb) {
  console.error(`Over budget by ${(totalKb - budgetKb).toFixed(2)} KB`);
  process.exit(1);
}
