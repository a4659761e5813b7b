/**
 * The admin API (issue 27): API keys with scopes; the configuration read (secrets never) and
 * written whole or by section, validated with path messages, applied in one transaction with its
 * audit row, seen by the widgets at once; the OpenAPI document; a second instance on the same
 * PostgreSQL sees a change within 5 s.
 */
import { formatAuthorization, FRAME_TOKEN_HEADER } from '@foyer/api';
import { SECRET_UNCHANGED, type SiteConfig } from '@foyer/api/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey, type AdminScope } from '../../src/admin/keys';
import type { PreparedServer } from '../../src/index';
import { freshDatabase, frameTokenHeader, loginOk, testServer, type DatabaseTarget } from '../helpers';

let server: PreparedServer;
let owner = '';
let reader = '';

beforeAll(async () => {
  server = await testServer();
  owner = await key(server, ['config:read', 'config:write', 'audit:read']);
  reader = await key(server, ['config:read']);
});
afterAll(() => server.close());

async function key(on: PreparedServer, scopes: AdminScope[], name = 'ci'): Promise<string> {
  return (await createApiKey(on.db, { name, scopes }, Date.now())).key;
}

function admin(
  method: 'GET' | 'PUT',
  path: string,
  options: { key?: string; payload?: unknown; headers?: Record<string, string>; on?: PreparedServer } = {},
) {
  return (options.on ?? server).app.inject({
    method,
    url: `/admin/api${path}`,
    headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** The plans of the demo's product group as the product-selection frame reads them. */
async function planIds(on: PreparedServer = server): Promise<string[]> {
  const response = await on.app.inject({ method: 'GET', url: '/pm/api/widget/productgroup/demo' });
  expect(response.statusCode, response.body).toBe(200);
  const group = response.json<{ products: { paymentPlans?: { _id: string }[]; plans?: { _id: string }[] }[] }>();
  return group.products.flatMap((product) => (product.paymentPlans ?? product.plans ?? []).map((plan) => plan._id));
}

type Catalogue = { products: { name: string; plans: Record<string, unknown>[] }[] } & Record<string, unknown>;

/** The catalogue with a new monthly CHF plan on demo-digital. */
async function withNewPlan(id: string): Promise<Catalogue> {
  const catalogue = (await admin('GET', '/config/catalogue', { key: owner })).json<Catalogue>();
  const digital = catalogue.products.find((product) => product.name === 'demo-digital')!;
  digital.plans.push({
    id,
    displayName: 'Monthly (CHF)',
    description: 'Billed in Swiss francs',
    currency: 'CHF',
    finalPrice: '10.50',
    frequency: 'MONTH1',
  });
  return catalogue;
}

describe('the admin API', () => {
  it('answers only live keys with the scope: never a visitor session or a frame', async () => {
    const none = await admin('GET', '/config');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const { mainSession } = await loginOk(server);
    const visitor = await admin('GET', '/config', {
      headers: { authorization: formatAuthorization({ serviceName: 'demo', sessionId: mainSession.sessionId }) },
    });
    expect(visitor.statusCode).toBe(401);
    const framed = await admin('GET', '/config', { key: owner, headers: frameTokenHeader('demo') });
    expect(framed.statusCode).toBe(403);
    expect(FRAME_TOKEN_HEADER in frameTokenHeader('demo')).toBe(true);
    expect((await admin('PUT', '/config/catalogue', { key: reader, payload: {} })).statusCode).toBe(403);
    expect((await admin('GET', '/audit', { key: reader })).statusCode).toBe(403);
    expect((await admin('GET', '/config', { key: 'fyr_not-a-key' })).statusCode).toBe(401);

    const revoked = await createApiKey(server.db, { name: 'old', scopes: ['config:read'] }, Date.now());
    expect((await admin('GET', '/config', { key: revoked.key })).statusCode).toBe(200);
    expect(await revokeApiKey(server.db, revoked.id, Date.now())).toBe(true);
    expect((await admin('GET', '/config', { key: revoked.key })).statusCode).toBe(401);
  });

  it('reads the configuration without a secret', async () => {
    const response = await admin('GET', '/config', { key: reader });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('demo-disqus-secret-key');
    expect(response.body).toContain(SECRET_UNCHANGED);
    expect(response.json()).toHaveProperty('services');
    expect((await admin('GET', '/config/nothing-like-this', { key: reader })).statusCode).toBe(404);
  });

  it('refuses an invalid section with its path and changes nothing; a dry run changes nothing either', async () => {
    const before = (await admin('GET', '/config', { key: owner })).body;
    const catalogue = await withNewPlan('digital-monthly-chf-bad');
    catalogue.products.find((product) => product.name === 'demo-digital')!.plans.at(-1)!.finalPrice = 'ten';
    const refused = await admin('PUT', '/config/catalogue', { key: owner, payload: catalogue });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors.join('\n')).toMatch(
      /catalogue\.products\[demo-digital\]\.plans\[/,
    );

    const dry = await admin('PUT', '/config/catalogue?dryRun=true', {
      key: owner,
      payload: await withNewPlan('digital-monthly-chf'),
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<{ applied: boolean; diff: string[] }>()).toMatchObject({ applied: false });
    expect(dry.json<{ diff: string[] }>().diff.join('\n')).toContain('+ ');
    expect((await admin('GET', '/config', { key: owner })).body).toBe(before);
    expect(await planIds()).not.toContain('digital-monthly-chf');
  });

  it('deletes what a section no longer names only with ?prune=true', async () => {
    const catalogue = (await admin('GET', '/config/catalogue', { key: owner })).json<SiteConfig['catalogue']>()!;
    const extra = {
      ...catalogue.products.find((product) => product.name === 'demo-digital')!,
      name: 'pruned-later',
      plans: [],
    };
    const added = await admin('PUT', '/config/catalogue', {
      key: owner,
      payload: { ...catalogue, products: [...catalogue.products, extra] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const productNames = async () =>
      (await admin('GET', '/config/catalogue', { key: owner }))
        .json<NonNullable<SiteConfig['catalogue']>>()
        .products.map((product) => product.name);
    expect(await productNames()).toContain('pruned-later');
    // Left out, without prune: kept (applying adds and updates).
    expect((await admin('PUT', '/config/catalogue', { key: owner, payload: catalogue })).statusCode).toBe(200);
    expect(await productNames()).toContain('pruned-later');
    const pruned = await admin('PUT', '/config/catalogue?prune=true', { key: owner, payload: catalogue });
    expect(pruned.statusCode, pruned.body).toBe(200);
    expect(pruned.json<{ diff: string[] }>().diff.join('\n')).toMatch(/- .*pruned-later/);
    expect(await productNames()).not.toContain('pruned-later');
  });

  it('adds a plan the widgets offer at once, recorded in the audit log with before and after', async () => {
    const applied = await admin('PUT', '/config/catalogue', {
      key: owner,
      payload: await withNewPlan('digital-monthly-chf'),
      headers: { 'user-agent': 'foyer-tests' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true });
    expect(await planIds()).toContain('digital-monthly-chf');

    const audit = await admin('GET', '/audit?limit=1', { key: owner });
    const [entry] = audit.json<{ entries: Record<string, unknown>[] }>().entries;
    expect(entry).toMatchObject({
      actor: expect.stringMatching(/^apikey:ci \(/),
      target: 'catalogue',
      userAgent: 'foyer-tests',
    });
    expect(JSON.stringify(entry!.before)).not.toContain('digital-monthly-chf');
    expect(JSON.stringify(entry!.after)).toContain('digital-monthly-chf');
  });

  it('takes a new secret but never answers it', async () => {
    const services = (await admin('GET', '/config/services', { key: owner })).json<Record<string, unknown>[]>();
    const demo = services.find((service) => service.name === 'demo')!;
    demo.webhooks = [
      {
        url: 'https://news.example.com/foyer-webhooks',
        events: '*',
        secret: 'whsec_' + Buffer.from('a-brand-new-secret-of-24-bytes!!').toString('base64'),
      },
    ];
    const written = await admin('PUT', '/config/services', { key: owner, payload: services });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.body).not.toContain('a-brand-new-secret');
    const read = await admin('GET', '/config/services', { key: owner });
    expect(read.body).toContain('https://news.example.com/foyer-webhooks');
    expect(read.body).not.toContain(Buffer.from('a-brand-new-secret-of-24-bytes!!').toString('base64'));
    const audit = (await admin('GET', '/audit?limit=5', { key: owner })).body;
    expect(audit).not.toContain(Buffer.from('a-brand-new-secret-of-24-bytes!!').toString('base64'));
  });

  it("publishes an OpenAPI document generated from the configuration schema and the admin API's own", async () => {
    const response = await admin('GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: { SiteConfig: { properties: Record<string, unknown> } } };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/audit',
        '/config',
        '/config/{section}',
        '/session',
        '/accounts/{guid}',
        '/payments/{id}/refund',
        '/figures',
      ]),
    );
    // Each call of the people-and-money half names its permission, its parameters and its answer's schema.
    const refund = document.paths['/payments/{id}/refund']!.post as {
      summary: string;
      parameters: { name: string; in: string }[];
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(refund.summary).toMatch(/\(payments:refund\)$/);
    expect(refund.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(refund.requestBody.content['application/json'].schema.properties).toHaveProperty('amountMinor');
    const orders = document.paths['/orders']!.get as { parameters: { name: string; in: string }[] };
    expect(orders.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'awaiting', 'cursor', 'limit']),
    );
    expect(Object.keys(document.paths['/config']!).sort()).toEqual(['get', 'put']);
    const exported = (await admin('GET', '/config', { key: owner })).json<Record<string, unknown>>();
    // Every section the API answers is one the schema describes.
    for (const section of Object.keys(exported))
      expect(document.components.schemas.SiteConfig.properties).toHaveProperty(section);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let target: DatabaseTarget;
  let first: PreparedServer;
  let second: PreparedServer;
  beforeAll(async () => {
    target = await freshDatabase();
    first = await testServer({ ...target.options });
    second = await testServer({ ...target.options });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await target?.drop();
  });

  it("a plan added through one instance's admin API is offered by the other within 5 s", async () => {
    const writer = await key(first, ['config:read', 'config:write']);
    expect(await planIds(second)).not.toContain('digital-monthly-chf');
    const catalogue = (await admin('GET', '/config/catalogue', { key: writer, on: first })).json<Catalogue>();
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
    const written = await admin('PUT', '/config/catalogue', { key: writer, payload: catalogue, on: first });
    expect(written.statusCode, written.body).toBe(200);
    const since = Date.now();
    await expect.poll(() => planIds(second), { timeout: 5_000, interval: 250 }).toContain('digital-monthly-chf');
    expect(Date.now() - since).toBeLessThan(5_000);
  });
});
