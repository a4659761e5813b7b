/**
 * `npm run load`: N concurrent visitors for a bounded time against the real stack on loopback
 * (its own process; the embedded database, or PostgreSQL when DATABASE_URL is set). Each visitor
 * loops: browse (product group, a frame page), log in, read its profile, order (with an
 * Idempotency-Key, retried with the same key on a timeout or 5xx) and pay (a double click: two
 * concurrent submissions). Then every acknowledged order is read back.
 *
 * Prints requests, req/s, p50/p99 per step, 5xx, timeouts, lost orders (acknowledged, then not
 * found), duplicated orders (one key, two orders), double charges (two payment ids for one
 * order), the product-group rate against the static-file rate, and the server's memory (RSS).
 *
 * Renewals under load (issue 25): before the load, `--subscribers` accounts each buy a monthly
 * plan; halfway through, the test clock is advanced a month (POST /dev/clock, P32D) while the
 * visitors go on. Every subscription must then have renewed exactly once: its period end one
 * month later, ACTIVE, none skipped and none renewed twice.
 *
 *   npm run load -- [--visitors 200] [--seconds 60] [--subscribers 100]
 */
import { randomUUID } from 'node:crypto';
import { formatAuthorization } from '@foyer/api';
import { demoLogin, percentile, postgresSchema } from './load-support';
import { processRssMb, startStack } from './stack-process';
import { frameHeaders } from '@foyer/api/frame-headers';
import { measureThroughput } from './throughput';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: expected a positive number`);
  return value;
}

const VISITORS = flag('visitors', 200);
const SECONDS = flag('seconds', 60);
const SUBSCRIBERS = flag('subscribers', 100);
const RENEWED_PLAN = 'digital-monthly-eur';
const REQUEST_TIMEOUT_MS = 10_000;

type Step = 'browse' | 'frame' | 'login' | 'profile' | 'order' | 'payment';
const STEPS: Step[] = ['browse', 'frame', 'login', 'profile', 'order', 'payment'];
const latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
/** `refused`: a 4xx where the step must succeed (a profile read of the account just logged in). */
const counts = { requests: 0, serverErrors: 0, timeouts: 0, otherErrors: 0, refused: 0 };
const timeoutsBy = new Map<Step, number>(STEPS.map((step) => [step, 0]));

interface Answer {
  status: number;
  ok: boolean;
  json(): unknown;
}

/** One request, timed under its step (body read included); null on a timeout or a network error. */
async function timed(step: Step, url: string, init: RequestInit = {}): Promise<Answer | null> {
  const started = performance.now();
  counts.requests += 1;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    latencies.get(step)!.push(performance.now() - started);
    if (response.status >= 500) counts.serverErrors += 1;
    return { status: response.status, ok: response.ok, json: () => JSON.parse(text) as unknown };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      counts.timeouts += 1;
      timeoutsBy.set(step, timeoutsBy.get(step)! + 1);
    } else counts.otherErrors += 1;
    return null;
  }
}

const databaseUrl = process.env.DATABASE_URL;
const postgres = databaseUrl ? await postgresSchema(databaseUrl, 'foyer_load') : null;
const stack = await startStack(['--ephemeral', ...(postgres ? ['--database-url'] : [])], {
  env: {
    ...(postgres ? { FOYER_DB_SCHEMA: postgres.schema } : {}),
    FOYER_LOGIN_LIMIT_PER_IDENTIFIER: '1000000',
    FOYER_LOGIN_LIMIT_PER_ADDRESS: '1000000',
    FOYER_REGISTRATION_PER_HOUR: '1000000',
    FOYER_IDENTIFIER_SEARCH_PER_MINUTE: '1000000',
    // The test clock: the load advances a month to renew every subscriber under load.
    FOYER_DEV_CLOCK: 'true',
  },
});
const base = stack.widgetsUrl;
// What every frame sends with its calls (issue 11): the token of a demo frame page.
let frame = await frameHeaders(base);
const rssCold = processRssMb(stack.pid);

interface PlacedOrder {
  key: string;
  ids: Set<string>;
  session: string;
  payments: Set<string>;
}
const placed: PlacedOrder[] = [];

/** The session and the account it is for (the profile is read by the account's guid). */
interface Login {
  session: string;
  guid: string;
}

async function login(): Promise<Login | null> {
  const response = await timed('login', `${base}/ic/api/session`, demoLogin(frame));
  if (!response?.ok) return null;
  const body = response.json() as { guid: string; mainSession: { sessionId: string } };
  return { session: body.mainSession.sessionId, guid: body.guid };
}

async function order(session: string): Promise<PlacedOrder | null> {
  const entry: PlacedOrder = { key: randomUUID(), ids: new Set(), session, payments: new Set() };
  // Retried with the same key, as a client should after a timeout or a server error.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await timed('order', `${base}/pm/api/widget/order?ev_ss=${session}`, {
      method: 'POST',
      headers: { ...frame, 'content-type': 'application/json', 'idempotency-key': entry.key },
      body: JSON.stringify({
        orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }],
        paymentType: 'CARD',
      }),
    });
    if (response?.status === 201) {
      entry.ids.add((response.json() as { id: string }).id);
      placed.push(entry);
      return entry;
    }
    if (response && response.status < 500) return null;
  }
  return null;
}

async function pay(entry: PlacedOrder): Promise<void> {
  const orderId = [...entry.ids][0]!;
  const submit = () =>
    timed('payment', `${base}/pm/api/widget/payment/${orderId}?ev_ss=${entry.session}`, {
      method: 'POST',
      headers: { ...frame, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ token: 'manual' }),
    });
  // A double click (each mount its own key): the server must charge once.
  for (const response of await Promise.all([submit(), submit()])) {
    if (response?.ok) entry.payments.add((response.json() as { paymentId: string }).paymentId);
  }
}

async function visitor(deadline: number): Promise<void> {
  let account: Login | null = null;
  let round = 0;
  while (performance.now() < deadline) {
    round += 1;
    await timed('browse', `${base}/pm/api/widget/productgroup/demo`, { headers: frame });
    await timed('frame', `${base}/w/login?serviceName=demo`);
    if (!account || round % 10 === 0) account = await login();
    if (!account) continue;
    const { session, guid } = account;
    const profile = await timed('profile', `${base}/ic/api/userProfile/${guid}`, {
      headers: { ...frame, authorization: formatAuthorization({ serviceName: 'demo', sessionId: session }) },
    });
    // The account's own profile with its own session: a refusal is an error, not a served request.
    if (profile && profile.status >= 400 && profile.status < 500) counts.refused += 1;
    if (round % 2 === 0) {
      const entry = await order(session);
      if (entry) await pay(entry);
    }
  }
}

interface Subscriber {
  email: string;
  endDate: string;
}

const SUBSCRIBER_PASSWORD = 'load-password-1';

/** Logs a subscriber in (again: a month on the test clock outlives every session). */
async function subscriberSession(email: string): Promise<string> {
  const login = demoLogin(frame);
  const loggedIn = await fetch(`${base}/ic/api/session`, {
    ...login,
    body: JSON.stringify({
      ...(JSON.parse(login.body) as object),
      identifiers: [{ name: 'email', value: email }],
      validators: [{ name: 'password', value: SUBSCRIBER_PASSWORD }],
    }),
  });
  if (!loggedIn.ok) throw new Error(`login: ${loggedIn.status} ${await loggedIn.text()}`);
  return ((await loggedIn.json()) as { mainSession: { sessionId: string } }).mainSession.sessionId;
}

/** A new customer (the purchase sign-up), logged in, who buys the monthly plan with the test Visa. */
async function subscribe(index: number): Promise<Subscriber> {
  const email = `load-${index}-${randomUUID().slice(0, 8)}@foyer.test`;
  const password = SUBSCRIBER_PASSWORD;
  const json = { ...frame, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/pm/api/widget/profile/demo`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify([
      { name: 'email', value: email },
      { name: 'password', value: password },
      { name: 'firstName', value: 'Load' },
      { name: 'lastName', value: 'Subscriber' },
    ]),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const session = await subscriberSession(email);
  const ordered = await fetch(`${base}/pm/api/widget/order?ev_ss=${session}`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ orderItems: [{ product: 'demo-digital', paymentPlan: RENEWED_PLAN }], paymentType: 'CARD' }),
  });
  if (ordered.status !== 201) throw new Error(`order: ${ordered.status} ${await ordered.text()}`);
  const orderId = ((await ordered.json()) as { id: string }).id;
  const paid = await fetch(`${base}/pm/api/widget/payment/${orderId}?ev_ss=${session}`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ token: 'pm_card_visa' }),
  });
  if (!paid.ok) throw new Error(`payment: ${paid.status} ${await paid.text()}`);
  const [held] = await subscriptionsOf(session);
  if (!held?.endDate) throw new Error('the paid plan is not listed');
  return { email, endDate: held.endDate };
}

