/**
 * Sessions across sites (identity spec §4): the shared SSO cookie and seamless sign-in.
 *
 * - The SSO cookie (`evolok_sso`, value: the session id) is set on the SSO cookie domain (or the
 *   widgets host) at login and cleared at logout; SSO refresh compares it with the local session.
 * - Seamless sign-in: after login or logout, every participating domain named in the response's
 *   SSO domains header gets an image request (`/ic/api/session/{token}/sso.gif` or
 *   `/ic/api/session/sso_logout.gif`) that sets or clears its own SSO cookie; we wait until each
 *   one loaded, failed or timed out. The token is that domain's single-use seamless sign-in token
 *   from the login answer's SSO tokens header, never the session id (login CSRF); a server that
 *   sends no tokens header gets the session id, as before.
 *
 * Browsers that partition or block third-party cookies keep this from working between unrelated
 * top-level sites unless the visitor grants storage access (see widgets/_session).
 * This module is its own chunk (vite.config.ts): only a login or logout loads it.
 */
import { foyerError, SSO_COOKIE_NAME, SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER, type FoyerError } from '@foyer/api';
import type { PageSettings } from '@foyer/protocol';

/** Resolves when the image loaded, failed or took too long: seamless sign-in never blocks forever. */
export type ImageLoader = (url: string) => Promise<void>;

/** `document.cookie`, injectable. */
export interface CookieJar {
  get(): string;
  set(cookie: string): void;
}

export interface SsoServices {
  cookies: CookieJar;
  /** `navigator.cookieEnabled`. */
  cookieEnabled: boolean;
  /** https: the cookie must be `SameSite=None; Secure` to be usable in a third-party frame. */
  secure: boolean;
  loadImage: ImageLoader;
}

/** How long one participating domain may take. */
export const SEAMLESS_TIMEOUT_MS = 5000;

export function browserSso(win: Window): SsoServices {
  const doc = win.document;
  return {
    cookies: {
      get: () => {
        try {
          return doc.cookie;
        } catch {
          return ''; // sandboxed or opaque origin: no cookies
        }
      },
      set: (cookie) => {
        try {
          doc.cookie = cookie;
        } catch {
          // Same: nothing to write to.
        }
      },
    },
    cookieEnabled: win.navigator.cookieEnabled,
    secure: win.location.protocol === 'https:',
    loadImage: (url) =>
      new Promise((resolve) => {
        const image = new (win as Window & typeof globalThis).Image();
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, SEAMLESS_TIMEOUT_MS);
        image.onload = image.onerror = done;
        image.src = url;
      }),
  };
}

