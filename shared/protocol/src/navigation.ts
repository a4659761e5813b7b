/**
 * A frame may ask the host page to navigate its top window only to an https URL or to a path on
 * the host page's own origin. Anything else (javascript:, data:, http: to another origin,
 * protocol-relative URLs) is refused. Returns the absolute URL to navigate to, or null.
 */
export function resolveTopNavigation(target: unknown, hostHref: string): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  let url: URL;
  let host: URL;
  try {
    host = new URL(hostHref);
    url = new URL(target, host);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url.href;
  const isPath = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  if (isPath && url.origin === host.origin) return url.href;
  return null;
}
