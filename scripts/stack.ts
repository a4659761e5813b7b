/**
 * Starts the whole demo stack in one process: the reference server (API, loader, frames) and the
 * demo host site. Used by `npm start` (default ports), the e2e suite and `npm run bench` (free
 * ports, in-memory database). Prints one JSON line with the URLs once everything listens.
 *
 *   tsx scripts/stack.ts [--ephemeral]
 *
 * --ephemeral: free ports, in-memory database, plus a second copy of the demo site on a
 * 127.0.0.1 origin that the demo service does NOT allow (to prove frames refuse to be embedded).
 * --database-url (with --ephemeral): DATABASE_URL's PostgreSQL (schema FOYER_DB_SCHEMA) instead
 * of the in-memory database (`npm run load` on PostgreSQL).
 * --e2e-fixtures: also seed what only the e2e specs use (scripts/e2e-fixtures.ts).
 * --loop-report: measures the event-loop delay from the moment it listens; a `loop-report` line on
 * stdin answers with `loop-report {…}` on stdout (`npm run load:burst`).
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_SCOPES, createApiKey, seedConfig, startServer, timeoutsFrom } from '@foyer/server';
import { startSocialStandIn } from '@foyer/server/social-stand-in';
import { startDemo } from '@foyer/demo';
import { withE2eFixtures } from './e2e-fixtures';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { watchEventLoop } from './loop-report';

const ephemeral = process.argv.includes('--ephemeral');
const loop = process.argv.includes('--loop-report') ? watchEventLoop() : null;
// The e2e and bench journeys pay by card without a provider account: the manual test card
// (accepts any token). `npm start` offers CARD only with a configured provider.
if (ephemeral) process.env.FOYER_CARD_PROVIDER ??= 'manual';

// The demo starts first: the server writes the demo's URL into the links of the mail it sends.
let widgetsUrl = '';
// The demo pages' comment thread is the Disqus stand-in, checking sign-on with the seeded demo keys.
const disqusSites = (seedConfig.paywall?.services ?? []).flatMap((service) => service.disqusSites ?? []);
// The webhook signing secret of the demo service's endpoint (the demo site's /webhooks/foyer): a
// new one per start, given to both sides (Standard Webhooks: whsec_ + base64 of random bytes).
const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
const demo = await startDemo({
  port: ephemeral ? 0 : Number(process.env.DEMO_PORT ?? 8080),
  webhookSecret,
  widgetsUrl: () => widgetsUrl,
  disqusSites,
  // The demo site keeps idle connections as long as the widgets server (FOYER_IDLE_TIMEOUT_MS):
  // the e2e suite's API contexts call both (issue 29).
  idleTimeoutMs: timeoutsFrom().idleMs,
});
// The demo stack (npm start, e2e, bench) asks for what a production server never has by default:
// the readable outbox at /dev/mailbox and the demo account and catalogue.
// The social networks cannot be reached from here: a local OpenID Connect stand-in per network,
// and the demo services configured with all four, so the social buttons work offline.
const social = await startSocialStandIn();
// The server's port is chosen before it starts: the e2e fixtures' SSO group names the server's
// second origin (http://localhost:<port>) among its participating domains.
const serverPort = ephemeral ? await freePort() : Number(process.env.PORT ?? 8081);
const seed = process.argv.includes('--e2e-fixtures') ? withE2eFixtures(seedConfig, { serverPort }) : seedConfig;
const demoOnly = {
  devMailbox: true,
  seedDemo: true,
  demoWebhookSecret: webhookSecret,
  seed: { ...seed, services: seed.services.map((service) => ({ ...service, social: social.config })) },
};
const server = await startServer(
  ephemeral
    ? {
        ...demoOnly,
        port: serverPort,
        ...(process.argv.includes('--database-url') && process.env.DATABASE_URL
          ? { databaseUrl: process.env.DATABASE_URL, databaseSchema: process.env.FOYER_DB_SCHEMA }
          : { dataDir: 'memory' }),
        siteUrl: demo.url,
        loginRateLimit: { perAddress: 10_000 },
        registrationPerHour: 10_000,
        forgotPasswordPerHour: 10_000,
      }
    : {
        ...demoOnly,
        port: serverPort,
        host: process.env.HOST ?? '127.0.0.1',
        siteUrl: process.env.FOYER_SITE_URL ?? process.env.DEMO_SITE_URL ?? demo.url,
      },
);
widgetsUrl = server.url;
const foreign = ephemeral ? await startDemo({ port: 0, host: '127.0.0.1', widgetsUrl: server.url, disqusSites }) : null;

// A test stack's admin API key (every scope), for the specs that change the configuration at run time.
const adminKey = ephemeral
  ? (await createApiKey(server.db, { name: 'stack', scopes: ADMIN_SCOPES }, Date.now())).key
  : null;

loop?.report();
console.log(JSON.stringify({ widgetsUrl: server.url, demoUrl: demo.url, foreignUrl: foreign?.url ?? null, adminKey }));
if (loop)
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'loop-report') console.log(`loop-report ${JSON.stringify(loop.report())}`);
  });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([demo.close(), foreign?.close(), server.close(), social.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
// When the parent (test runner) goes away, go with it.
process.stdin.on('end', () => void stop());
process.stdin.resume();

/** A port no one listens on now (asked of the system, then released for the server). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
