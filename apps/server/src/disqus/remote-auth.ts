/**
 * Disqus single sign-on (the comment-system bridge, identity spec §4): the `remote_auth_s3` value
 * Disqus's embed reads, in Disqus's documented format — `<message> <signature> <timestamp>`, where
 * the message is the base64 of the user JSON (`id`, `username`, `email`), the timestamp is in
 * seconds, and the signature is the hex HMAC-SHA1 of `<message> <timestamp>` under the site's
 * secret key. Disqus accepts a payload for two hours after its timestamp.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { openSecret } from '../security/secret-box';

export const DISQUS_TOKEN_LIFETIME_MS = 2 * 60 * 60_000;

export interface DisqusUser {
  id: string;
  username: string;
  email: string;
}

export function signRemoteAuth(secretKey: string, user: DisqusUser, now: number): string {
  const message = Buffer.from(JSON.stringify(user), 'utf8').toString('base64');
  const timestamp = Math.floor(now / 1000);
  const signature = createHmac('sha1', secretKey).update(`${message} ${timestamp}`).digest('hex');
  return `${message} ${signature} ${timestamp}`;
}

/** What Disqus does with the value: the user when the signature holds and it is not too old. */
export function verifyRemoteAuth(secretKey: string, token: string, now: number): DisqusUser | null {
  const [message, signature, timestamp] = token.split(' ');
  if (!message || !signature || !timestamp || !/^\d+$/.test(timestamp)) return null;
  const expected = createHmac('sha1', secretKey).update(`${message} ${timestamp}`).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (now - Number(timestamp) * 1000 > DISQUS_TOKEN_LIFETIME_MS) return null;
  try {
    return JSON.parse(Buffer.from(message, 'base64').toString('utf8')) as DisqusUser;
  } catch {
    return null;
  }
}

export async function findDisqusSite(
  db: Db,
  site: string,
): Promise<{ serviceName: string; publicKey: string; secretKey: string } | null> {
  const [row] = await db.query<{ service_name: string; public_key: string; secret_key: string }>(
    'SELECT service_name, public_key, secret_key FROM disqus_sites WHERE site = $1',
    [site],
  );
  return row
    ? { serviceName: row.service_name, publicKey: row.public_key, secretKey: openSecret(row.secret_key) }
    : null;
}
