/**
 * `npm run load:burst`: the first busy burst right after a start (issue 10). Starts the stack in its
 * own process (the embedded database, or PostgreSQL when DATABASE_URL is set) and, the moment the
 * server listens, sends N visitors at once. Each visitor opens a NEW connection for every request
 * (no keep-alive), as first visits do: the frame page (which carries the frame token), then the
 * product group and a login together, then the profile. Also a static file, so a stall of the
 * server as a whole shows apart from one of the database or the password hashes.
 *
 * Prints, per step and over all connections: connect time and time to first byte (p50, p99, max),
 * the share of connections whose first byte came after 1 s and after 10 s, and the server's
 * event-loop delay during the burst (perf_hooks.monitorEventLoopDelay in the stack process), plus
 * the load average before and after, because the machine may be shared.
 *
 *   npm run load:burst -- [--visitors 200]
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { formatAuthorization, frameConfigFromHtml, FRAME_TOKEN_HEADER } from '@foyer/api';
import { demoLogin, percentile, postgresSchema } from './load-support';
import { processRssMb, startStack } from './stack-process';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: expected a positive number`);
  return value;
}

const VISITORS = flag('visitors', 200);
/** Longer than any stall worth finding: a connection is given up only after this. */
const GIVE_UP_MS = 60_000;

type Step = 'static' | 'frame' | 'browse' | 'login' | 'profile';
const STEPS: Step[] = ['static', 'frame', 'browse', 'login', 'profile'];

interface Timing {
  step: Step;
  /** From asking for the connection to the TCP connection being up (a dropped SYN shows here: ≥ 1 s). */
  connectMs: number;
  /** From asking for the connection to the first byte of the answer. */
  firstByteMs: number;
  status: number;
}
const timings: Timing[] = [];
let failures = 0;

/** One request on a connection of its own; resolves with its status and body. */
function once(
  step: Step,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    let connectMs = -1;
    const req = request(url, {
      method: init.method ?? 'GET',
      agent: false,
      headers: { connection: 'close', ...init.headers },
      timeout: GIVE_UP_MS,
    });
    req.on('socket', (socket) => socket.once('connect', () => (connectMs = performance.now() - started)));
    req.on('response', (response) => {
      const firstByteMs = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        timings.push({ step, connectMs, firstByteMs, status: response.statusCode ?? 0 });
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      failures += 1;
      resolve(null);
    });
    req.end(init.body);
  });
}

async function visitor(base: string): Promise<void> {
  const page = await once('frame', `${base}/w/login?serviceName=demo`);
  const token = page ? frameConfigFromHtml(page.body)?.serviceToken : undefined;
  if (!token) return;
  const frame = { [FRAME_TOKEN_HEADER]: token };
  const [, login] = await Promise.all([
    once('browse', `${base}/pm/api/widget/productgroup/demo`, { headers: frame }),
    once('login', `${base}/ic/api/session`, demoLogin(frame)),
  ]);
  if (login?.status !== 200) return;
  const session = (JSON.parse(login.body) as { mainSession: { sessionId: string } }).mainSession.sessionId;
  await once('profile', `${base}/ic/api/userProfile/${session}`, {
    headers: { ...frame, authorization: formatAuthorization({ serviceName: 'demo', sessionId: session }) },
  });
}

function summary(label: string, rows: Timing[]): string {
  const first = rows.map((row) => row.firstByteMs);
  const connect = rows.map((row) => row.connectMs);
  const share = (ms: number) =>
    ((100 * first.filter((value) => value > ms).length) / Math.max(1, first.length)).toFixed(1);
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  return (
    `  ${label.padEnd(8)} ${String(rows.length).padStart(5)} conns  first byte p50 ${ms(percentile(first, 50))}` +
    `  p99 ${ms(percentile(first, 99))}  max ${ms(Math.max(0, ...first))}  >1 s ${share(1000)} %  >10 s ${share(10_000)} %` +
    `  connect max ${ms(Math.max(0, ...connect))}`
  );
}

const loadBefore = loadavg().map((value) => value.toFixed(1));
const databaseUrl = process.env.DATABASE_URL;
const postgres = databaseUrl ? await postgresSchema(databaseUrl, 'foyer_burst') : null;
const stack = await startStack(['--ephemeral', '--loop-report', ...(postgres ? ['--database-url'] : [])], {
  env: {
    ...(postgres ? { FOYER_DB_SCHEMA: postgres.schema } : {}),
    FOYER_LOGIN_LIMIT_PER_IDENTIFIER: '1000000',
    FOYER_LOGIN_LIMIT_PER_ADDRESS: '1000000',
  },
});
const base = stack.widgetsUrl;
const rssCold = processRssMb(stack.pid);

// The burst: every visitor at once, the moment the server said it listens.
const started = performance.now();
const visitors = Array.from({ length: VISITORS }, () => visitor(base));
const staticFiles = Array.from({ length: Math.ceil(VISITORS / 4) }, () => once('static', `${base}/loader.js`));
await Promise.all([...visitors, ...staticFiles]);
const elapsed = (performance.now() - started) / 1000;
const loop = await stack.loopReport();
const rssAfter = processRssMb(stack.pid);
await stack.stop();
await postgres?.drop();
const loadAfter = loadavg().map((value) => value.toFixed(1));

const errors = timings.filter((row) => row.status >= 500).length;
console.log(
  [
    `database: ${postgres ? 'PostgreSQL' : 'embedded PGlite'}; first burst of ${VISITORS} visitors right after listen; ${elapsed.toFixed(1)} s`,
    `load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (2 cores, shared)`,
    summary('all', timings),
    ...STEPS.map((step) =>
      summary(
        step,
        timings.filter((row) => row.step === step),
      ),
    ),
    `5xx: ${errors}; connections failed or given up after ${GIVE_UP_MS / 1000} s: ${failures}`,
    `server event loop during the burst: max delay ${loop.maxMs.toFixed(0)} ms, p99 ${loop.p99Ms.toFixed(0)} ms, ` +
      `blocked > 100 ms ${loop.stalls} times (${(loop.stalledMs / 1000).toFixed(1)} s in all)`,
    `server memory (RSS): ${rssCold ?? '?'} MB after start, ${rssAfter ?? '?'} MB after the burst`,
  ].join('\n'),
);
process.exit(errors || failures ? 1 : 0);
