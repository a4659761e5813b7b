/**
 * What the request log may show of a URL: secrets in paths (session ids, seamless sign-in tokens,
 * reset and activation keys) and every query value outside a short list of harmless ones (`ev_ss`,
 * e-mail addresses of forgot password and identifier search, keys of mailed links) are replaced by
 * `[redacted]`. OWASP Logging Cheat Sheet: never log session ids, keys or personal data.
 */
import { APP_NAME_HEADER } from '@foyer/api';
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters whose values are never secret nor personal. */
const SHOWN_QUERY = new Set(['serviceName', 'realm', 'realmName', 'product', 'showHidden', 'displayOn', 'segments']);

/** `prefix/<secret>`: the segment after these is a secret, unless it is one of the named routes. */
const SECRET_SEGMENT_AFTER: readonly { segment: string; except: readonly string[] }[] = [
  { segment: 'session', except: ['sso_logout.gif'] },
  { segment: 'resetAttributeWorkflow', except: [] },
  { segment: 'userProfileActivationWorkflow', except: ['resendByIdentifiers'] },
];

function redactPath(path: string): string {
  const segments = path.split('/');
  for (let index = 0; index < segments.length - 1; index += 1) {
    const rule = SECRET_SEGMENT_AFTER.find((candidate) => candidate.segment === segments[index]);
    // `/userProfile/resetAttributeWorkflow/<scheme>` names a scheme, not a key.
    if (!rule || (rule.segment === 'resetAttributeWorkflow' && segments[index - 1] === 'userProfile')) continue;
    const next = segments[index + 1]!;
    if (next && !rule.except.includes(next)) segments[index + 1] = REDACTED;
  }
  return segments.join('/');
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = redactPath(queryAt < 0 ? url : url.slice(0, queryAt));
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is shown as sent; its value is hidden below.
      }
      const value = pair.slice(eq + 1);
      return SHOWN_QUERY.has(decoded) && !/@|%40/i.test(value) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The calling application the frame names (APP_NAME_HEADER), when it is a plain short name. */
export function appName(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[APP_NAME_HEADER.toLowerCase()];
  return typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * Fastify's default request serializer with the URL redacted, plus the calling application
 * (`app`, from APP_NAME_HEADER; other headers are not logged at all).
 */
export function logRequest(request: FastifyRequest): Record<string, unknown> {
  const app = appName(request);
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(app ? { app } : {}),
  };
}
