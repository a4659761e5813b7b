import { callEndpoint, formatAuthorization, identityEndpoints, SSO_DOMAINS_HEADER } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index';
import { DEMO, frameTokenHeader, loginBody, TEST_FRAME_TOKEN_KEY } from './helpers';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

let server: RunningServer;
let schema: string | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    schema = `foyer_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    seedDemo: true,
    frameTokenKey: TEST_FRAME_TOKEN_KEY,
    ...(url && schema ? { databaseUrl: url, databaseSchema: schema } : { dataDir: 'memory' }),
  });
});
afterAll(async () => {
  await server.close();
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
});

describe('startServer', () => {
  it('listens on a free port and reports its URL', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
  });

  it('speaks the shared client: login, profile, refresh, logout over HTTP', async () => {
    const baseUrl = `${server.url}/ic/api`;
    // What the frame's client does: the header is built per call from the current session.
    const current: { sessionId?: string } = {};
    const options = {
      baseUrl,
      authorization: () => formatAuthorization({ serviceName: 'demo', sessionId: current.sessionId }),
      frameToken: Object.values(frameTokenHeader('demo'))[0],
    };

    const created = await callEndpoint(options, identityEndpoints.createSession, {
      body: loginBody(DEMO.email, DEMO.password),
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const sessionId = created.data.mainSession.sessionId;
    current.sessionId = sessionId;

    const profile = await callEndpoint(options, identityEndpoints.getUserProfile, {
      params: { id: created.data.guid },
      query: { serviceName: 'demo' },
    });
    expect(profile.ok && profile.data.state).toBe('ACTIVE');

    const refreshed = await callEndpoint(options, identityEndpoints.getSession, { params: { id: sessionId } });
    expect(refreshed.ok && refreshed.data.guid).toBe(created.data.guid);

    const loggedOut = await callEndpoint(options, identityEndpoints.deleteSession, { params: { id: sessionId } });
    expect(loggedOut).toMatchObject({ ok: true, data: undefined, status: 204 });
    // Issue 3: results carry the headers; logout names the SSO domains to sign out of: here only
    // this server's own origin, where its SSO cookie lives (issue 24).
    expect(loggedOut.ok && loggedOut.headers?.get(SSO_DOMAINS_HEADER)).toBe(new URL(server.url).origin);

    const again = await callEndpoint(options, identityEndpoints.deleteSession, { params: { id: sessionId } });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error).toMatchObject({ code: 'SESSION_NOT_FOUND', statusCode: 404 });
  });

  it('lets the widgets origin call the API cross-origin (CORS) with its real URL', async () => {
    const response = await fetch(`${server.url}/ic/api/service/demo`, {
      headers: { origin: server.url, ...frameTokenHeader('demo') },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe(server.url);
  });
});
