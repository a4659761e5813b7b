/**
 * What the request log may show of a URL. In the path, a route parameter's value is shown only when
 * its name is on a short list of harmless ones (service and scheme names, networks, product and
 * order ids, the account's guid); every other parameter (`key`, `id`, session ids, seamless sign-in
 * tokens, reset, activation, invitation and address-change keys) is replaced by `[redacted]`, so
 * a new route's key is hidden without anyone remembering to. A path no route matches (a 404) is
 * redacted by the most specific route pattern it would match under any method, else by the older
 * segment rules. In the query every value outside a short list of harmless ones (`ev_ss`, e-mail
 * addresses of forgot password and identifier search, keys of mailed links) is redacted. OWASP
 * Logging Cheat Sheet: never log session ids, keys or personal data.
 */
import { APP_NAME_HEADER } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters whose values are never secret nor personal. */
const SHOWN_QUERY = new Set(['serviceName', 'realm', 'realmName', 'product', 'showHidden', 'displayOn', 'segments']);

/**
 * Route parameters whose values are never secret: names of services, schemes and networks, what
 * to do, catalogue and order ids, and the account's guid (an id, not a credential). Anything else
 * (notably `key` and `id`, which is a session id or a grant's key on some routes) is redacted.
 */
export const SHOWN_PARAMS: ReadonlySet<string> = new Set([
  'serviceName',
  'service',
  'name',
  'scheme',
  'authScheme',
  'network',
  'action',
  'productId',
  'planId',
  'group',
  'orderId',
  'subscriptionId',
  'accountId',
  'guid',
  // The identifier's name (`email`), not its value; a reCAPTCHA site key is public.
  'identifierKey',
  'siteKey',
  // Static files: `/:file`.
  'file',
]);

/** `prefix/<secret>`: the segment after these is a secret, unless it is one of the named routes. */
const SECRET_SEGMENT_AFTER: readonly { segment: string; except: readonly string[] }[] = [
  { segment: 'session', except: ['sso_logout.gif'] },
  { segment: 'resetAttributeWorkflow', except: [] },
  { segment: 'userProfileActivationWorkflow', except: ['resendByIdentifiers'] },
  { segment: 'invitation', except: [] },
  { segment: 'grant', except: ['received', 'sent', 'action', 'invitation'] },
];

/** The segment rules, for paths no route pattern matches. */
function redactBySegments(path: string): string {
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

/** One segment of a route pattern: fixed text, parameters (with their names), or the `*` wildcard. */
type PatternSegment =
  { kind: 'static'; text: string } | { kind: 'params'; names: string[]; pattern: RegExp } | { kind: 'wildcard' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function parsePattern(url: string): PatternSegment[] {
  return url.split('/').map((text): PatternSegment => {
    if (text === '*') return { kind: 'wildcard' };
    if (!text.includes(':')) return { kind: 'static', text };
    const names = [...text.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    // `:id.gif`, `:a-:b`, `:id(^\\d+)`: the fixed text between parameters must match.
    const source = text
      .split(/:\w+(?:\([^)]*\))?/)
      .map(escapeRegExp)
      .join('.+?');
    return { kind: 'params', names, pattern: new RegExp(`^${source}$`) };
  });
}

/** How well a pattern matches a path (static beats parameter beats wildcard), or null. */
function matchScore(pattern: readonly PatternSegment[], segments: readonly string[]): number[] | null {
  const score: number[] = [];
  for (const [index, part] of pattern.entries()) {
    if (part.kind === 'wildcard') return index === pattern.length - 1 ? [...score, 0] : null;
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.kind === 'static') {
      if (part.text !== segment) return null;
      score.push(2);
    } else {
      if (!segment || !part.pattern.test(segment)) return null;
      score.push(1);
    }
  }
  return pattern.length === segments.length ? score : null;
}

function better(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return a[index]! > b[index]!;
  }
  return a.length > b.length;
}

/**
 * The path with every parameter segment outside SHOWN_PARAMS redacted. What a `*` wildcard
 * covers (static files, and the CORS preflight's `/ic/api/*`, which any path matches) gets the
 * segment rules.
 */
function redactByPattern(pattern: readonly PatternSegment[], segments: readonly string[]): string {
  const bySegments = redactBySegments(segments.join('/')).split('/');
  return segments
    .map((segment, index) => {
      const part = pattern[Math.min(index, pattern.length - 1)]!;
      if (part.kind === 'static') return segment;
      if (part.kind === 'wildcard') return bySegments[index]!;
      return part.names.every((name) => SHOWN_PARAMS.has(name)) ? segment : REDACTED;
    })
    .join('/');
}

/**
 * The app's routes (method and URL pattern, prefix included), gathered as they are registered:
 * the log redacts by them, and the tests walk them.
 */
export class RouteTable {
  readonly #routes: { method: string; url: string; pattern: PatternSegment[] }[] = [];
  readonly #byUrl = new Map<string, PatternSegment[]>();

  /** Records every route the app registers from now on (call before registering any). */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) this.add(String(method), route.url ?? route.path);
    });
  }

  add(method: string, url: string): void {
    const pattern = this.#byUrl.get(url) ?? parsePattern(url);
    this.#byUrl.set(url, pattern);
    this.#routes.push({ method, url, pattern });
  }

  /** Every registered route, in registration order. */
  list(): readonly { method: string; url: string }[] {
    return this.#routes.map(({ method, url }) => ({ method, url }));
  }

  /** The path redacted by its route's pattern (`routeUrl`, when routed), else by the best match. */
  redactPath(path: string, routeUrl: string | undefined): string {
    const segments = path.split('/');
    const routed = routeUrl === undefined ? undefined : (this.#byUrl.get(routeUrl) ?? parsePattern(routeUrl));
    if (routed && matchScore(routed, segments)) return redactByPattern(routed, segments);
    let best: { pattern: PatternSegment[]; score: number[] } | undefined;
    for (const pattern of this.#byUrl.values()) {
      const score = matchScore(pattern, segments);
      if (score && (!best || better(score, best.score))) best = { pattern, score };
    }
    return best ? redactByPattern(best.pattern, segments) : redactBySegments(path);
  }
}

const NO_ROUTES = new RouteTable();

/** The URL as the log may show it (`routeUrl`: the pattern of the route that answers it, if any). */
export function redactUrl(url: string, routes: RouteTable = NO_ROUTES, routeUrl?: string): string {
  const queryAt = url.indexOf('?');
  const path = routes.redactPath(queryAt < 0 ? url : url.slice(0, queryAt), routeUrl);
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
 * Fastify's default request serializer with the URL redacted by the app's routes, plus the calling
 * application (`app`, from APP_NAME_HEADER; other headers are not logged at all).
 */
export function requestSerializer(routes: RouteTable): (request: FastifyRequest) => Record<string, unknown> {
  return (request) => logRequest(request, routes);
}

export function logRequest(request: FastifyRequest, routes: RouteTable = NO_ROUTES): Record<string, unknown> {
  const app = appName(request);
  return {
    method: request.method,
    url: redactUrl(request.url, routes, request.routeOptions.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(app ? { app } : {}),
  };
}
