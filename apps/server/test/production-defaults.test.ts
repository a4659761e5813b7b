/**
 * A server started without demo options is safe to expose (issue 11, findings 1 and 9): no
 * readable outbox, no mail kept in the database, no demo account or catalogue. With
 * NODE_ENV=production it refuses unsafe settings, all listed at once, and sends HSTS over https
 * (issue 24, finding 10).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HSTS } from '../src/app';
import { optionsFromEnv } from '../src/config';
import { createServer, UnsafeProductionSettings, type PreparedServer } from '../src/index';
import { isLocalOrigin, weakFrameTokenKey } from '../src/production-checks';
import { seedConfig } from '../src/seed-config';
import { providersFromEnv } from '../src/widget/providers';
import { addFrameTokens, DEMO, freshDatabase, login, PUBLIC_URL, TEST_FRAME_TOKEN_KEY } from './helpers';

let server: PreparedServer;
const warnings: string[] = [];

beforeAll(async () => {
  // The key production requires to encrypt stored secrets (secrets.test.ts tests its absence).
  vi.stubEnv('FOYER_SECRETS_KEY', randomBytes(32).toString('base64'));
  // No devMailbox, seedDemo or mailer: the defaults a production start gets (with the frame-token
  // key production requires; the calls carry a frame's token).
  server = await createServer({ dataDir: 'memory', publicUrl: PUBLIC_URL, frameTokenKey: TEST_FRAME_TOKEN_KEY });
  addFrameTokens(server);
});
afterAll(() => server.close());

describe('production defaults', () => {
  it('reads FOYER_DEV_MAILBOX and FOYER_SEED_DEMO as off unless explicitly on', () => {
    expect(optionsFromEnv({}).devMailbox).toBeUndefined();
    expect(optionsFromEnv({}).seedDemo).toBeUndefined();
    expect(optionsFromEnv({ FOYER_DEV_MAILBOX: 'yes' }).devMailbox).toBe(false);
    expect(optionsFromEnv({ FOYER_DEV_MAILBOX: 'true', FOYER_SEED_DEMO: '1' })).toMatchObject({
      devMailbox: true,
      seedDemo: true,
    });
  });

  it('serves no outbox and keeps no mail in the database', async () => {
    expect(server.deps.devMailbox).toBe(false);
    expect(server.deps.mailer.kind).toBe('unsent');
    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox.html' })).statusCode).toBe(404);
    const original = console.warn;
    console.warn = (text: string) => void warnings.push(text);
    try {
      await server.deps.mailer.send({ to: 'someone@foyer.test', subject: 'Reset', text: 'key=secret', html: '' });
    } finally {
      console.warn = original;
    }
    expect(warnings.join('\n')).not.toMatch(/someone@foyer\.test|secret/);
    expect(await server.db.query('SELECT 1 FROM mail_outbox')).toHaveLength(0);
  });

  it('has no demo account and no demo catalogue, but the configured services', async () => {
    expect((await login(server, DEMO.email, DEMO.password)).statusCode).toBe(401);
    expect(await server.db.query('SELECT 1 FROM user_profiles')).toHaveLength(0);
    const products = await server.db.query('SELECT 1 FROM catalogue_products');
    expect(products).toHaveLength(0);
    const service = await server.app.inject({ method: 'GET', url: '/ic/api/service/demo' });
    expect(service.statusCode).toBe(200);
    // Google's always-passing test keys are demo data too.
    const testKeys = await server.app.inject({ method: 'GET', url: '/ic/api/service/demo-captcha' });
    expect(testKeys.statusCode).toBe(404);
  });

  it('the production image and compose file do not turn the outbox or the demo data on', async () => {
    for (const file of ['Dockerfile.server', 'compose.yaml']) {
      const text = await readFile(fileURLToPath(new URL(`../../../docker/${file}`, import.meta.url)), 'utf8');
      expect(text).not.toMatch(/FOYER_DEV_MAILBOX[=:]\s*['"]?(1|true)/i);
      expect(text).not.toMatch(/FOYER_SEED_DEMO[=:]\s*['"]?(1|true)/i);
    }
  });
});

const STRONG_KEY = randomBytes(32).toString('base64');

/** A production start on a fresh database; the caller closes it. */
async function productionServer(options: Parameters<typeof createServer>[0] = {}) {
  const target = await freshDatabase();
  try {
    const started = await createServer({
      ...target.options,
      production: true,
      publicUrl: 'https://widgets.example.com',
      frameTokenKey: STRONG_KEY,
      paymentProviders: providersFromEnv({}),
      siteUrl: 'https://news.example.com',
      ...options,
    });
    return { server: started, close: async () => (await started.close(), await target.drop()) };
  } catch (error) {
    await target.drop();
    throw error;
  }
}

