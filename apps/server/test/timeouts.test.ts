/**
 * Stalled clients are cut off: unfinished headers after the headers timeout, an unfinished body
 * after the request timeout, a silent connection after the idle timeout — over real sockets.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeoutsFrom } from '../src/config';
import type { PreparedServer } from '../src/index';
import { testServer } from './helpers';

let server: PreparedServer;
let port = 0;
beforeAll(async () => {
  server = await testServer({ seed: false, timeouts: { headersMs: 400, requestMs: 800, idleMs: 1_200 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server.close());

/** Opens a socket, writes `data`, and resolves with the time until the server closed it and what it answered. */
function stall(data: string): Promise<{ closedAfterMs: number; answer: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, answer, socket }));
    setTimeout(() => reject(new Error('the server kept a stalled connection open')), 10_000).unref();
  });
}

describe('server timeouts', () => {
  it('reads them from the environment, in milliseconds', () => {
    expect(timeoutsFrom({}, {})).toEqual({ headersMs: 10_000, requestMs: 30_000, idleMs: 75_000 });
    expect(
      timeoutsFrom(
        {},
        { FOYER_HEADERS_TIMEOUT_MS: '5000', FOYER_REQUEST_TIMEOUT_MS: '2000', FOYER_IDLE_TIMEOUT_MS: '9' },
      ),
    ).toEqual({ headersMs: 2_000, requestMs: 2_000, idleMs: 9 });
    expect(() => timeoutsFrom({}, { FOYER_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/FOYER_REQUEST_TIMEOUT_MS/);
  });

  it('closes connections whose headers never finish (many at once)', async () => {
    const stalled = await Promise.all(
      Array.from({ length: 50 }, () => stall('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')),
    );
    for (const { closedAfterMs } of stalled) expect(closedAfterMs).toBeLessThan(3_000);
    expect(stalled[0]!.answer).toMatch(/^HTTP\/1.1 408/);
  });

  it('closes a request whose body never finishes', async () => {
    const { closedAfterMs } = await stall(
      'POST /ic/api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"realmName":',
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('closes a connection that never sends anything', async () => {
    const { closedAfterMs } = await stall('');
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('still answers a prompt request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
