/**
 * The demo's server-side paywall (issue 26): `/premium-server/<article>` sends the teaser and the
 * paywall widget only — the premium text is never in that response, so curl or a page without
 * JavaScript cannot read it. The page's script asks `Foyer.getToken()` and fetches
 * `/premium-server/<article>/content` with the token; that route answers the premium HTML only
 * for a token `@foyer/node` verifies and that carries one of the products the demo's paywall
 * segments require.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { foyerExpress } from '@foyer/node';
import { escapeHtml } from './html';
import { ARTICLES } from './premium-articles';

/** What the demo service's paywall segments require (apps/server/src/seed-config.ts, `entitledProducts`). */
export const PREMIUM_PRODUCTS = ['demo-digital', 'demo-print', 'demo-bundle'] as const;

const ROUTE = /^\/premium-server\/([a-z0-9-]+)(\/content)?$/;

function page(slug: string, widgets: string): string {
  const article = ARTICLES[slug]!;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(article.title)} — Foyer demo site</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/demo.css" />
    <script src="/foyer-stub.js"></script>
  </head>
  <body>
    <main>
      <article>
        <h1>${escapeHtml(article.title)}</h1>
        <p><a href="/">All demo pages</a> · rendered by the demo's own server</p>
        <p>${escapeHtml(article.teaser)}</p>
        <div id="premium-body" aria-live="polite"></div>
        <div data-foyer-widget="paywall" data-group-name="demo" data-article-id="server-${slug}"></div>
      </article>
      <section aria-labelledby="subscribers">
        <h2 id="subscribers">Subscribers</h2>
        <div data-foyer-widget="login"></div>
      </section>
    </main>
    <script>
      // The premium text comes from this site's server, which checks the visitor token itself.
      var body = document.getElementById('premium-body');
      function load() {
        if (typeof window.Foyer.getToken !== 'function') return; // the loader has not arrived yet
        window.Foyer.getToken()
          .then(function (token) {
            if (!token) return null;
            return fetch(location.pathname + '/content', { headers: { authorization: 'Bearer ' + token } });
          })
          .then(function (response) {
            if (response && response.ok) return response.text();
            return '';
          })
          .then(function (html) {
            body.innerHTML = html;
            body.setAttribute('data-state', html ? 'premium' : 'teaser');
          })
          .catch(function () {
            body.setAttribute('data-state', 'teaser');
          });
      }
      ['login.success', 'session.refresh', 'logout.action', 'session.expired', 'payment.success'].forEach(function (name) {
        window.addEventListener('foyer:' + name, load);
      });
    </script>
    <script async src="${escapeHtml(widgets)}/loader.js" onload="load()"></script>
  </body>
</html>`;
}

/** Handles `/premium-server/…`; false for any other path. */
export function premiumServerRoutes(options: { widgets: () => string; serviceName: string }) {
  return (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    const match = ROUTE.exec(path);
    if (!match) return false;
    const slug = match[1]!;
    if (!Object.hasOwn(ARTICLES, slug) || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return true;
    }
    if (!match[2]) {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page(slug, options.widgets()));
      return true;
    }
    // The issuer is the widgets origin, read per request: the demo may start before the widgets server.
    const guard = foyerExpress({ issuer: options.widgets(), audience: options.serviceName, require: PREMIUM_PRODUCTS });
    guard(request, response, (error) => {
      if (error) return void response.writeHead(500, { 'content-type': 'text/plain' }).end('Error');
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'private, no-store',
          vary: 'authorization',
        })
        .end(ARTICLES[slug]!.body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'));
    });
    return true;
  };
}
