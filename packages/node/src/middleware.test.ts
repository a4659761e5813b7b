import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { foyerExpress, foyerFastify } from './index.js';
import { startTestIssuer, type TestIssuer } from './testing.js';

let foyer: TestIssuer;
beforeAll(async () => {
  foyer = await startTestIssuer({ audience: 'news' });
});
afterAll(() => foyer.close());
const guardOptions = () => ({ issuer: foyer.issuer, audience: 'news', require: 'digital' });

describe('foyerExpress', () => {
  it('answers 401 without a token, 403 without the entitlement, 200 with it', async () => {
    const app = express();
    app.get('/premium', foyerExpress(guardOptions()), (req, res) => {
      res.json({ reader: req.foyer?.accountId });
    });
    app.get('/open', foyerExpress({ issuer: foyer.issuer, audience: 'news' }), (req, res) => {
      res.json({ visitor: req.foyer });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = (path: string, token?: string) =>
        fetch(url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const none = await get('/premium');
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ error: 'missing' });
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
      const reader = await get('/premium', await foyer.sign({ entitlements: ['print-only'] }));
      expect(reader.status).toBe(403);
      expect(await reader.json()).toMatchObject({ error: 'not_entitled' });
      const subscriber = await get('/premium', await foyer.sign({ accountId: 'guid-9', entitlements: ['digital'] }));
      expect(subscriber.status).toBe(200);
      expect(await subscriber.json()).toEqual({ reader: 'guid-9' });
      const expired = await get('/premium', await foyer.sign({ entitlements: ['digital'], issuedAt: 1_000_000 }));
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ error: 'expired' });
      // Nothing required: the route runs, with no visitor for a bad token.
      const open = await get('/open', 'garbage');
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ visitor: null });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('foyerFastify', () => {
  it('answers 401 without a token, 403 without the entitlement, 200 with it', async () => {
    const app = Fastify();
    app.get('/premium', { preHandler: foyerFastify(guardOptions()) }, async (request) => ({
      reader: (request as { foyer?: { accountId: string } }).foyer?.accountId,
    }));
    const get = (token?: string) =>
      app.inject({ url: '/premium', headers: token ? { authorization: `Bearer ${token}` } : {} });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'missing' });
    const reader = await get(await foyer.sign({ entitlements: [] }));
    expect(reader.statusCode).toBe(403);
    const subscriber = await get(await foyer.sign({ accountId: 'guid-7', entitlements: ['digital'] }));
    expect(subscriber.statusCode).toBe(200);
    expect(subscriber.json()).toEqual({ reader: 'guid-7' });
    await app.close();
  });
});
