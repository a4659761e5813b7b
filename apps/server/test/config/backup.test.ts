/**
 * Backups of the embedded database (issue 27): `db backup` dumps a PGlite data folder with an
 * account and an order; `db restore` loads it into a new folder (and refuses a non-empty one); a
 * server started on the restored folder answers with that account and that order.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAuthorization, orderSchema, paymentPageSchema, type SessionResponse } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli';
import { createServer, type PreparedServer } from '../../src/index';
import { providersFromEnv } from '../../src/widget/providers';
import { addFrameTokens, DEMO, loginBody, TEST_FRAME_TOKEN_KEY } from '../helpers';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-backup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  const lines: string[] = [];
  const code = await runCli(args, { print: (line) => lines.push(line) });
  return { code, lines };
}

async function serverOn(dataDir: string): Promise<PreparedServer> {
  const server = await createServer({
    dataDir,
    databaseUrl: undefined,
    seedDemo: true,
    jobWorkers: false,
    devMailbox: true,
    paymentProviders: providersFromEnv({ FOYER_CARD_PROVIDER: 'manual' }),
    frameTokenKey: TEST_FRAME_TOKEN_KEY,
    frameDist: join(tmpdir(), 'foyer-no-frame-dist'),
    loaderDist: join(tmpdir(), 'foyer-no-loader-dist'),
  });
  addFrameTokens(server);
  return server;
}

async function login(server: PreparedServer): Promise<SessionResponse> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ic/api/session',
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }) },
    payload: loginBody(DEMO.email, DEMO.password),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionResponse>();
}

describe('db backup and db restore (PGlite)', () => {
  it('restores an account and its order into a new folder, readable through the server', async () => {
    const original = join(dir, 'original');
    const backup = join(dir, 'foyer.tar.gz');
    const server = await serverOn(original);
    let guid: string;
    let orderId: string;
    try {
      const session = await login(server);
      guid = session.guid;
      const placed = await server.app.inject({
        method: 'POST',
        url: `/pm/api/widget/order?ev_ss=${session.mainSession.sessionId}`,
        payload: { orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], paymentType: 'CARD' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      orderId = orderSchema.parse(placed.json()).id;
      // While the server holds the folder, the CLI cannot open it.
      expect((await cli(['db', 'backup', join(dir, 'early.tar.gz'), '--data-dir', original])).code).toBe(1);
    } finally {
      await server.close();
    }
    const made = await cli(['db', 'backup', backup, '--data-dir', original]);
    expect(made.code, made.lines.join('\n')).toBe(0);

    // A folder that holds anything is refused, and left as it was.
    const occupied = join(dir, 'occupied');
    await mkdir(occupied);
    await writeFile(join(occupied, 'notes.txt'), 'keep me');
    const refused = await cli(['db', 'restore', backup, '--data-dir', occupied]);
    expect(refused.code).toBe(1);
    expect(refused.lines.join('\n')).toMatch(/not empty/);
    expect(await readdir(occupied)).toEqual(['notes.txt']);

    const restored = join(dir, 'restored');
    const loaded = await cli(['db', 'restore', backup, '--data-dir', restored]);
    expect(loaded.code, loaded.lines.join('\n')).toBe(0);
    const again = await serverOn(restored);
    try {
      const session = await login(again);
      // The same account (the seed did not make a new one) and its order, as the server answers it.
      expect(session.guid).toBe(guid);
      const order = await again.app.inject({
        method: 'GET',
        url: `/pm/api/widget/payment/${orderId}?ev_ss=${session.mainSession.sessionId}`,
      });
      expect(order.statusCode, order.body).toBe(200);
      expect(paymentPageSchema.parse(order.json())).toMatchObject({
        orderId,
        orderStatus: 'CREATED',
        total: { amount: 499, currency: 'EUR' },
      });
    } finally {
      await again.close();
    }
  });
});
