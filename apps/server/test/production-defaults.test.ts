/**
 * A server started without demo options is safe to expose (issue 11, findings 1 and 9): no
 * readable outbox, no mail kept in the database, no demo account or catalogue.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../src/config';
import { createServer, type PreparedServer } from '../src/index';
import { addFrameTokens, DEMO, login, PUBLIC_URL, TEST_FRAME_TOKEN_KEY } from './helpers';

let server: PreparedServer;
const warnings: string[] = [];

beforeAll(async () => {
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
