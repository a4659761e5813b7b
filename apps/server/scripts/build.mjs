#!/usr/bin/env node
// The production server as compiled JavaScript (issue 29): src/main.ts and src/cli.ts bundled
// with esbuild into dist/main.mjs and dist/cli.mjs, so the image runs `node` without compiling
// TypeScript at every start. The workspace packages (@foyer/api, @foyer/protocol), which are
// TypeScript sources, are bundled in; every npm package stays a runtime import from node_modules
// (native modules, WASM files and the SDKs' own file reads keep working). The SQL migrations are
// copied beside the bundle, where db/migrate.ts looks for them (./migrations next to the module).
// No code splitting: every module's import.meta.url must be the bundle's own, one level under
// apps/server like src/, so the paths config.ts and migrate.ts make from it hold.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir <dir>`: elsewhere than apps/server/dist (the server test of the bundle builds its own).
const outdirAt = process.argv.indexOf('--outdir');
const dist = outdirAt > 0 ? process.argv[outdirAt + 1] : join(root, 'dist');

/** npm packages stay external; our own workspace packages (TypeScript) are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@foyer/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name the TypeScript sources (node --enable-source-maps, set in the image).
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(join(root, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
console.log(`Built ${dist} (main.mjs, cli.mjs, migrations/)`);
