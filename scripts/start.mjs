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

// The demo walks subscriptions offline (issue 25): the test clock (POST /dev/clock moves the
// server's time, so a month of renewals takes a second), card payments through the test card
// provider (the payment step offers the test cards: one that pays, one declined, one that declines
// its renewals, one that asks for 3-D Secure) and bank-transfer details to show and mail. Each is a
// default: a value set in the environment (a real Stripe account, say) wins.
const demoEnv = {
  FOYER_DEV_CLOCK: 'true',
  FOYER_CARD_PROVIDER: 'manual',
  FOYER_PAYMENT_TYPES: process.env.GOCARDLESS_ACCESS_TOKEN ? 'CARD,BANK_TRANSFER,DIRECT_DEBIT' : 'CARD,BANK_TRANSFER',
  FOYER_TRANSFER_BENEFICIARY: 'Foyer Demo Publishing',
  FOYER_TRANSFER_ACCOUNT: 'BE71 0961 2345 6769',
  FOYER_TRANSFER_BIC: 'GKCCBEBB',
};
for (const [name, value] of Object.entries(demoEnv)) process.env[name] ??= value;

// `source`: workspace packages written to be published (@foyer/node) resolve to their TypeScript.
const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/stack.ts'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
createInterface({ input: child.stdout }).on('line', (line) => {
  if (!line.startsWith('{')) return console.log(line);
  const { widgetsUrl, demoUrl } = JSON.parse(line);
  console.log(`
Foyer is running.
  Demo host site:   ${demoUrl}
  Widgets and API:  ${widgetsUrl}  (identity API at ${widgetsUrl}/ic/api)
  Loader:           ${widgetsUrl}/loader.js
  Demo account:     demo@foyer.test / foyer-demo-1${
    process.env.FOYER_CARD_PROVIDER === 'manual'
      ? `
  Test mode:        card payments take the test cards (pm_card_visa, pm_card_chargeDeclined,
                    pm_card_chargeCustomerFail, pm_card_authenticationRequired); no real money moves.`
      : ''
  }${
    process.env.FOYER_DEV_CLOCK === 'true'
      ? `
  Test clock:       curl -X POST ${widgetsUrl}/dev/clock -H 'content-type: application/json' -d '{"advance":"P32D"}'`
      : ''
  }
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
