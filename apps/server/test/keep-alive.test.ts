/**
 * Keep-alive without resets (issue 29), over real sockets: a client that sends a request on a
 * kept-alive connection just as the server closes it for idleness gets ECONNRESET. The clients
 * Foyer ships never do: fetch (the load scripts, the e2e support's fetches, @foyer/node) and
 * node:http agents with a timeout follow the server's shorter announcement (http/keep-alive.ts);
 * Playwright's API contexts, which keep idle connections with no timeout, live shorter than the
 * e2e stack's idle timeout (e2e/support/stack.ts).
 *
 * No luck in the timing: each client sends one request, then its second one exactly when the
 * server-side socket of the first is done — either in the server's own idle-timeout event, right
 * after the server destroyed the socket and before the client's event loop can have read the FIN
 * (the race, forced), or when the client itself closed the idle connection first. A client that
 * still holds the connection at the server's close sends into it and is reset; a client that
 * follows the server's announcement has dropped it, and its second request opens a new one.
 * Timers fire in the order they expire, so even a stalled event loop keeps that order.
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { FoyerTokenError, verifyFoyerToken } from '@foyer/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeoutsFrom } from '../src/config';
import { announcedKeepAliveSeconds } from '../src/http/keep-alive';
import type { PreparedServer } from '../src/index';
import { testServer } from './helpers';

/**
 * Announced as timeout=2 (Node's own header would say 3): a client reading it keeps an idle
 * connection 1 s (node:http) or not at all (undici).
 */
const IDLE_MS = 3_000;

let server: PreparedServer;
let base = '';
/** The server-side socket of each client's last request (`?client=` names it). */
const socketOf = new Map<string, Socket>();

beforeAll(async () => {
  server = await testServer({ seed: false, timeouts: { idleMs: IDLE_MS } });
  server.app.server.on('request', (incoming: { url?: string; socket: Socket }) => {
    const client = new URL(incoming.url ?? '/', 'http://x').searchParams.get('client');
    if (client) socketOf.set(client, incoming.socket);
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

type Answer = { status: number; keepAlive: string | null } | { error: string };
type Send = (url: string) => Promise<Answer>;

/** A node:http agent that keeps idle connections until the server closes them, reading no Keep-Alive header. */
class NoIdleTimeoutAgent extends Agent {
  override keepSocketAlive(socket: Socket): boolean {
    socket.setKeepAlive(true, 1_000);
    socket.unref();
    socket.setTimeout(0);
    return true;
  }
}

/** GET through a node:http agent, as Playwright's API contexts and Node's global agent send. */
const viaAgent =
  (agent: Agent): Send =>
  (url) =>
    new Promise((resolve) => {
      const outgoing = request(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            keepAlive: String(response.headers['keep-alive'] ?? '') || null,
          }),
        );
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      outgoing.end();
    });

/** GET through Node's fetch (undici), as the load scripts, the e2e support and @foyer/node send. */
const viaFetch: Send = async (url) => {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return { status: response.status, keepAlive: response.headers.get('keep-alive') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? String(error) };
  }
};

/**
 * @foyer/node's key fetch (createRemoteJWKSet over fetch), as a site's backend makes it: a token
 * naming an unknown key makes it fetch the server's JWKS — from a new URL each time, so that its
 * cache does not answer — and refuse the token (unknown_key); a reset would be `jwks_unavailable`.
 */
const viaFoyerNode = (): Send => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = `${part({ alg: 'ES256', kid: 'not-published' })}.${part({ sub: 'x' })}.${Buffer.alloc(64).toString('base64url')}`;
  let fetches = 0;
  return async (url) => {
    fetches += 1;
    const jwksUrl = `${url.replace('/healthz', '/.well-known/jwks.json')}&n=${fetches}`;
    const refused = await verifyFoyerToken(token, { issuer: base, audience: 'demo', jwksUrl }).then(
      () => 'accepted',
      (error: unknown) => (error instanceof FoyerTokenError ? error.code : String(error)),
    );
    return refused === 'unknown_key' ? { status: 200, keepAlive: null } : { error: refused };
  };
};

/**
 * One request, then a second one at the end of the first one's connection: `server` when the
 * server closed it for idleness (sent from within that event, before the client could notice),
 * `client` when the client closed it first.
 */
