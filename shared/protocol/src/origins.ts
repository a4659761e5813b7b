/**
 * Allowed host origins use the CSP host-source syntax for one origin: `scheme://host[:port]`,
 * where the port may be `*` (any port), e.g. `http://localhost:*` or `https://news.example.com`.
 * The same list is written into the frame's CSP `frame-ancestors` by the server and turned into
 * RegExps for penpal's `allowedOrigins` by the frame, so both checks agree.
 */
const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/i;

export function isOriginPattern(value: string): boolean {
  return ORIGIN_PATTERN.test(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Converts an allowed-origin pattern to an anchored RegExp over `Location.origin` strings. */
export function originPatternToRegExp(pattern: string): RegExp {
  const match = ORIGIN_PATTERN.exec(pattern);
  if (!match) throw new Error(`Invalid allowed host origin pattern: ${pattern}`);
  const [, scheme = '', host = '', port] = match;
  const portPart = port === '*' ? '(?::\\d{1,5})?' : port ? `:${port}` : '';
  return new RegExp(`^${escapeRegExp(scheme.toLowerCase())}://${escapeRegExp(host.toLowerCase())}${portPart}$`);
}

export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => isOriginPattern(pattern) && originPatternToRegExp(pattern).test(origin));
}