async function subscriptionsOf(session: string): Promise<{ status: string; endDate?: string }[]> {
  const response = await fetch(`${base}/pm/api/widget/account/purchases/?ev_ss=${session}`, { headers: frame });
  const purchases = (await response.json()) as {
    orderItem: { paymentPlan?: { _id: string } };
    subscription?: { status: string; endDate?: string };
  }[];
  return purchases
    .filter((purchase) => purchase.orderItem.paymentPlan?._id === RENEWED_PLAN)
    .map((purchase) => purchase.subscription!);
}

/** The same calendar day a month later, clamped to the month's end (as the server's periods are). */
function monthAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date, last))).toISOString().slice(0, 10);
}

const subscribers: Subscriber[] = [];
for (let index = 0; index < SUBSCRIBERS; index += 10) {
  const batch = Array.from({ length: Math.min(10, SUBSCRIBERS - index) }, (_, offset) => subscribe(index + offset));
  subscribers.push(...(await Promise.all(batch)));
}

// The product-group rate against the static-file rate of the same server (issue 10's ratio).
const staticRate = await measureThroughput(`${base}/loader.js`, { seconds: 5, concurrency: 32 });
const groupRate = await measureThroughput(`${base}/pm/api/widget/productgroup/demo`, {
  seconds: 5,
  concurrency: 32,
  headers: frame,
});

