/**
 * `kill -9` of the server while Stripe (stand-in) is charging the card, then a restart on the same
 * database and retries from the visitor, with a new Idempotency-Key (a reloaded frame) and with
 * the first one: exactly one charge and a paid order. Real processes, real sockets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { formatAuthorization, orderSchema, paymentResultSchema, type SessionResponse } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  frameTokenHeader,
  freshDatabase,
  loginBody,
  TEST_FRAME_TOKEN_KEY,
  type DatabaseTarget,
} from '../helpers';
import { startStripeStandIn, type StripeStandIn } from '../widget/stand-ins/stripe';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

let stripe: StripeStandIn;
let target: DatabaseTarget;
let dataDir = '';
const children = new Set<ChildProcess>();

beforeAll(async () => {
  stripe = await startStripeStandIn();
  target = await freshDatabase();
  if (!target.options.databaseUrl) dataDir = await mkdtemp(join(tmpdir(), 'foyer-crash-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await stripe.close();
  await target.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const database = target.options.databaseUrl
    ? { DATABASE_URL: target.options.databaseUrl, FOYER_DB_SCHEMA: target.options.databaseSchema ?? '' }
    : { FOYER_DATA_DIR: dataDir, DATABASE_URL: '' };
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: {
      ...process.env,
      ...database,
      FOYER_CARD_PROVIDER: 'stripe',
      FOYER_FRAME_TOKEN_KEY: TEST_FRAME_TOKEN_KEY,
      STRIPE_API_URL: stripe.apiUrl,
      STRIPE_SECRET_KEY: stripe.secretKey,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 40 s')), 40_000);
    child.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
  });
}

async function waitFor(condition: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the server killed during the provider call', () => {
  it('charges once: the retry after the restart, with a new or the first key, gets the paid order', async () => {
    const first = await startServerProcess();
    // What the frame sends: its config's token for the demo service.
    const json = { 'content-type': 'application/json', ...frameTokenHeader('demo') };
    const loginResponse = await fetch(`${first.url}/ic/api/session`, {
      method: 'POST',
      headers: { ...json, authorization: formatAuthorization({ serviceName: 'demo' }) },
      body: JSON.stringify(loginBody(DEMO.email, DEMO.password)),
    });
    const session = ((await loginResponse.json()) as SessionResponse).mainSession.sessionId;
    const orderResponse = await fetch(`${first.url}/pm/api/widget/order?ev_ss=${session}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }],
        paymentType: 'CARD',
      }),
    });
    const order = orderSchema.parse(await orderResponse.json());
    const pay = (url: string, key: string) =>
      fetch(`${url}/pm/api/widget/payment/${order.id}?ev_ss=${session}`, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': key },
        body: JSON.stringify({ token: 'pm_card_visa' }),
      });

    stripe.delayMs = 1_500;
    const before = stripe.received;
    const lost = pay(first.url, 'first-mount').catch((error: unknown) => error);
    await waitFor(() => stripe.received > before, 'the charge to reach Stripe');
    first.child.kill('SIGKILL');
    expect(await lost).toBeInstanceOf(Error);
    // Stripe finishes the charge the dead server asked for.
    await waitFor(() => stripe.intents.some((intent) => intent.metadata.order_id === order.id), 'the charge');
    stripe.delayMs = 0;

    const second = await startServerProcess();
    const started = Date.now();
    const retry = await pay(second.url, 'after-reload');
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const result = paymentResultSchema.parse(await retry.json());
    expect(result).toMatchObject({ orderId: order.id, status: 'SUCCEEDED' });
    const sameKey = paymentResultSchema.parse(await (await pay(second.url, 'first-mount')).json());
    expect(sameKey.paymentId).toBe(result.paymentId);
    expect(stripe.intents.filter((intent) => intent.metadata.order_id === order.id)).toHaveLength(1);
    const page = await fetch(`${second.url}/pm/api/widget/payment/${order.id}?ev_ss=${session}`, {
      headers: frameTokenHeader('demo'),
    });
    expect(((await page.json()) as { orderStatus: string }).orderStatus).toBe('PAID');
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 90_000);
});
