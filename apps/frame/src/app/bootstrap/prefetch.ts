/**
 * Starts the GET requests a widget is about to make while the handshake with the host page is
 * still running, so an embedded widget does not pay for the handshake and then two API round
 * trips in a row. The frame's fetch answers a matching GET from a prefetched response once
 * (a clone); a prefetch that failed falls back to a real request.
 */
import { FRAME_TOKEN_HEADER } from '@foyer/api';

export interface PrefetchingFetch {
  fetch: typeof fetch;
  /** Starts a GET of `url` with `headers`; resolves with its JSON body (or null when it failed). */
  prefetch(url: string, headers?: Record<string, string>): Promise<unknown>;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function prefetchingFetch(base: typeof fetch): PrefetchingFetch {
  const pending = new Map<string, Promise<Response>>();
  return {
    fetch: (input, init) => {
      const url = urlOf(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const prefetched = method === 'GET' ? pending.get(url) : undefined;
      if (!prefetched) return base(input, init);
      pending.delete(url);
      return prefetched.then(
        (response) => (response.ok ? response.clone() : base(input, init)),
        () => base(input, init),
      );
    },
    prefetch: (url, headers = {}) => {
      const response = base(url, { credentials: 'omit', headers: { ...headers, accept: 'application/json' } });
      pending.set(url, response);
      return response.then(
        (answer) => (answer.ok ? answer.clone().json() : null),
        () => null,
      );
    },
  };
}

/**
 * The login widget's first two calls: the service (for its authentication scheme), then the
 * scheme's login template. Same URLs as `loadLoginTemplate (ui/form/loginTemplate.ts)` builds through the shared client.
 * Given the scheme (the frame config names the served service's), both start at once.
 */
export function prefetchLogin(
  prefetcher: PrefetchingFetch,
  icDomain: string,
  serviceName: string,
  frameToken?: string,
  knownScheme?: string,
): void {
  const base = icDomain.replace(/\/$/, '');
  // The server refuses calls without the frame's token (FRAME_TOKEN_HEADER in @foyer/api).
  const headers: Record<string, string> = frameToken ? { [FRAME_TOKEN_HEADER]: frameToken } : {};
  const template = (scheme: string) =>
    void prefetcher.prefetch(`${base}/ui/template/login/${encodeURIComponent(scheme)}`, headers);
  const service = prefetcher.prefetch(`${base}/service/${encodeURIComponent(serviceName)}`, headers);
  if (knownScheme) return template(knownScheme);
  void service.then((answer) => {
    const scheme = (answer as { authenticationSchemeName?: unknown } | null)?.authenticationSchemeName;
    if (typeof scheme === 'string') template(scheme);
  });
}