async function secondAtIdleClose(
  client: string,
  send: Send,
): Promise<{ first: Answer; closedBy: 'server' | 'client'; second: Answer }> {
  const url = `${base}/healthz?client=${client}`;
  const first = await send(url);
  const socket = socketOf.get(client)!;
  expect(socket.destroyed && !socket.writable, 'the connection is still open after the first answer').toBe(false);
  const { closedBy, second } = await new Promise<{ closedBy: 'server' | 'client'; second: Promise<Answer> }>(
    (resolve) => {
      let fired = false;
      const fire = (closedBy: 'server' | 'client') => {
        if (fired) return;
        fired = true;
        resolve({ closedBy, second: send(url) });
      };
      // The server's listener (socketOnTimeout, added when the connection came) runs first and
      // destroys the socket; this one runs right after, in the same turn of the event loop.
      socket.once('timeout', () => fire('server'));
      socket.once('close', () => fire('client'));
    },
  );
  return { first, closedBy, second: await second };
}

describe('keep-alive against the idle timeout', () => {
  it('reads FOYER_IDLE_TIMEOUT_MS and announces 80 % of it, in whole seconds', () => {
    expect(timeoutsFrom({}, {}).idleMs).toBe(75_000);
    expect(announcedKeepAliveSeconds(75_000)).toBe(60);
    expect(announcedKeepAliveSeconds(900_000)).toBe(720);
    expect(announcedKeepAliveSeconds(IDLE_MS)).toBe(2);
    expect(announcedKeepAliveSeconds(2_500)).toBe(2);
    expect(announcedKeepAliveSeconds(1_000)).toBe(0);
  });

  describe.concurrent('a second request at the end of an idle connection', () => {
    it('resets a client that keeps idle connections with no timeout (Playwright API contexts): the race', async () => {
      // Playwright's APIRequestContext uses `new Agent({ keepAlive: true })`, and Node (20) reads
      // the Keep-Alive header only to shorten an agent's own timeout: with none, the connection
      // stays in the pool until the server closes it. This agent does so on any Node version.
      const agent = new NoIdleTimeoutAgent({ keepAlive: true });
      try {
        const { first, closedBy, second } = await secondAtIdleClose('no-timeout-agent', viaAgent(agent));
        expect(first).toEqual({ status: 200, keepAlive: 'timeout=2' });
        expect(closedBy).toBe('server');
        expect(second).toEqual({ error: 'ECONNRESET' });
      } finally {
        agent.destroy();
      }
    });

    it('never resets a node:http agent with an idle timeout of its own (Node’s global agent): it follows the announcement', async () => {
      const agent = new Agent({ keepAlive: true, timeout: 5_000 });
      try {
        const { first, closedBy, second } = await secondAtIdleClose('timeout-agent', viaAgent(agent));
        expect(first).toEqual({ status: 200, keepAlive: 'timeout=2' });
        expect(closedBy).toBe('client');
        expect(second).toMatchObject({ status: 200 });
      } finally {
        agent.destroy();
      }
    });

    it('never resets a client with no idle timeout whose pauses stay shorter than the server’s (the e2e stack)', async () => {
      // The e2e API contexts live as long as their test, and the e2e stack's idle timeout is longer
      // than any test: the connection is reused, and the server never closes it under them.
      const agent = new Agent({ keepAlive: true });
      try {
        const send = viaAgent(agent);
        const url = `${base}/healthz?client=short-pause`;
        expect(await send(url)).toMatchObject({ status: 200 });
        const socket = socketOf.get('short-pause');
        // A pause of a tenth of the idle timeout: this timer expires, and the request is written,
        // before the server's idle timer expires.
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 10));
        expect(await send(url)).toMatchObject({ status: 200 });
        expect(socketOf.get('short-pause'), 'the second request reused the connection').toBe(socket);
      } finally {
        agent.destroy();
      }
    });

    it('never resets fetch (undici): it follows the announcement', async () => {
      const { first, closedBy, second } = await secondAtIdleClose('fetch', viaFetch);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=2' });
      expect(closedBy).toBe('client');
      expect(second).toMatchObject({ status: 200 });
    });

    it('never resets @foyer/node’s key fetch', async () => {
      const { first, closedBy, second } = await secondAtIdleClose('foyer-node', viaFoyerNode());
      expect(first).toMatchObject({ status: 200 });
      expect(closedBy).toBe('client');
      expect(second).toMatchObject({ status: 200 });
    });
  });
});