const started = performance.now();
/** Halfway through the load, a month passes on the test clock: every subscriber renews under load. */
async function advanceAMonth(): Promise<{ ms: number; status: number }> {
  await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
  const before = performance.now();
  const response = await fetch(`${base}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: 'P32D' }),
  });
  const moved = (await response.json()) as { now?: string };
  const ms = performance.now() - before;
  // Frame tokens are short-lived: a month later every frame has been reloaded and holds a new one
  // (fetched anew: the cache counts the token's age on the test clock's time).
  frame = await frameHeaders(base, 'demo', Date.parse(moved.now ?? '') || Date.now());
  return { ms, status: response.status };
}
const [advance] = await Promise.all([
  advanceAMonth(),
  ...Array.from({ length: VISITORS }, () => visitor(started + SECONDS * 1000)),
]);
const elapsed = (performance.now() - started) / 1000;
const rssLoaded = processRssMb(stack.pid);

// Every acknowledged order must still be there, and paid once.
let lost = 0;
let unpaid = 0;
// A fresh session of the demo account (the visitors' own ones ended with the month the clock moved).
const reader = await login();
for (const entry of placed) {
  const orderId = [...entry.ids][0]!;
  const response = await fetch(`${base}/pm/api/widget/payment/${orderId}?ev_ss=${reader}`, { headers: frame });
  const body = (await response.json()) as { orderStatus?: string; code?: string };
  if (body.code === 'order_not_created') lost += 1;
  else if (body.orderStatus !== 'PAID') unpaid += 1;
}
const duplicated = placed.filter((entry) => entry.ids.size > 1).length;

// Each subscription renewed exactly once: ACTIVE, its period end one month after the first one.
let renewedOnce = 0;
const renewalProblems: string[] = [];
for (const subscriber of subscribers) {
  const [now] = await subscriptionsOf(await subscriberSession(subscriber.email));
  const expected = monthAfter(subscriber.endDate);
  if (now?.status === 'ACTIVE' && now.endDate === expected) renewedOnce += 1;
  else renewalProblems.push(`${now?.status} ${now?.endDate} (expected ACTIVE ${expected})`);
}
const doubleCharges = placed.filter((entry) => entry.payments.size > 1).length;

await stack.stop();
await postgres?.drop();

const lines = [
  `database: ${postgres ? 'PostgreSQL' : 'embedded PGlite'}; ${VISITORS} visitors for ${SECONDS} s`,
  `requests: ${counts.requests} (${(counts.requests / elapsed).toFixed(0)} req/s)`,
  ...STEPS.map((step) => {
    const values = latencies.get(step)!;
    return `  ${step.padEnd(8)} ${String(values.length).padStart(7)} requests  p50 ${percentile(values, 50).toFixed(1)} ms  p99 ${percentile(values, 99).toFixed(1)} ms  timeouts ${timeoutsBy.get(step)}`;
  }),
  `5xx: ${counts.serverErrors}; refused profile reads (4xx): ${counts.refused}; timeouts: ${counts.timeouts}; network errors: ${counts.otherErrors}`,
  `orders acknowledged: ${placed.length}; lost: ${lost}; duplicated: ${duplicated}; not paid: ${unpaid}; double charges: ${doubleCharges}`,
  `static /loader.js: ${staticRate.requestsPerSecond.toFixed(0)} req/s; product group: ${groupRate.requestsPerSecond.toFixed(0)} req/s (ratio ${(groupRate.requestsPerSecond / staticRate.requestsPerSecond).toFixed(2)})`,
  `server memory (RSS): ${rssCold ?? '?'} MB after start, ${rssLoaded ?? '?'} MB after the load`,
  `renewals: a month advanced under load in ${advance!.ms.toFixed(0)} ms (HTTP ${advance!.status}); ${renewedOnce} of ${subscribers.length} subscriptions renewed exactly once${renewalProblems.length ? `; not: ${renewalProblems.slice(0, 5).join(', ')}` : ''}`,
];
console.log(lines.join('\n'));
process.exit(
  counts.serverErrors || counts.refused || lost || duplicated || doubleCharges || renewalProblems.length ? 1 : 0,
);