describe('NODE_ENV=production', () => {
  it('refuses every unsafe setting at once, one line each, before seeding anything', async () => {
    const attempt = productionServer({
      devMailbox: true,
      seedDemo: true,
      paymentProviders: providersFromEnv({ FOYER_CARD_PROVIDER: 'manual' }),
      frameTokenKey: 'a'.repeat(32),
      publicUrl: 'http://widgets.example.com',
      devClock: true,
      siteUrl: 'http://localhost:8080',
      seed: {
        ...seedConfig,
        services: seedConfig.services.map((service) =>
          service.default
            ? { ...service, allowedHostOrigins: ['https://news.example.com', 'http://localhost:*'] }
            : service,
        ),
      },
    });
    const error = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnsafeProductionSettings);
    const problems = (error as UnsafeProductionSettings).problems;
    expect(problems).toHaveLength(8);
    for (const pattern of [
      /^FOYER_DEV_MAILBOX is on/,
      /^FOYER_SEED_DEMO is on/,
      /^FOYER_CARD_PROVIDER=manual/,
      /^FOYER_DEV_CLOCK is on/,
      /^FOYER_FRAME_TOKEN_KEY uses only 1 distinct character/,
      /^PUBLIC_URL is http:\/\/widgets\.example\.com, not https/,
      /^service demo allows .*http:\/\/localhost:\*/,
      /^FOYER_SITE_URL is http:\/\/localhost:8080/,
    ])
      expect(problems.some((problem) => pattern.test(problem))).toBe(true);
    // The message is the list, one line per problem.
    expect((error as Error).message.split('\n')).toHaveLength(9);
  });

  it('asks for a frame-token key when none is set', async () => {
    const error = await productionServer({ frameTokenKey: undefined }).then(
      () => null,
      (caught: unknown) => caught as UnsafeProductionSettings,
    );
    // The test runner's environment has no FOYER_FRAME_TOKEN_KEY.
    if (process.env.FOYER_FRAME_TOKEN_KEY) return;
    expect(error?.problems).toEqual([expect.stringMatching(/^FOYER_FRAME_TOKEN_KEY is not set/)]);
  });

  it('starts with safe settings: the seeded services allow no local origin, and every answer sends HSTS', async () => {
    const { server: started, close } = await productionServer();
    try {
      const [demo] = await started.db.query<{ allowed_host_origins: unknown }>(
        "SELECT allowed_host_origins FROM services WHERE name = 'demo'",
      );
      expect(demo?.allowed_host_origins).toEqual([]);
      for (const url of ['/healthz', '/ic/api/service/demo', '/w/login?serviceName=demo', '/no-such-page']) {
        const answer = await started.app.inject({ method: 'GET', url });
        expect(answer.headers['strict-transport-security'], url).toBe(HSTS);
      }
    } finally {
      await close();
    }
  });

  it('takes an http public URL only when FOYER_ALLOW_HTTP_PUBLIC_URL says so, and sends no HSTS over http', async () => {
    const { server: started, close } = await productionServer({
      publicUrl: 'http://foyer.internal:8081',
      allowHttpPublicUrl: true,
    });
    try {
      const answer = await started.app.inject({ method: 'GET', url: '/healthz' });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await close();
    }
    expect(optionsFromEnv({ FOYER_ALLOW_HTTP_PUBLIC_URL: 'true' }).allowHttpPublicUrl).toBe(true);
    expect(optionsFromEnv({}).allowHttpPublicUrl).toBeUndefined();
  });

  it('reads the site URL from FOYER_SITE_URL, or the deprecated DEMO_SITE_URL, and asks for one', async () => {
    expect(optionsFromEnv({ FOYER_SITE_URL: 'https://news.example.com' }).siteUrl).toBe('https://news.example.com');
    expect(optionsFromEnv({ DEMO_SITE_URL: 'https://old.example.com' }).siteUrl).toBe('https://old.example.com');
    expect(
      optionsFromEnv({ FOYER_SITE_URL: 'https://news.example.com', DEMO_SITE_URL: 'https://old.example.com' }).siteUrl,
    ).toBe('https://news.example.com');
    const error = await productionServer({ siteUrl: undefined }).then(
      () => null,
      (caught: unknown) => caught as UnsafeProductionSettings,
    );
    // The test runner's environment sets no site URL.
    if (process.env.FOYER_SITE_URL || process.env.DEMO_SITE_URL) return;
    expect(error?.problems).toEqual([expect.stringMatching(/^FOYER_SITE_URL is not set/)]);
  });

  it('refuses a service stored earlier that allows a local origin', async () => {
    const target = await freshDatabase();
    // Two starts on one database: PGlite's in a folder (an in-memory one is new at each start).
    const folder = target.options.dataDir ? await mkdtemp(join(tmpdir(), 'foyer-production-')) : undefined;
    if (folder) target.options.dataDir = folder;
    try {
      // A development start on the same database stored the demo services with localhost.
      const development = await createServer({ ...target.options, frameTokenKey: STRONG_KEY });
      await development.db.query(
        `INSERT INTO services (name, realm_name, authentication_scheme_name, display_name, allowed_host_origins)
         VALUES ('old-shop', 'default', 'default', 'Old shop', '["http://127.0.0.1:3000"]')`,
      );
      await development.close();
      const error = await createServer({
        ...target.options,
        production: true,
        publicUrl: 'https://widgets.example.com',
        frameTokenKey: STRONG_KEY,
        paymentProviders: providersFromEnv({}),
        siteUrl: 'https://news.example.com',
      }).then(
        (started) => started.close().then(() => null),
        (caught: unknown) => caught as UnsafeProductionSettings,
      );
      expect(error?.problems).toEqual([
        expect.stringMatching(/^service old-shop allows .*127\.0\.0\.1:3000.*stored from an earlier start/),
      ]);
    } finally {
      await target.drop();
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it('tells weak frame-token keys from random ones', () => {
    for (const weak of [
      'a'.repeat(32),
      'a'.repeat(64),
      'abcdefghijkl'.repeat(4),
      'test-frame-token-key-of-32-characters-at-least',
      'k'.repeat(40),
      // 32 alphanumeric characters: about 190 bits.
      'Zx81kQ2mN7pL4vR9tY6wB3cD5fG0hJ1s',
      'short',
    ])
      expect(weakFrameTokenKey(weak), weak).not.toBeNull();
    for (let i = 0; i < 20; i += 1) {
      expect(weakFrameTokenKey(randomBytes(32).toString('base64'))).toBeNull();
      expect(weakFrameTokenKey(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakFrameTokenKey(randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it('knows the origins of this machine', () => {
    for (const local of [
      'http://localhost:*',
      'https://localhost',
      'http://app.localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:80',
    ])
      expect(isLocalOrigin(local), local).toBe(true);
    for (const remote of ['https://news.example.com', 'https://*.example.com', 'https://localhost.example.com'])
      expect(isLocalOrigin(remote), remote).toBe(false);
  });

  it('main.ts prints the problems, one a line, and exits 1', async () => {
    const script = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        FOYER_DATA_DIR: 'memory',
        FOYER_DEV_MAILBOX: 'true',
        FOYER_SEED_DEMO: 'true',
        FOYER_FRAME_TOKEN_KEY: TEST_FRAME_TOKEN_KEY,
        FOYER_CARD_PROVIDER: 'manual',
        PUBLIC_URL: 'http://127.0.0.1:8081',
        ...(process.env.FOYER_PGLITE_TEMPLATE_DIR
          ? { FOYER_PGLITE_TEMPLATE_DIR: process.env.FOYER_PGLITE_TEMPLATE_DIR }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toMatch(/Refusing to start with NODE_ENV=production: 7 unsafe settings/);
    expect(lines.slice(1).map((line) => line.split(':')[0])).toEqual([
      '- FOYER_DEV_MAILBOX is on',
      '- FOYER_SEED_DEMO is on',
      '- FOYER_CARD_PROVIDER=manual',
      '- FOYER_FRAME_TOKEN_KEY is a published example value',
      '- FOYER_SECRETS_KEY is not set',
      '- PUBLIC_URL is http',
      '- FOYER_SITE_URL is not set',
    ]);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('the server and static images allow no local origin and no http public URL by default', async () => {
    const read = (file: string) => readFile(fileURLToPath(new URL(`../../../docker/${file}`, import.meta.url)), 'utf8');
    const compose = await read('compose.yaml');
    expect(compose).not.toMatch(/PUBLIC_URL:\s*['"]?http:/);
    expect(compose).not.toMatch(/FRAME_ANCESTORS:\s*['"]?[^\n]*localhost/);
    expect(await read('Dockerfile.static')).not.toMatch(/FRAME_ANCESTORS=[^\n]*localhost/);
    expect(await read('Dockerfile.server')).toMatch(/NODE_ENV=production/);
  });
});
