/**
 * A local stand-in for Disqus (demo and tests only: the demo host site is never a production
 * server). Disqus's embed script is served at /stand-ins/disqus/embed.js in place of
 * `https://<site>.disqus.com/embed.js`; the check Disqus's own servers make of a page's
 * `remote_auth_s3` is POST /stand-ins/disqus/session. That check follows Disqus's documented
 * single sign-on format on its own (it shares no code with the server that signs): the value is
 * `<base64 JSON message> <hex HMAC-SHA1 of "message timestamp"> <timestamp in seconds>`, signed
 * with the secret key of the site whose public key the page gives as `api_key`, and accepted for
 * two hours.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EMBED = join(dirname(fileURLToPath(import.meta.url)), '..', 'stand-ins', 'disqus-embed.js');
const MAX_AGE_MS = 2 * 60 * 60_000;

export interface DisqusStandInSite {
  publicKey: string;
  secretKey: string;
}

export interface DisqusUser {
  id: string;
  username: string;
  email?: string;
}

export type SessionAnswer = { user: DisqusUser } | { user: null; reason: string };

/** Who Disqus would sign in for this `api_key` and `remote_auth_s3` (reason: why nobody). */
export function checkRemoteAuth(
  sites: readonly DisqusStandInSite[],
  apiKey: string,
  remoteAuth: string,
  now: number,
): SessionAnswer {
  if (!remoteAuth) return { user: null, reason: 'guest' };
  const site = sites.find((candidate) => candidate.publicKey === apiKey);
  if (!site) return { user: null, reason: 'unknown api_key' };
  const [message = '', signature = '', timestamp = ''] = remoteAuth.split(' ');
  if (!/^\d+$/.test(timestamp) || !/^[0-9a-f]{40}$/.test(signature)) return { user: null, reason: 'malformed' };
  const expected = createHmac('sha1', site.secretKey).update(`${message} ${timestamp}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { user: null, reason: 'bad signature' };
  if (now - Number(timestamp) * 1000 > MAX_AGE_MS) return { user: null, reason: 'expired' };
  try {
    const user = JSON.parse(Buffer.from(message, 'base64').toString('utf8')) as Partial<DisqusUser>;
    if (typeof user.id !== 'string' || typeof user.username !== 'string') return { user: null, reason: 'no user' };
    return { user: { id: user.id, username: user.username, ...(user.email ? { email: user.email } : {}) } };
  } catch {
    return { user: null, reason: 'malformed' };
  }
}

/** Answers the stand-in's two addresses; false for any other request. */
export function serveDisqusStandIn(
  sites: readonly DisqusStandInSite[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): boolean {
  if (path === '/stand-ins/disqus/embed.js' && request.method === 'GET') {
    readFile(EMBED, 'utf8').then(
      (script) =>
        response
          .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
          .end(script),
      () => response.writeHead(500).end(),
    );
    return true;
  }
  if (path === '/stand-ins/disqus/session' && request.method === 'POST') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 16_384) request.destroy();
    });
    request.on('end', () => {
      let fields: { api_key?: unknown; remote_auth_s3?: unknown } = {};
      try {
        fields = JSON.parse(body) as typeof fields;
      } catch {
        // Answered as a guest below.
      }
      const answer = checkRemoteAuth(
        sites,
        typeof fields.api_key === 'string' ? fields.api_key : '',
        typeof fields.remote_auth_s3 === 'string' ? fields.remote_auth_s3 : '',
        Date.now(),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    return true;
  }
  return false;
}
