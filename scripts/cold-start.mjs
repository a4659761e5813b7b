#!/usr/bin/env node
// Cold start of the server (issue 29): the compiled bundle (`node apps/server/dist/main.mjs`, what
// the image runs) beside the TypeScript sources through tsx (what it ran before). Each start gets
// a new empty PGlite folder (migrations and the first-run configuration included, as a fresh
// install's first start) and a warm one (a restart). Reported: time from spawn to the first 200
// of /readyz, and the process's resident memory then. Median of RUNS starts each.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 3);
const VARIANTS = {
  compiled: ['--enable-source-maps', 'apps/server/dist/main.mjs'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function startOnce(args, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', FOYER_DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
      child.stdout.on('data', (chunk) => {
        const found = /listening on (http:\/\/\S+)/.exec(String(chunk));
        if (found) resolve(found[1]);
      });
    });
    for (;;) {
      const ready = await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { ms: performance.now() - started, rss: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, args] of Object.entries(VARIANTS)) {
  const fresh = [];
  const warm = [];
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-cold-'));
    try {
      fresh.push(await startOnce(args, join(dir, 'data')));
      warm.push(await startOnce(args, join(dir, 'data')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const line = (label, runs) =>
    `${label} ${Math.round(median(runs.map((run) => run.ms)))} ms, RSS ${Math.round(median(runs.map((run) => run.rss)))} MB`;
  console.log(`${name.padEnd(8)} first start: ${line('', fresh)} · restart: ${line('', warm)}`);
}
