/**
 * PostgreSQL freezes (SIGSTOP: connections stay open, nothing answers): every request answers 503
 * with Retry-After within 5 s instead of hanging for as long as the freeze lasts, and once the
 * database is back the server serves normally within a couple of seconds, without a restart.
 * The freeze is a TCP proxy that stops forwarding (tcp-proxy.ts). Needs a real PostgreSQL
 * (DATABASE_URL); skipped on PGlite, which runs inside the server's own process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { DEMO, login, testServer } from '../helpers';
import { freezableProxy, type FreezableProxy } from './tcp-proxy';

const ANSWER_WITHIN_MS = 5_000;

describe.skipIf(!process.env.DATABASE_URL)('a frozen PostgreSQL', () => {
  let proxy: FreezableProxy;
  let server: PreparedServer;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await freezableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await testServer({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    proxy?.thaw();
    await server?.close();
    await proxy?.close();
  });

  /** Answers and how long each took. */
  async function timed(requests: (() => Promise<{ statusCode: number; headers: Record<string, unknown> }>)[]) {
    return Promise.all(
      requests.map(async (request) => {
        const started = performance.now();
        const response = await request();
        return {
          status: response.statusCode,
          retryAfter: response.headers['retry-after'],
          ms: performance.now() - started,
        };
      }),
    );
  }

  const ready = () => server.app.inject({ method: 'GET', url: '/readyz' });
  const loginDemo = () => login(server, DEMO.email, DEMO.password);

  it('answers 503 with Retry-After within 5 s while frozen, and serves again right after', async () => {
    expect((await loginDemo()).statusCode).toBe(200);
    proxy.freeze();
    try {
      // Pooled connections that hang, then (the pool emptied by their failures) new connections
      // that never finish their handshake.
      for (const wave of [1, 2]) {
        const answers = await timed([ready, loginDemo, loginDemo, loginDemo]);
        for (const answer of answers) {
          expect(answer, `wave ${wave}`).toMatchObject({ status: 503, retryAfter: '5' });
          expect(answer.ms, `wave ${wave}`).toBeLessThan(ANSWER_WITHIN_MS);
        }
      }
      // Liveness does not wait for the database.
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      proxy.thaw();
    }
    const [readyAgain, loginAgain] = await timed([ready, loginDemo]);
    expect(readyAgain).toMatchObject({ status: 200 });
    expect(loginAgain).toMatchObject({ status: 200 });
    expect(Math.max(readyAgain!.ms, loginAgain!.ms)).toBeLessThan(2_000);
  }, 30_000);
});
