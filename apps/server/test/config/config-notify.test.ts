/**
 * Configuration changes reach every instance through PostgreSQL's LISTEN/NOTIFY, not after the
 * read cache's TTL: a plan added through one process's admin API is offered by another process
 * within a second; the listener comes back after its connection is cut. Needs a real PostgreSQL
 * (DATABASE_URL); skipped on PGlite, which runs in one process and invalidates locally.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/admin/keys';
import { openDb, type Db } from '../../src/db';
import { LISTENER_NAME, listenForConfigChanges, notifyConfigChanged } from '../../src/db/config-notify';
import { READ_CACHE_TTL_MS } from '../../src/db/read-cache';
import type { PreparedServer } from '../../src/index';
import { frameTokenHeader, freshDatabase, testServer, TEST_FRAME_TOKEN_KEY, type DatabaseTarget } from '../helpers';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'instance-process.ts');
const url = process.env.DATABASE_URL;

/** Polls until `check` holds, failing after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!url)('configuration changes on every instance (PostgreSQL LISTEN/NOTIFY)', () => {
  let target: DatabaseTarget;
  let first: PreparedServer;
  let child: ChildProcess | undefined;
  let secondUrl = '';

  beforeAll(async () => {
    target = await freshDatabase();
    first = await testServer({ ...target.options });
    child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: {
        ...process.env,
        DATABASE_URL: target.options.databaseUrl,
        FOYER_DB_SCHEMA: target.options.databaseSchema ?? '',
        FOYER_FRAME_TOKEN_KEY: TEST_FRAME_TOKEN_KEY,
        FOYER_CONFIG_FILE: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    secondUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the second instance did not start within 90 s')), 90_000);
      child!.once('exit', (code) => reject(new Error(`the second instance exited early (${code})`)));
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        if (!line.startsWith('{')) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      });
    });
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await first?.close();
    await target?.drop();
  });

  /** The demo group's plans as the product-selection frame reads them from the second process. */
  async function secondPlanIds(): Promise<string[]> {
    const response = await fetch(`${secondUrl}/pm/api/widget/productgroup/demo`, { headers: frameTokenHeader('demo') });
    expect(response.status).toBe(200);
    const group = (await response.json()) as { products: { paymentPlans?: { _id: string }[] }[] };
    return group.products.flatMap((product) => (product.paymentPlans ?? []).map((plan) => plan._id));
  }

  it("a plan added through process A's admin API is offered by process B within 1 s", async () => {
    const { key } = await createApiKey(first.db, { name: 'ci', scopes: ['config:read', 'config:write'] }, Date.now());
    const admin = (method: 'GET' | 'PUT', payload?: object) =>
      first.app.inject({
        method,
        url: '/admin/api/config/catalogue',
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    // B has the catalogue in its read cache, fresh for READ_CACHE_TTL_MS.
    expect(await secondPlanIds()).not.toContain('digital-monthly-chf');
    const catalogue = (await admin('GET')).json<{ products: { name: string; plans: object[] }[] }>();
    catalogue.products
      .find((product) => product.name === 'demo-digital')!
      .plans.push({
        id: 'digital-monthly-chf',
        displayName: 'Monthly (CHF)',
        description: 'Billed in Swiss francs',
        currency: 'CHF',
        finalPrice: '10.50',
        frequency: 'MONTH1',
      });
    const written = await admin('PUT', catalogue);
    expect(written.statusCode, written.body).toBe(200);
    const took = await within(
      1_000,
      async () => (await secondPlanIds()).includes('digital-monthly-chf'),
      'B offers it',
    );
    expect(took).toBeLessThan(Math.min(1_000, READ_CACHE_TTL_MS));
  });

  it('the listener reconnects after its connection is cut, and hears changes again', async () => {
    let heard = 0;
    const listener = listenForConfigChanges({ connectionString: url!, connectMs: 2_000, onChange: () => (heard += 1) });
    const writer: Db = await openDb({ databaseUrl: url, dataDir: 'memory' });
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      await listener.ready;
      await writer.transaction((tx) => notifyConfigChanged(tx, '1'));
      await within(1_000, async () => heard >= 1, 'the first notification');
      // A rolled-back write tells nobody.
      const before = heard;
      await writer
        .transaction(async (tx) => {
          await notifyConfigChanged(tx, '2');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await writer.transaction((tx) => notifyConfigChanged(tx, '2b'));
      await within(1_000, async () => heard >= before + 1, 'the committed notification');
      // Delivered in commit order: had the rolled-back one come, it would have come first.
      expect(heard).toBe(before + 1);
      const cut = heard;
      await killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()`,
        [LISTENER_NAME],
      );
      // Reconnected: the cache is cleared once for what it may have missed, then it hears again.
      await within(5_000, async () => heard >= cut + 1, 'the reconnection');
      const reconnected = heard;
      await writer.transaction((tx) => notifyConfigChanged(tx, '3'));
      await within(1_000, async () => heard >= reconnected + 1, 'a notification after reconnecting');
    } finally {
      await killer.end();
      await listener.close();
      await writer.close();
    }
  });
});