export function readCookie(jar: CookieJar, name: string): string | null {
  for (const part of jar.get().split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

function writeCookie(sso: SsoServices, name: string, value: string, domain: string | undefined, maxAge?: number) {
  sso.cookies.set(
    `${name}=${encodeURIComponent(value)}; Path=/` +
      (domain ? `; Domain=${domain}` : '') +
      (maxAge === undefined ? '' : `; Max-Age=${maxAge}`) +
      (sso.secure ? '; SameSite=None; Secure' : '; SameSite=Lax'),
  );
}

/**
 * Sets (a session id) or clears (null) the SSO cookie. It lives as long as the session: a tab-only
 * session gets a browser-session cookie, a remembered one expires with the session's expiry (epoch
 * ms) — never longer, so no cookie outlives the session it names.
 */
export function writeSsoCookie(
  sso: SsoServices,
  sessionId: string | null,
  options: { domain?: string; sessionCookie?: boolean; expiry?: number; now?: number } = {},
): void {
  if (!sessionId) {
    writeCookie(sso, SSO_COOKIE_NAME, '', options.domain, 0);
    return;
  }
  // Without a known expiry, a browser-session cookie: it cannot outlive the session by days.
  if (options.sessionCookie || options.expiry === undefined) {
    writeCookie(sso, SSO_COOKIE_NAME, sessionId, options.domain);
    return;
  }
  const secondsLeft = Math.floor((options.expiry - (options.now ?? Date.now())) / 1000);
  writeCookie(sso, SSO_COOKIE_NAME, secondsLeft > 0 ? sessionId : '', options.domain, Math.max(secondsLeft, 0));
}

/**
 * The session id in the shared SSO cookie, null when there is none, or undefined when this frame
 * cannot use cookies at all (disabled, or refused to a third-party frame): then "no cookie" says
 * nothing about the session and SSO refresh must not log anybody out.
 */
export function sharedSessionId(sso: SsoServices, domain?: string): string | null | undefined {
  if (!sso.cookieEnabled) return undefined;
  const probe = `${SSO_COOKIE_NAME}_probe`;
  writeCookie(sso, probe, '1', domain);
  const usable = readCookie(sso.cookies, probe) === '1';
  writeCookie(sso, probe, '', domain, 0);
  return usable ? readCookie(sso.cookies, SSO_COOKIE_NAME) : undefined;
}

/** The participating domains, or null when the server sent no SSO domains header at all. */
export function ssoDomains(headers: Headers | undefined): string[] | null {
  const value = headers?.get(SSO_DOMAINS_HEADER);
  if (value === null || value === undefined) return null;
  return value
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
}

/** The seamless sign-in tokens, one per domain in header order, or null when the server sent none. */
export function ssoTokens(headers: Headers | undefined): string[] | null {
  const value = headers?.get(SSO_TOKENS_HEADER);
  if (value === null || value === undefined) return null;
  return value.split(',').map((token) => token.trim());
}

/** The image URL for one domain (`a.example`, or an origin `https://a.example`); null when unusable. */
export function ssoImageUrl(domain: string, sessionId: string | null, secure = true): string | null {
  let origin: string;
  try {
    origin = new URL(/^https?:\/\//.test(domain) ? domain : `${secure ? 'https' : 'http'}://${domain}`).origin;
  } catch {
    return null;
  }
  return sessionId
    ? `${origin}/ic/api/session/${encodeURIComponent(sessionId)}/sso.gif`
    : `${origin}/ic/api/session/sso_logout.gif`;
}

/**
 * Seamless sign-in (a session id) or sign-out (null) on every participating domain; resolves when
 * all finished or failed. Returns why nothing was done: 'cookies are disabled', or no SSO
 * domains header (a backend without SSO: skipped quietly).
 */
export async function seamlessSignIn(
  sso: SsoServices,
  headers: Headers | undefined,
  sessionId: string | null,
): Promise<FoyerError | null> {
  if (!sso.cookieEnabled) return foyerError('COOKIES_DISABLED');
  const domains = ssoDomains(headers);
  if (!domains) return foyerError('SEAMLESS_DOMAINS_NOT_FOUND');
  const tokens = sessionId ? ssoTokens(headers) : null;
  const urls = domains.map((domain, index) => {
    if (!sessionId || !tokens) return ssoImageUrl(domain, sessionId, sso.secure);
    // With tokens, a domain without its own token gets no request at all.
    const token = tokens[index];
    return token ? ssoImageUrl(domain, token, sso.secure) : null;
  });
  await Promise.all(urls.map((url) => (url ? sso.loadImage(url) : undefined)));
  return null;
}

/**
 * After login (a session) or logout (null): the SSO cookie, then seamless sign-in on every
 * participating domain, awaited (identity spec §4). A problem is logged, never shown: the login or
 * logout itself succeeded.
 */
export async function shareSession(
  sso: SsoServices,
  settings: Pick<PageSettings, 'enableSSOMode' | 'enableSeamlessMode' | 'ssoCookieDomain'>,
  headers: Headers | undefined,
  session: { sessionId: string; sessionCookie: boolean; expiry: number } | null,
): Promise<void> {
  if (!settings.enableSSOMode) return;
  writeSsoCookie(sso, session?.sessionId ?? null, {
    domain: settings.ssoCookieDomain,
    sessionCookie: session?.sessionCookie,
    expiry: session?.expiry,
  });
  if (!settings.enableSeamlessMode) return;
  const problem = await seamlessSignIn(sso, headers, session?.sessionId ?? null);
  if (problem?.code === 'COOKIES_DISABLED') console.warn(`Foyer: seamless sign-in skipped: ${problem.message}`);
}
