/**
 * `config import --prune` (issue 27): deletes the products and groups the file no longer names;
 * the dry run shows the deletions and keeps them; a plan live subscriptions use is refused with
 * its path, pruned or dropped from its product.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { runCli } from '../../src/cli';
import type { PreparedServer } from '../../src/index';
import { exportConfig, type ExportedConfig } from '../../src/site-config/export';

type Product = NonNullable<ExportedConfig['catalogue']>['products'][number];
import { loginOk, testServer } from '../helpers';

let server: PreparedServer;
let dir = '';
let base: ExportedConfig;
beforeAll(async () => {
  server = await testServer();
  dir = await mkdtemp(join(tmpdir(), 'foyer-prune-'));
  base = await exportConfig(server.db);
});
afterAll(() => server?.close());

async function importFile(config: unknown, ...flags: string[]) {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(path, YAML.stringify(config));
  const lines: string[] = [];
  const code = await runCli(['config', 'import', path, ...flags], {
    db: server.db,
    now: Date.now,
    print: (line) => lines.push(line),
  });
  return { code, lines };
}

/** The base configuration with an `extra` product (one monthly plan) and a group offering it. */
function withExtra(plans = ['extra-monthly-eur']): ExportedConfig {
  const config = structuredClone(base);
  config.catalogue!.products.push({
    name: 'extra',
    displayName: 'Extra',
    serviceName: 'demo',
    plans: plans.map((id) => ({
      id,
      displayName: id,
      description: id,
      currency: 'EUR',
      finalPrice: '3.00',
      frequency: 'MONTH1',
    })),
  } as Product);
  config.catalogue!.groups.push({ name: 'extra-group', displayName: 'Extra', products: ['extra'] });
  return config;
}

const productNames = async () => (await exportConfig(server.db)).catalogue!.products.map((product) => product.name);
const groupNames = async () => (await exportConfig(server.db)).catalogue!.groups.map((group) => group.name);

describe('config import --prune', () => {
  it('deletes what the file no longer names; the dry run shows it and keeps it; without --prune it stays', async () => {
    const added = await importFile(withExtra());
    expect(added.code, added.lines.join('\n')).toBe(0);
    expect(await productNames()).toContain('extra');
    // Without --prune the file updates and adds only.
    expect((await importFile(base)).lines).toEqual(['No change.']);
    expect(await productNames()).toContain('extra');

    const dry = await importFile(base, '--prune', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.lines.filter((line) => line.startsWith('-')).join('\n')).toMatch(/name: extra/);
    expect(dry.lines.at(-1)).toBe('Dry run: nothing was changed.');
    expect(await productNames()).toContain('extra');
    expect(await groupNames()).toContain('extra-group');

    expect((await importFile(base, '--prune')).code).toBe(0);
    expect(await productNames()).not.toContain('extra');
    expect(await groupNames()).not.toContain('extra-group');
    expect(await exportConfig(server.db)).toEqual(base);
  });

  it('refuses to delete a plan with live subscriptions, naming its path', async () => {
    expect((await importFile(withExtra(['extra-monthly-eur', 'extra-monthly-usd']))).code).toBe(0);
    const session = (await loginOk(server)).mainSession.sessionId;
    const placed = await server.app.inject({
      method: 'POST',
      url: `/pm/api/widget/order?ev_ss=${session}`,
      payload: { orderItems: [{ product: 'extra', paymentPlan: 'extra-monthly-eur' }], paymentType: 'CARD' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await server.app.inject({
      method: 'POST',
      url: `/pm/api/widget/payment/${orderSchema.parse(placed.json()).id}?ev_ss=${session}`,
      payload: { token: 'tok_visa' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [live] = await server.db.query<{ status: string }>(
      `SELECT status FROM subscriptions WHERE plan_id = 'extra-monthly-eur'`,
    );
    expect(live?.status).toBe('ACTIVE');

    const message = 'catalogue.products[extra].plans[extra-monthly-eur]: 1 live subscription';
    const pruned = await importFile(base, '--prune');
    expect(pruned.code).toBe(1);
    expect(pruned.lines.join('\n')).toContain(message);
    expect(pruned.lines.join('\n')).not.toContain('extra-monthly-usd');
    // Dropping the plan from its product is a deletion too, with or without --prune.
    const dropped = await importFile(withExtra(['extra-monthly-usd']));
    expect(dropped.code).toBe(1);
    expect(dropped.lines.join('\n')).toContain(message);
    // Nothing was half-applied; the plan nobody uses may go.
    expect(await productNames()).toContain('extra');
    expect((await importFile(withExtra(['extra-monthly-eur']), '--prune')).code).toBe(0);
  });
});
