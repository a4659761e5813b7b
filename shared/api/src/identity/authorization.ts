/**
 * The authorization header of the identity spec §6: the service name plus the session id (the
 * secure session id in secure mode). Requests never rely on cookies, which browsers block for
 * third-party frames.
 */
const SCHEME = 'Evolok';

export interface Authorization {
  serviceName: string;
  sessionId?: string | undefined;
}

export function formatAuthorization({ serviceName, sessionId }: Authorization): string {
  const parts = [`evolok.api.service=${serviceName}`];
  if (sessionId) parts.push(`evolok.api.sessionId=${sessionId}`);
  return `${SCHEME} ${parts.join(',')}`;
}

export function parseAuthorization(header: string | undefined): Authorization | null {
  if (!header || !header.startsWith(`${SCHEME} `)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(SCHEME.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const serviceName = fields.get('evolok.api.service');
  if (!serviceName) return null;
  return { serviceName, sessionId: fields.get('evolok.api.sessionId') || undefined };
}
