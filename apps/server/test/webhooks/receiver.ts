/**
 * A site's backend for the webhook tests: a local HTTP server on a free port that keeps every
 * request it gets and answers 500 to the first `failFirst` tries of each webhook-id.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How many tries of each webhook-id fail (500) before one succeeds. */
  failFirst: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const tries = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    received: [],
    failFirst: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const seen = (tries.get(id) ?? 0) + 1;
      tries.set(id, seen);
      const status = seen <= receiver.failFirst ? 500 : 204;
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** A Standard Webhooks secret: whsec_ + base64 of 24 random bytes. */
export function webhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
}
