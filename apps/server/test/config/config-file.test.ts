/**
 * Issue 27: the configuration schema, the configuration file and the CLI's config commands.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfig, parseSiteConfig, SECRET_UNCHANGED } from '@foyer/api/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { runCli } from '../../src/cli';
import { openDb } from '../../src/db';
import { createServer, startServer, type PreparedServer } from '../../src/index';
import { seed } from '../../src/seed';
import { seedConfig, withoutDemoData } from '../../src/seed-config';
import { openSecret } from '../../src/security/secret-box';
import { exportConfig } from '../../src/site-config/export';
import { freshDatabase, testServer } from '../helpers';

const NEWS_SITE = fileURLToPath(new URL('../../../../docs/examples/news-site.yaml', import.meta.url));
const README = fileURLToPath(new URL('../../../../docs/configuration.md', import.meta.url));
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-config-'));
});

async function file(name: string, content: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : YAML.stringify(content));
  return path;
}

async function cli(args: string[], context: Omit<Parameters<typeof runCli>[1], 'print'> = {}) {
  const lines: string[] = [];
  const code = await runCli(args, { ...context, print: (line) => lines.push(line) } as Parameters<typeof runCli>[1]);
  return { code, lines };
}

/** The demo configuration with one mistake of each kind. */
function badConfig(): unknown {
  const bad = structuredClone(seedConfig) as unknown as {
    services: { allowedHostOrigins: string[] }[];
    catalogue: { products: { plans: { currency: string }[] }[] };
  };
  bad.services[0]!.allowedHostOrigins = ['https://a.example', 'https://b.example', 'https://news.example/path'];
  bad.catalogue.products[0]!.plans[1]!.currency = 'EURO';
  return bad;
}

describe('the schema', () => {
  it('holds the first-run default and the demo data', () => {
    expect(parseSiteConfig(seedConfig)).toMatchObject({ ok: true });
    expect(parseSiteConfig(withoutDemoData(seedConfig))).toMatchObject({ ok: true });
  });

  it('names the path of each field refused, list items by their name', () => {
    const parsed = parseSiteConfig(badConfig());
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors).toEqual([
      'services[demo].allowedHostOrigins[2]: not an origin (scheme://host, optionally :port or :*)',
      'catalogue.products[demo-digital].plans[digital-yearly-eur].currency: not an ISO 4217 currency code',
    ]);
    const reasons = parseSiteConfig({
      ...seedConfig,
      cancellationReasons: [
        { key: 'OTHER', label: 'Another reason' },
        { key: 'OTHER', label: 'Something; else' },
      ],
    });
    expect(!reasons.ok && reasons.errors).toEqual([
      'cancellationReasons[OTHER].label: no ; in a label',
      'cancellationReasons[OTHER].key: OTHER is defined twice',
    ]);
    const twice = parseSiteConfig({
      ...seedConfig,
      cancellationReasons: [
        { key: 'A', label: 'a' },
        { key: 'A', label: 'b' },
      ],
    });
    expect(!twice.ok && twice.errors).toEqual(['cancellationReasons[A].key: A is defined twice']);
    const typo = parseSiteConfig({ ...seedConfig, sevices: [] });
    expect(!typo.ok && typo.errors).toEqual(['(the configuration): unknown key sevices']);
  });

  it('checks references, unique names and prices against their currency', () => {
    const bad = structuredClone(seedConfig);
    bad.services[1]!.realmName = 'nowhere';
    bad.services[2]!.name = 'demo';
    bad.catalogue!.products[2]!.plans[0]!.finalPrice = '1200.50'; // JPY has no decimals
    bad.catalogue!.groups[0]!.products.push('demo-gone');
    bad.paywall!.services[0]!.segments[1]!.entitledProducts!.push('demo-ghost');
    const parsed = parseSiteConfig(bad);
    expect(!parsed.ok && parsed.errors).toEqual([
      'services[demo].name: demo is defined twice',
      'services[demo-strict].realmName: no realm nowhere',
      'services[demo-strict].authenticationSchemeName: scheme default is of realm default',
      'catalogue.products[demo-archive].plans[archive-once-jpy].finalPrice: too many decimals for JPY',
      'catalogue.groups[demo].products[5]: no product demo-gone',
      'paywall.services[demo].segments[all].entitledProducts[3]: no product demo-ghost',
    ]);
  });

  it('validates the README example, which is docs/examples/news-site.yaml', async () => {
    const example = await readFile(NEWS_SITE, 'utf8');
    expect(parseSiteConfig(YAML.parse(example))).toMatchObject({ ok: true });
    const readme = await readFile(README, 'utf8');
    const body = example
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .trim();
    expect(readme).toContain(body);
  });
});

