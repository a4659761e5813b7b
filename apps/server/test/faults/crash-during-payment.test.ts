/**
 * `kill -9` of the server while Stripe (stand-in) is charging a card and GoCardless (stand-in) is
 * collecting a direct debit, then a restart on the same database and retries from the visitor:
 * the card with a new Idempotency-Key (a reloaded frame) and with the first one, the direct debit
 * by completing the mandate again. Exactly one charge and one collection, found at the provider
 * at once (no wait for the attempt to go stale). Real processes, real sockets; one kill for both
 * providers because each server start costs seconds on PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  directDebitRedirectSchema,
  formatAuthorization,
  orderSchema,
  paymentResultSchema,
  type SessionResponse,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_ATTEMPT_MS } from '../../src/widget/payments';
import {
  DEMO,
  frameTokenHeader,
  freshDatabase,
  loginBody,
  TEST_FRAME_TOKEN_KEY,
  type DatabaseTarget,
} from '../helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from '../widget/stand-ins/gocardless';
import { startStripeStandIn, type StripeStandIn } from '../widget/stand-ins/stripe';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

let stripe: StripeStandIn;
let gocardless: GoCardlessStandIn;
let target: DatabaseTarget;
let dataDir = '';
const children = new Set<ChildProcess>();

beforeAll(async () => {
  // The reconciliation of a lost call, not Stripe's indexing lag (providers-stripe.test.ts).
  stripe = await startStripeStandIn({ searchLagMs: 0 });
  gocardless = await startGoCardlessStandIn();
  target = await freshDatabase();
  if (!target.options.databaseUrl) dataDir = await mkdtemp(join(tmpdir(), 'foyer-crash-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await stripe.close();
  await gocardless.close();
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
      GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
      GOCARDLESS_API_URL: gocardless.apiUrl,
      GOCARDLESS_FLOW: 'redirect_flow',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    // Generous: two cores shared by parallel test runs can make a start take most of a minute.
    const timer = setTimeout(() => reject(new Error('the server did not start within 90 s')), 90_000);
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
  it('charges once: the retries after the restart get the paid orders at once', async () => {
    const first = await startServerProcess();
    // What the frame sends: its config's token for the demo service.
    const json = { 'content-type': 'application/json', ...frameTokenHeader('demo') };
    const loginResponse = await fetch(`${first.url}/ic/api/session`, {
      method: 'POST',
      headers: { ...json, authorization: formatAuthorization({ serviceName: 'demo' }) },
      body: JSON.stringify(loginBody(DEMO.email, DEMO.password)),
    });
    const session = ((await loginResponse.json()) as SessionResponse).mainSession.sessionId;
    const placeOrder = async (paymentType: 'CARD' | 'DIRECT_DEBIT', paymentPlan: string) => {
      const response = await fetch(`${first.url}/pm/api/widget/order?ev_ss=${session}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ orderItems: [{ product: 'demo-archive', paymentPlan }], paymentType }),
      });
      return orderSchema.parse(await response.json());
    };
    const order = await placeOrder('CARD', 'archive-once-jpy');
    const debitOrder = await placeOrder('DIRECT_DEBIT', 'archive-once-eur');
    const pay = (url: string, key: string) =>
      fetch(`${url}/pm/api/widget/payment/${order.id}?ev_ss=${session}`, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': key },
        body: JSON.stringify({ token: 'pm_card_visa' }),
      });
    // The visitor signs the mandate on GoCardless's page, then comes back to complete it.
    const requested = await fetch(`${first.url}/pm/api/widget/payment/${debitOrder.id}/directdebit?ev_ss=${session}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ successRedirectUrl: 'http://localhost:8080/direct-debit-complete' }),
    });
    const { redirectFlowId } = directDebitRedirectSchema.parse(await requested.json());
    gocardless.sign(redirectFlowId);
    const completeDebit = (url: string) =>
      fetch(`${url}/pm/api/widget/payment/${debitOrder.id}/directdebit?ev_ss=${session}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ redirectFlowId }),
      });

    stripe.delayMs = 1_500;
    gocardless.delayMs = 1_500;
    const before = { stripe: stripe.received, gocardless: gocardless.received };
    const lost = [pay(first.url, 'first-mount'), completeDebit(first.url)].map((call) =>
      call.catch((error: unknown) => error),
    );
    await waitFor(
      () => stripe.received > before.stripe && gocardless.received > before.gocardless,
      'the charge and the collection to reach the providers',
    );
    first.child.kill('SIGKILL');
    for (const call of lost) expect(await call).toBeInstanceOf(Error);
    // The providers finish what the dead server asked for.
    await waitFor(
      () =>
        stripe.intents.some((intent) => intent.metadata.order_id === order.id) &&
        gocardless.payments.some((payment) => payment.orderId === debitOrder.id),
      'the charge and the collection',
    );
    stripe.delayMs = 0;
    gocardless.delayMs = 0;

    const second = await startServerProcess();
    const started = Date.now();
    const retry = await pay(second.url, 'after-reload');
    expect(retry.status).toBe(200);
    const result = paymentResultSchema.parse(await retry.json());
    expect(result).toMatchObject({ orderId: order.id, status: 'SUCCEEDED' });
    const debitRetry = await completeDebit(second.url);
    expect(debitRetry.status).toBe(200);
    const debit = paymentResultSchema.parse(await debitRetry.json());
    // Found at the providers at once, not released once stale and charged again.
    expect(Date.now() - started).toBeLessThan(STALE_ATTEMPT_MS);
    expect(debit).toMatchObject({ orderId: debitOrder.id, status: 'SUCCEEDED', providerName: 'GOCARDLESS' });
    expect(debit.purchases.map((purchase) => purchase.status)).toEqual(['ACTIVE_PENDING']);
    const sameKey = paymentResultSchema.parse(await (await pay(second.url, 'first-mount')).json());
    expect(sameKey.paymentId).toBe(result.paymentId);
    expect(paymentResultSchema.parse(await (await completeDebit(second.url)).json()).paymentId).toBe(debit.paymentId);
    expect(stripe.intents.filter((intent) => intent.metadata.order_id === order.id)).toHaveLength(1);
    expect(gocardless.payments.filter((payment) => payment.orderId === debitOrder.id)).toHaveLength(1);
    const page = await fetch(`${second.url}/pm/api/widget/payment/${order.id}?ev_ss=${session}`, {
      headers: frameTokenHeader('demo'),
    });
    expect(((await page.json()) as { orderStatus: string }).orderStatus).toBe('PAID');
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 240_000);
});
