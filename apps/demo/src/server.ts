/**
 * The demo host site: plain static pages on their own origin, each using the Foyer snippet
 * exactly as a site owner would. The only thing the server does to a page is write the widgets
 * server's URL into `{{WIDGETS_URL}}`, so tests can run the stack on free ports.
 */
import { createServer, type Server } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDisqusStandIn, type DisqusStandInSite } from './disqus-stand-in';
import { premiumServerRoutes } from './premium-server';
import { webhookRoutes } from './webhooks';

const PAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'pages');
const ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');

/**
 * What every page shares, one file each instead of a copy per page: the stylesheet (with the
 * widgets' reserved heights), the event log and the async-snippet stub.
 */
const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  '/demo.css': { file: 'demo.css', type: 'text/css; charset=utf-8' },
  '/event-log.js': { file: 'event-log.js', type: 'text/javascript; charset=utf-8' },
  '/foyer-stub.js': { file: 'foyer-stub.js', type: 'text/javascript; charset=utf-8' },
};

export interface DemoOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Interface to listen on; `localhost` keeps the demo on the `http://localhost:<port>` origin. */
  host?: string;
  /**
   * Origin (and base path) of the widgets server, e.g. http://127.0.0.1:8081; a function when the
   * widgets server starts after the demo (it needs the demo's URL for the links in its mail).
   */
  widgetsUrl: string | (() => string);
  /** The Disqus sites the comment stand-in knows (their keys, as the widgets server's seed has them). */
  disqusSites?: readonly DisqusStandInSite[];
  /**
   * The signing secret (`whsec_…`) of the demo service's webhook endpoint `<demo>/webhooks/foyer`
   * (the widgets server's `demoWebhookSecret`); without it the receiver answers 503.
   */
  webhookSecret?: string;
  /** The service the demo is (the visitor tokens' audience); default 'demo'. */
  serviceName?: string;
  /**
   * How long an idle kept-alive connection stays open (Node's keepAliveTimeout; Node's 5 s when
   * unset). The demo stack gives the widgets server's (FOYER_IDLE_TIMEOUT_MS): the e2e suite's API
   * contexts call both and keep idle connections until their test ends (issue 29).
   */
  idleTimeoutMs?: number;
}

export interface RunningDemo {
  url: string;
  close(): Promise<void>;
}

/** Page names are plain words: nothing else is served, so no path tricks reach the disk. */
const PAGE_NAME = /^[a-z0-9-]+$/;

export async function listPages(): Promise<string[]> {
  const files = await readdir(PAGES_DIR);
  return files.filter((file) => file.endsWith('.html')).map((file) => file.slice(0, -'.html'.length));
}

export async function startDemo({
  port = 8080,
  host = 'localhost',
  widgetsUrl,
  disqusSites = [],
  webhookSecret,
  serviceName = 'demo',
  idleTimeoutMs,
}: DemoOptions): Promise<RunningDemo> {
  const widgets = () => (typeof widgetsUrl === 'function' ? widgetsUrl() : widgetsUrl).replace(/\/$/, '');
  // The site's own backend (docs/your-backend.md): the server-side paywall and the webhook list.
  const backendRoutes = [premiumServerRoutes({ widgets, serviceName }), webhookRoutes(webhookSecret)];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://demo').pathname;
    const name = path === '/' ? 'index' : path.replace(/^\//, '').replace(/\.html$/, '');
    if (serveDisqusStandIn(disqusSites, request, response, path)) return;
    if (backendRoutes.some((route) => route(request, response, path))) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const asset = Object.hasOwn(ASSETS, path) ? ASSETS[path] : undefined;
    if (asset) {
      readFile(join(ASSETS_DIR, asset.file)).then(
        (body) => response.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' }).end(body),
        () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
      );
      return;
    }
    if (!PAGE_NAME.test(name)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(join(PAGES_DIR, `${name}.html`), 'utf8').then(
      (html) => {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(html.replaceAll('{{WIDGETS_URL}}', widgets()));
      },
      () => {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      },
    );
  });
  if (idleTimeoutMs !== undefined) server.keepAliveTimeout = idleTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