describe('config validate', () => {
  it('answers valid (exit 0) for a good file and the path messages (exit 1) for a bad one, without a database', async () => {
    expect(await cli(['config', 'validate', NEWS_SITE])).toEqual({ code: 0, lines: [`${NEWS_SITE}: valid`] });
    const bad = await file('bad.yaml', badConfig());
    const refused = await cli(['config', 'validate', bad]);
    expect(refused.code).toBe(1);
    expect(refused.lines).toEqual([
      `${bad} is invalid:`,
      '  services[demo].allowedHostOrigins[2]: not an origin (scheme://host, optionally :port or :*)',
      '  catalogue.products[demo-digital].plans[digital-yearly-eur].currency: not an ISO 4217 currency code',
    ]);
    const json = await file('bad.json', '{ "realms": [ }');
    expect((await cli(['config', 'validate', json])).code).toBe(1);
  });
});

describe('a server with an invalid configuration file', () => {
  it('does not start: createServer and startServer reject with the path messages, nothing applied', async () => {
    const bad = await file('bad-start.yaml', badConfig());
    const target = await freshDatabase();
    try {
      const start = createServer({ ...target.options, configFile: bad, jobWorkers: false });
      await expect(start).rejects.toBeInstanceOf(InvalidConfig);
      await expect(start).rejects.toThrow(/services\[demo\]\.allowedHostOrigins\[2\]: not an origin/);
      await expect(startServer({ ...target.options, port: 0, configFile: bad, jobWorkers: false })).rejects.toThrow(
        /plans\[digital-yearly-eur\]\.currency: not an ISO 4217 currency code/,
      );
      const db = await openDb({ ...target.options, dataDir: target.options.dataDir ?? 'memory' });
      try {
        if (target.options.databaseUrl) expect(await db.query('SELECT 1 FROM services')).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('starts with a valid one and holds what it says', async () => {
    const server = await testServer({ configFile: NEWS_SITE, seedDemo: false });
    try {
      const exported = await exportConfig(server.db);
      expect(exported.services.map((service) => [service.name, service.allowedHostOrigins])).toEqual([
        ['daily', ['https://www.thedaily.example']],
      ]);
      expect(exported.catalogue?.products[0]?.plans.map((plan) => plan.finalPrice)).toEqual(['7.99', '79.90']);
    } finally {
      await server.close();
    }
  });
});

describe('export and import on a server seeded with the demo data', () => {
  let server: PreparedServer;
  beforeAll(async () => {
    server = await testServer({ demoWebhookSecret: WEBHOOK_SECRET });
  });
  afterAll(() => server?.close());
  const context = () => ({ db: server.db, now: Date.now });

  it('round-trips: export → import → export is the same configuration, and the secrets are kept', async () => {
    const first = await cli(['config', 'export'], context());
    expect(first.code).toBe(0);
    const path = await file('export.yaml', first.lines.join('\n'));
    const imported = await cli(['config', 'import', path], context());
    expect(imported).toEqual({ code: 0, lines: ['No change.'] });
    const second = await cli(['config', 'export'], context());
    expect(second.lines).toEqual(first.lines);
    const json = await cli(['config', 'export', '--format', 'json'], context());
    expect(JSON.parse(json.lines.join('\n'))).toEqual(YAML.parse(first.lines.join('\n')));
    // The markers kept what was stored (encrypted at rest, security/secret-box.ts).
    const [site] = await server.db.query<{ secret_key: string }>('SELECT secret_key FROM disqus_sites');
    expect(openSecret(site!.secret_key)).toBe('demo-disqus-secret-key');
    const [hook] = await server.db.query<{ secret: string }>('SELECT secret FROM webhook_endpoints');
    expect(openSecret(hook!.secret)).toBe(WEBHOOK_SECRET);
  });

  it('exports and imports the cancellation reasons the account widget offers', async () => {
    const before = await exportConfig(server.db);
    expect(before.cancellationReasons?.map((reason) => reason.key)).toEqual([
      'TOO_EXPENSIVE',
      'NOT_USED',
      'CONTENT',
      'OTHER',
    ]);
    const path = await file('reasons.yaml', {
      ...before,
      cancellationReasons: [{ key: 'MOVING', label: 'I am moving abroad' }],
    });
    expect((await cli(['config', 'import', path], context())).code).toBe(0);
    expect(await server.db.query('SELECT key, label FROM cancellation_reasons')).toEqual([
      { key: 'MOVING', label: 'I am moving abroad' },
    ]);
    await cli(['config', 'import', await file('reasons-back.yaml', before)], context());
    expect(await exportConfig(server.db)).toEqual(before);
  });

  it('never exports a secret', async () => {
    const exported = (await cli(['config', 'export', '--format', 'json'], context())).lines.join('\n');
    for (const secret of [WEBHOOK_SECRET, 'demo-disqus-secret-key', seedConfig.services[2]!.recaptchaSecret!])
      expect(exported).not.toContain(secret);
    expect(exported.split(SECRET_UNCHANGED).length - 1).toBe(3);
  });

  it('dry run prints the change and changes nothing', async () => {
    const before = await exportConfig(server.db);
    const changed = structuredClone(before);
    changed.catalogue!.products.find((product) => product.name === 'demo-digital')!.plans[0]!.finalPrice = '10.49';
    const path = await file('changed.yaml', changed);
    const dry = await cli(['config', 'import', path, '--dry-run'], context());
    expect(dry.code).toBe(0);
    expect(dry.lines.filter((line) => /^[-+] /.test(line))).toEqual([
      '-           finalPrice: "9.99"',
      '+           finalPrice: "10.49"',
    ]);
    expect(dry.lines.at(-1)).toBe('Dry run: nothing was changed.');
    expect(await exportConfig(server.db)).toEqual(before);
    const applied = await cli(['config', 'import', path], context());
    expect(applied.lines.at(-1)).toMatch(/^Applied/);
    expect(await exportConfig(server.db)).toEqual(changed);
  });

  it('refuses a secret marker with nothing stored, and applies nothing', async () => {
    const before = await exportConfig(server.db);
    const config = structuredClone(before);
    config.services[0]!.webhooks = [{ url: 'https://hooks.example/new', events: '*', secret: SECRET_UNCHANGED }];
    config.services[0]!.displayName = 'Renamed';
    const path = await file('marker.yaml', config);
    const refused = await cli(['config', 'import', path], context());
    expect(refused).toEqual({
      code: 1,
      lines: [
        'the configuration is invalid:',
        `  services[demo].webhooks[https://hooks.example/new].secret: ${SECRET_UNCHANGED} but no secret is stored`,
      ],
    });
    expect(await exportConfig(server.db)).toEqual(before);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances applying the same file at once (PostgreSQL)', () => {
  it('apply it one after the other, without error', async () => {
    const target = await freshDatabase();
    const first = await createServer({ ...target.options, seed: false, jobWorkers: false });
    const db = await openDb({ ...target.options, dataDir: 'memory' });
    try {
      const config = YAML.parse(await readFile(NEWS_SITE, 'utf8'));
      const parsed = parseSiteConfig(config);
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      await Promise.all([seed(first.db, parsed.config), seed(db, parsed.config), seed(first.db, parsed.config)]);
      expect(await db.query('SELECT name FROM services')).toEqual([{ name: 'daily' }]);
      expect((await exportConfig(db)).catalogue?.products).toHaveLength(1);
    } finally {
      await db.close();
      await first.close();
      await target.drop();
    }
  });
});
