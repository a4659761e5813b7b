/**
 * A frame may ask the host page to navigate its top window only to an https URL, to a path on
 * the host page's own origin, or to a URL on the widgets origin (`widgetsOrigin`, the identity
 * server's social sign-in in full-redirect mode; http there on a development machine). Anything
 * else (javascript:, data:, http: to another origin, protocol-relative URLs, credentials) is
 * refused. Returns the absolute URL to navigate to, or null.
 */
export function resolveTopNavigation(target: unknown, hostHref: string, widgetsOrigin?: string): string | null {
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
  const onWidgets = url.origin === widgetsOrigin && url.protocol === 'http:' && !url.username && !url.password;
  if (onWidgets && !target.startsWith('//')) return url.href;
  const isPath = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  if (isPath && url.origin === host.origin) return url.href;
  return null;
}

/** Limits of a posted form: field count, field name length, value length (characters). */
export const MAX_FORM_FIELDS = 50;
export const MAX_FORM_FIELD_NAME = 64;
export const MAX_FORM_FIELD_VALUE = 4096;

/**
 * Checks a `postForm` request: `target` must be an https URL, or a URL on the widgets origin
 * (`widgetsOrigin`, where the reference server's stand-in payment page lives), without
 * credentials; `fields` a plain object of at most MAX_FORM_FIELDS string values with word-like
 * names. Returns the absolute URL and the fields to post, or null.
 */
export function resolveFormPost(
  target: unknown,
  fields: unknown,
  widgetsOrigin: string,
): { action: string; fields: [string, string][] } | null {
  if (typeof target !== 'string' || target.length > 2048 || !fields || typeof fields !== 'object') return null;
  if (Array.isArray(fields) || Object.getPrototypeOf(fields) !== Object.prototype) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const ownOrigin = url.origin === widgetsOrigin && /^https?:$/.test(url.protocol);
  if ((url.protocol !== 'https:' && !ownOrigin) || url.username || url.password) return null;
  const entries = Object.entries(fields);
  if (entries.length > MAX_FORM_FIELDS) return null;
  for (const [name, value] of entries) {
    if (!new RegExp(`^[\\w.-]{1,${MAX_FORM_FIELD_NAME}}$`).test(name)) return null;
    if (typeof value !== 'string' || value.length > MAX_FORM_FIELD_VALUE) return null;
  }
  return { action: url.href, fields: entries as [string, string][] };
}
