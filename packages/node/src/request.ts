import type { IncomingHttpHeaders } from 'node:http';

/**
 * The token a request carries: `Authorization: Bearer <token>`, else the cookie `cookie` if the
 * site keeps the token in one of its own cookies; null when there is none.
 */
export function tokenFromHeaders(headers: IncomingHttpHeaders, cookie?: string): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (bearer) return bearer[1]!;
  if (!cookie || !headers.cookie) return null;
  for (const pair of headers.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === cookie) {
      const value = pair.slice(at + 1).trim();
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return value || null;
      }
    }
  }
  return null;
}
