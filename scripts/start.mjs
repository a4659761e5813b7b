#!/usr/bin/env node
// `npm start`: builds what is missing, starts the server (API, loader, frames) and the demo host
// site, prints the URLs and stops cleanly on Ctrl-C.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const built = existsSync('apps/loader/dist/loader.js') && existsSync('apps/frame/dist/index.html');
if (!built || process.argv.includes('--build')) {
  console.log('Building the loader and the frames…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
createInterface({ input: child.stdout }).on('line', (line) => {
  if (!line.startsWith('{')) return console.log(line);
  const { widgetsUrl, demoUrl } = JSON.parse(line);
  console.log(`
Foyer is running.
  Demo host site:   ${demoUrl}
  Widgets and API:  ${widgetsUrl}  (identity API at ${widgetsUrl}/ic/api)
  Loader:           ${widgetsUrl}/loader.js
  Demo account:     demo@foyer.test / foyer-demo-1
Press Ctrl-C to stop.`);
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(stopping ? 0 : (code ?? 1)));
