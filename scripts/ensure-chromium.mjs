#!/usr/bin/env node
// Makes sure Debian's Chromium is installed: Playwright cannot download its own browser here,
// so tests launch /usr/bin/chromium (or $CHROMIUM_PATH) through `executablePath`.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

console.log(`Chromium not found at ${path}; installing Debian's chromium package…`);
const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error('Could not install Chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`Chromium is still missing at ${path}.`);
  process.exit(1);
}
