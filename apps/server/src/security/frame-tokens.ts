/**
 * Frame tokens (issue 11, finding 7): a frame page (`/w/<widget>?serviceName=…`) is served with
 * `frame-ancestors` taken from one service's allowed host origins, and carries a token naming that
 * service, signed with the server's key (HMAC-SHA256) and valid for FRAME_TOKEN_LIFETIME_MS. The
 * frame sends it with every API call (FRAME_TOKEN_HEADER); http/frame-binding.ts refuses a call
 * whose token is missing, forged, expired or names another service than the call. So a host
 * page allowed for one service cannot steer the frame it embeds into calling another service.
 *
 * The token is not a secret: anyone may fetch a frame page and read it. It binds a frame, whose
 * code ignores host input for it, to the service its embedding was checked against.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A frame left open longer than this reloads before it can call again (a page reload mints a new one). */
export const FRAME_TOKEN_LIFETIME_MS = 12 * 60 * 60_000;
/** A key shorter than this (in bytes of its UTF-8 text) is refused at start-up. */
export const FRAME_TOKEN_KEY_MIN_LENGTH = 32;

const VERSION = 'f1';

function sign(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`, 'utf8').digest();
}

/** A fresh random key, for servers started without FOYER_FRAME_TOKEN_KEY outside production. */
export function randomFrameTokenKey(): Buffer {
  return randomBytes(32);
}

export function mintFrameToken(key: Buffer, serviceName: string, now: number): string {
  const payload = Buffer.from(
    JSON.stringify({ s: serviceName, e: Math.floor((now + FRAME_TOKEN_LIFETIME_MS) / 1000) }),
    'utf8',
  ).toString('base64url');
  return `${VERSION}.${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The service a token names, or null when it is malformed, not signed with `key`, or expired. */
export function verifyFrameToken(key: Buffer, token: string | undefined, now: number): string | null {
  if (!token || token.length > 1024) return null;
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signature || rest.length) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { s, e } = claims as { s?: unknown; e?: unknown };
  if (typeof s !== 'string' || !s || typeof e !== 'number' || e * 1000 <= now) return null;
  return s;
}
