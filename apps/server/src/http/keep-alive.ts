/**
 * Keep-alive without resets (issue 29). A client that sends a request on a kept-alive connection
 * at the moment the server closes it for idleness gets ECONNRESET (or "socket hang up"): the
 * request never reached the server, but the client cannot know that, and a POST is not retried.
 * The only cure is that the client stops reusing an idle connection before the server closes it.
 *
 * So the server keeps an idle connection open for the idle timeout (FOYER_IDLE_TIMEOUT_MS, Node's
 * keepAliveTimeout) but announces less in `Keep-Alive: timeout=N`: 80 % of it, in whole seconds
 * (75 s kept, 60 s announced). Clients that read the header give up before N: Node's http.Agent
 * with a timeout of its own at N - 1 s, undici (Node's fetch) at N - 2 s; so they stop reusing an
 * idle connection at least 15 s before the server closes it at the default, far beyond any pause
 * of a busy event loop. Below 2.5 s of idle timeout the announcement is 0 or 1 s, and both
 * clients then do not reuse the connection at all.
 *
 * Node's own announcement is the keepAliveTimeout itself, a margin of 1 to 2 s at best: too thin on
 * a loaded machine (issue 29's `apiRequestContext.post: read ECONNRESET`). Clients that keep idle
 * connections with no timeout at all — Node's http.Agent({ keepAlive: true }), Playwright's API
 * contexts — ignore the header altogether (Node reads it only to shorten an agent's own timeout)
 * and can always meet the race; ours live less long than the server's idle timeout
 * (e2e/support/stack.ts).
 */
import type { FastifyInstance } from 'fastify';

/** The `Keep-Alive: timeout=` the server announces for an idle timeout: 80 %, in whole seconds. */
export function announcedKeepAliveSeconds(idleMs: number): number {
  return Math.floor((idleMs * 0.8) / 1000);
}

/**
 * Announces announcedKeepAliveSeconds(idleMs) on every response that keeps its connection open
 * (a Keep-Alive header set here replaces Node's own). Before fastify's handler, on the raw server,
 * so that every answer carries it, the ones fastify writes itself (404, errors) included.
 */
export function announceKeepAlive(app: FastifyInstance, idleMs: number): void {
  const value = `timeout=${announcedKeepAliveSeconds(idleMs)}`;
  app.server.prependListener('request', (_request, response) => {
    if (response.shouldKeepAlive) response.setHeader('keep-alive', value);
  });
}
