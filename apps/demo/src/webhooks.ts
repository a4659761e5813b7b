/**
 * The demo site's webhook receiver (issue 26, docs/your-backend.md): `POST /webhooks/foyer`
 * verifies each delivery with the Standard Webhooks library and the endpoint's secret, and keeps
 * the verified ones in memory, deduplicated by `webhook-id` (a retry carries the same id), newest
 * first; `GET /webhooks.json` and the page `/webhooks` list them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { escapeHtml } from './html';

export interface Delivery {
  id: string;
  type: string;
  timestamp: string;
  receivedAt: string;
  data: unknown;
}

/** A demo keeps a page's worth; the oldest go first. */
const KEEP = 200;
const MAX_BODY = 1024 * 1024;

const json = (response: ServerResponse, status: number, body: unknown) =>
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function page(deliveries: readonly Delivery[]): string {
  const rows = deliveries
    .map(
      (d) =>
        `<tr><td>${escapeHtml(d.receivedAt)}</td><td><code>${escapeHtml(d.type)}</code></td><td><code>${escapeHtml(d.id)}</code></td><td><pre>${escapeHtml(JSON.stringify(d.data, null, 2))}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Webhooks received — Foyer demo site</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/demo.css" />
    <style>
      .table-scroll { overflow-x: auto; max-width: 100%; }
      table { border-collapse: collapse; }
      th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
      pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
    </style>
  </head>
  <body>
    <main>
      <h1>Webhooks received</h1>
      <p><a href="/">All demo pages</a> · <a href="/webhooks">Refresh</a> · <a href="/webhooks.json">As JSON</a></p>
      <p>Deliveries from the widgets server whose signature verified, newest first (the last ${KEEP}).</p>
      ${
        deliveries.length
          ? `<div class="table-scroll" role="region" aria-labelledby="deliveries-caption" tabindex="0">
        <table>
          <caption id="deliveries-caption">${deliveries.length} verified deliveries</caption>
          <thead><tr><th scope="col">Received</th><th scope="col">Event</th><th scope="col">Webhook id</th><th scope="col">Data</th></tr></thead>
          <tbody>
${rows}
          </tbody>
        </table>
      </div>`
          : '<p>None yet: register, buy a plan or cancel one, then refresh.</p>'
      }
    </main>
  </body>
</html>`;
}

/** Handles the receiver's routes; false for any other path. */
export function webhookRoutes(secret: string | undefined, now: () => Date = () => new Date()) {
  const deliveries: Delivery[] = [];
  const verifier = secret ? new Webhook(secret) : null;
  return (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    if (path === '/webhooks.json' && request.method === 'GET') {
      json(response, 200, { deliveries });
      return true;
    }
    if (path === '/webhooks' && request.method === 'GET') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page(deliveries));
      return true;
    }
    if (path !== '/webhooks/foyer') return false;
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return true;
    }
    if (!verifier) {
      json(response, 503, { error: 'The demo was started without a webhook secret (startDemo({ webhookSecret }))' });
      return true;
    }
    readBody(request).then(
      (body) => {
        if (!body) return json(response, 413, { error: 'Body too large' });
        const headers = {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        };
        let payload: { type?: unknown; timestamp?: unknown; data?: unknown };
        try {
          payload = verifier.verify(body, headers) as typeof payload;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError) && !(error instanceof SyntaxError)) throw error;
          return json(response, 400, { error: `Not verified: ${error.message}` });
        }
        const id = headers['webhook-id'];
        // A retry of a delivery already kept: acknowledged, not listed twice.
        if (!deliveries.some((d) => d.id === id)) {
          deliveries.unshift({
            id,
            type: String(payload?.type ?? ''),
            timestamp: String(payload?.timestamp ?? ''),
            receivedAt: now().toISOString(),
            data: payload?.data ?? null,
          });
          deliveries.length = Math.min(deliveries.length, KEEP);
        }
        response.writeHead(204).end();
      },
      () => json(response, 400, { error: 'Could not read the body' }),
    );
    return true;
  };
}
